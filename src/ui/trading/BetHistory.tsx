import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import { Button } from '../primitives/Button';
import { Card } from '../primitives/Card';
import { SelectField, TextField } from '../primitives/Field';
import { ErrorText } from '../primitives/Field';
import { styled } from '../stitches.config';
import { ClosedBetsTable } from './ClosedBetsTable';
import { formatProfit } from './format';
import type { BetStatus, BetView } from './types';

export interface BetHistoryFilters {
  wallet_type: '' | 'main' | 'demo' | 'tournament';
  pair_id: string;
  status: '' | BetStatus;
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}

interface WalletTotals {
  wallet_type: 'main' | 'demo' | 'tournament';
  /** Its matching bets. */
  total: number;
  staked: number;
  profit: number;
}

export interface BetHistoryProps {
  filters: BetHistoryFilters;
  onFiltersChange: (filters: BetHistoryFilters) => void;
  onApply: () => void;
  onReset: () => void;
  pairs: { id: string; symbol: string }[];
  items: BetView[];
  page: number;
  perPage: number;
  total: number;
  totals: { staked: number; returned: number; profit: number } | null;
  /**
   * Over every wallet ("All"): one line per wallet instead of the sums, which would add play money
   * to real money. Null when the history shows one wallet.
   */
  byWallet?: readonly WalletTotals[] | null;
  onPage: (page: number) => void;
  loading?: boolean;
  /** Already translated. */
  error?: string | null;
  onRetry?: () => void;
}

/**
 * Fields share each row and grow to fill it; the buttons keep their natural width and move to the
 * next row together when they do not fit beside the fields, so nothing sticks out of the card.
 */
const Filters = styled('form', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$3',
  alignItems: 'flex-end',
  '& > *': { flex: '1 1 10rem', minWidth: 0 },
});
const Totals = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: '$3',
  margin: 0,
  '& div': { padding: '$3', backgroundColor: '$surfaceRaised', borderRadius: '$md' },
  '& dt': { fontSize: '$xs', color: '$textMuted' },
  '& dd': { margin: 0, fontWeight: '$bold', fontSize: '$lg', fontVariantNumeric: 'tabular-nums' },
});
const WalletTable = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  '& caption': { textAlign: 'start', fontSize: '$sm', color: '$textMuted', paddingBottom: '$2' },
  '& th, & td': { padding: '$2 $3', textAlign: 'end', borderBottom: '1px solid $border', whiteSpace: 'nowrap' },
  '& th:first-child': { textAlign: 'start' },
  '& thead th': { fontSize: '$xs', color: '$textMuted', fontWeight: '$medium' },
  '& tbody th': { fontWeight: '$medium' },
});
const Pager = styled('nav', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  flexWrap: 'wrap',
});
const Layout = styled('div', { display: 'grid', gap: '$5' });
const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', '&&': { flex: '0 1 auto' } });

/** The bets history: filters, totals over everything the filters match, a page of bets, paging. */
export function BetHistory(props: BetHistoryProps) {
  const {
    filters,
    onFiltersChange,
    onApply,
    onReset,
    pairs,
    items,
    page,
    perPage,
    total,
    totals,
    byWallet = null,
    onPage,
    loading = false,
    error,
    onRetry,
  } = props;
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const set =
    <K extends keyof BetHistoryFilters>(key: K) =>
    (value: string) =>
      onFiltersChange({ ...filters, [key]: value as BetHistoryFilters[K] });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  const any = { value: '', label: t('trading.history.any') };
  return (
    <Layout>
      <Card>
        <Filters onSubmit={submit} aria-label={t('trading.history.filters')}>
          <SelectField
            label={t('trading.history.wallet')}
            value={filters.wallet_type}
            onChange={set('wallet_type')}
            options={[
              any,
              ...(['main', 'demo', 'tournament'] as const).map((type) => ({
                value: type,
                label: t(`trading.wallet.${type}`),
              })),
            ]}
          />
          <SelectField
            label={t('trading.bet.pair')}
            value={filters.pair_id}
            onChange={set('pair_id')}
            options={[any, ...pairs.map((pair) => ({ value: pair.id, label: pair.symbol }))]}
          />
          <SelectField
            label={t('trading.bet.status')}
            value={filters.status}
            onChange={set('status')}
            options={[
              any,
              ...(['open', 'won', 'lost', 'refund', 'closed'] as const).map((status) => ({
                value: status,
                label: t(`trading.status.${status}`),
              })),
            ]}
          />
          <TextField type="date" label={t('trading.history.from')} value={filters.from} onChange={set('from')} />
          <TextField type="date" label={t('trading.history.to')} value={filters.to} onChange={set('to')} />
          <Actions>
            <Button type="submit" variant="secondary" busy={loading}>
              {t('trading.history.apply')}
            </Button>
            <Button type="button" variant="ghost" onClick={onReset} disabled={loading}>
              {t('trading.history.reset')}
            </Button>
          </Actions>
        </Filters>
      </Card>
      {error ? (
        <div role="alert">
          <ErrorText>{error}</ErrorText>
          {onRetry && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('trading.retry')}
            </Button>
          )}
        </div>
      ) : (
        <>
          {byWallet ? (
            byWallet.length > 0 && (
              <Card css={{ overflowX: 'auto' }}>
                <WalletTable>
                  <caption>{t('trading.history.by_wallet')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('trading.history.wallet')}</th>
                      <th scope="col">{t('trading.history.count')}</th>
                      <th scope="col">{t('trading.history.staked')}</th>
                      <th scope="col">{t('trading.history.net')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {byWallet.map((line) => (
                      <tr key={line.wallet_type} data-testid="wallet-totals">
                        <th scope="row">{t(`trading.wallet.${line.wallet_type}`)}</th>
                        <td>{line.total}</td>
                        <td>{formatUsd(line.staked, i18n.language)}</td>
                        <td>{formatProfit(line.profit, i18n.language)}</td>
                      </tr>
                    ))}
                  </tbody>
                </WalletTable>
              </Card>
            )
          ) : totals && (
            <Totals aria-label={t('trading.history.totals')}>
              <div>
                <dt>{t('trading.history.count')}</dt>
                <dd>{total}</dd>
              </div>
              <div>
                <dt>{t('trading.history.staked')}</dt>
                <dd>{formatUsd(totals.staked, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('trading.history.returned')}</dt>
                <dd>{formatUsd(totals.returned, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('trading.history.profit')}</dt>
                <dd>{formatProfit(totals.profit, i18n.language)}</dd>
              </div>
            </Totals>
          )}
          <ClosedBetsTable
            bets={items}
            loading={loading}
            caption={t('trading.history.title')}
            emptyText={t('trading.history.empty')}
          />
          {pages > 1 && (
            <Pager aria-label={t('trading.history.pages')}>
              <Button variant="outline" size="sm" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
                {t('trading.history.previous')}
              </Button>
              <span aria-current="page">{t('trading.history.page', { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages || loading} onClick={() => onPage(page + 1)}>
                {t('trading.history.next')}
              </Button>
            </Pager>
          )}
        </>
      )}
    </Layout>
  );
}
