import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../../shared/format';
import { Button } from '../primitives/Button';
import { SelectField } from '../primitives/Field';
import { Skeleton } from '../primitives/Skeleton';
import { styled } from '../stitches.config';
import { Money, OutcomeNotice, ProblemNotice, Section, SectionTitle, StatusBadge } from './parts';
import { PAYMENT_KINDS, PAYMENT_STATUSES, type PaymentHistoryRow, type PaymentKind, type PaymentStatus } from './types';

interface FinanceFilters {
  type: PaymentKind | null;
  status: PaymentStatus | null;
}

export interface FinanceHistoryProps {
  items: readonly PaymentHistoryRow[];
  filters: FinanceFilters;
  onFiltersChange: (filters: FinanceFilters) => void;
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  loading?: boolean;
  /** Already translated: why the history could not be loaded. */
  problem?: string | null;
  onRetry?: () => void;
  /** Back to the checkout of a pending deposit; with `onCancelDeposit`, a pending deposit's row offers both. */
  onResumeDeposit?: (id: number) => void;
  onCancelDeposit?: (id: number) => void;
  /** The pending deposit being continued or cancelled: its buttons spin, the others wait. */
  depositBusyId?: number | null;
  /** Already translated: why continuing or cancelling a deposit failed. */
  depositProblem?: string | null;
  /** A deposit was just cancelled: say so. */
  depositCancelled?: boolean;
}

const Filters = styled('div', { display: 'grid', gap: '$3', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 14rem))' });

/** A table on wide screens; under 60rem each row becomes a card whose cells carry their labels. */
const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$sm',
  '& th': { textAlign: 'start', color: '$textMuted', fontWeight: '$medium', padding: '$2 $3', borderBottom: '1px solid $border' },
  '& td': { padding: '$3', borderBottom: '1px solid $border' },
  '& td[data-numeric]': { textAlign: 'end' },
  '@table': {
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block' },
    '& tr': { marginBottom: '$3', padding: '$3', backgroundColor: '$surfaceRaised', border: '1px solid $border', borderRadius: '$md' },
    // A label and its value share a line while they fit; on a 320 px phone the pending deposit's
    // two buttons go under their label instead of widening the page.
    '& td': { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '$1 $4', padding: '$1 0', border: 'none' },
    '& td[data-numeric]': { textAlign: 'start' },
    '& td::before': { content: 'attr(data-label)', color: '$textMuted' },
  },
});

const Pager = styled('nav', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '$3', flexWrap: 'wrap' });
const PageInfo = styled('span', { fontSize: '$sm', color: '$textMuted' });
const Empty = styled('p', { color: '$textMuted', padding: '$4 0' });
const RowActions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', justifyContent: 'flex-end' });

/** Deposits and withdrawals together, newest first, with type and status filters and pages. */
export function FinanceHistory({
  items,
  filters,
  onFiltersChange,
  page,
  perPage,
  total,
  onPageChange,
  loading = false,
  problem,
  onRetry,
  onResumeDeposit,
  onCancelDeposit,
  depositBusyId = null,
  depositProblem = null,
  depositCancelled = false,
}: FinanceHistoryProps) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const actionable = (item: PaymentHistoryRow) => item.type === 'deposit' && item.status === 'pending' && onResumeDeposit && onCancelDeposit;
  const withActions = items.some(actionable);
  const columns = {
    date: t('money.history.date'),
    type: t('money.history.type'),
    system: t('money.history.system'),
    amount: t('money.history.amount'),
    fee: t('money.history.fee'),
    status: t('money.history.status'),
    ...(withActions ? { actions: t('money.history.actions') } : {}),
  };
  return (
    <Section css={{ maxWidth: '$content' }} aria-labelledby="finance-history-title">
      <SectionTitle id="finance-history-title">{t('money.history.title')}</SectionTitle>
      <Filters>
        <SelectField
          label={columns.type}
          value={filters.type ?? ''}
          options={[{ value: '', label: t('money.history.all') }, ...PAYMENT_KINDS.map((kind) => ({ value: kind, label: t(`money.kind.${kind}`) }))]}
          onChange={(value) => onFiltersChange({ ...filters, type: (value || null) as PaymentKind | null })}
        />
        <SelectField
          label={columns.status}
          value={filters.status ?? ''}
          options={[{ value: '', label: t('money.history.all') }, ...PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`money.status.${status}`) }))]}
          onChange={(value) => onFiltersChange({ ...filters, status: (value || null) as PaymentStatus | null })}
        />
      </Filters>
      {depositProblem !== null && <ProblemNotice message={depositProblem} />}
      {depositCancelled && <OutcomeNotice tone="success" title={t('money.history.cancelled_done')} />}
      {problem !== undefined && problem !== null ? (
        <ProblemNotice message={problem} onRetry={onRetry} />
      ) : loading ? (
        <div aria-busy="true" aria-label={t('money.history.loading')} role="status">
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} shape="box" height="2.5rem" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <Empty>{t('money.history.empty')}</Empty>
      ) : (
        <Table>
          <thead>
            <tr>
              {Object.entries(columns).map(([key, label]) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.key} data-testid="finance-row">
                <td data-label={columns.date}>{formatShortDateTime(item.created_at, i18n.language)}</td>
                <td data-label={columns.type}>{t(`money.kind.${item.type}`)}</td>
                <td data-label={columns.system}>{item.ps_name}</td>
                <td data-label={columns.amount} data-numeric="">
                  <Money amount={item.type === 'withdrawal' ? -item.amount : item.amount} />
                </td>
                <td data-label={columns.fee} data-numeric="">
                  <Money amount={item.fee} />
                </td>
                <td data-label={columns.status}>
                  <StatusBadge status={item.status} />
                </td>
                {withActions && (
                  <td data-label={columns.actions}>
                    {actionable(item) && (
                      <RowActions>
                        <Button
                          size="sm"
                          busy={depositBusyId === item.id}
                          disabled={depositBusyId !== null}
                          aria-label={t('money.history.continue_label', { amount: item.amount })}
                          onClick={() => onResumeDeposit?.(item.id)}
                        >
                          {t('money.history.continue')}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={depositBusyId !== null}
                          aria-label={t('money.history.cancel_label', { amount: item.amount })}
                          onClick={() => onCancelDeposit?.(item.id)}
                        >
                          {t('money.history.cancel')}
                        </Button>
                      </RowActions>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pager aria-label={t('money.history.pages')}>
          <Button size="sm" variant="outline" disabled={page <= 1 || loading} onClick={() => onPageChange(page - 1)}>
            {t('money.history.previous')}
          </Button>
          <PageInfo aria-live="polite">{t('money.history.page', { page, pages })}</PageInfo>
          <Button size="sm" variant="outline" disabled={page >= pages || loading} onClick={() => onPageChange(page + 1)}>
            {t('money.history.next')}
          </Button>
        </Pager>
      )}
    </Section>
  );
}
