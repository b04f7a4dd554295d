import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import { Badge } from '../primitives/Badge';
import { Skeleton } from '../primitives/Skeleton';
import { BetsTable, DirectionMark, Empty, ProfitText, toneOf } from './BetsTable';
import type { Column } from './BetsTable';
import { digitsOfSymbol, formatDateTime, formatProfit, formatRate } from './format';
import type { BetStatus, BetView } from './types';

export interface ClosedBetsTableProps {
  bets: BetView[];
  loading?: boolean;
  /** Caption; the bets history page names it differently. */
  caption?: string;
  /** Already translated text shown when there are no bets. */
  emptyText?: string;
}

const STATUS_TONE: Record<BetStatus, 'success' | 'danger' | 'neutral' | 'secondary'> = {
  won: 'success',
  lost: 'danger',
  refund: 'neutral',
  open: 'secondary',
};

export function StatusBadge({ status }: { status: BetStatus }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONE[status]}>{t(`trading.status.${status}`)}</Badge>;
}

/** Settled bets: entry and exit prices, the result and the profit. */
export function ClosedBetsTable({ bets, loading = false, caption, emptyText }: ClosedBetsTableProps) {
  const { t, i18n } = useTranslation();
  const title = caption ?? t('trading.closed.title');
  if (loading) return <Skeleton height="6rem" shape="box" />;
  if (bets.length === 0) {
    return (
      <section aria-label={title}>
        <Empty>{emptyText ?? t('trading.closed.empty')}</Empty>
      </section>
    );
  }
  const columns: Column<BetView>[] = [
    { key: 'pair', header: t('trading.bet.pair'), cell: (bet) => bet.symbol },
    {
      key: 'direction',
      header: t('trading.bet.direction'),
      cell: (bet) => (
        <DirectionMark direction={bet.direction}>
          {bet.direction === 'up' ? '▲' : '▼'} {t(`trading.direction.${bet.direction}`)}
        </DirectionMark>
      ),
    },
    {
      key: 'amount',
      header: t('trading.bet.amount'),
      align: 'right',
      cell: (bet) => formatUsd(bet.amount, i18n.language),
    },
    {
      key: 'open',
      header: t('trading.bet.openRate'),
      align: 'right',
      cell: (bet) => formatRate(bet.open_rate, digitsOfSymbol(bet.symbol)),
    },
    {
      key: 'close',
      header: t('trading.bet.closeRate'),
      align: 'right',
      cell: (bet) => formatRate(bet.close_rate, digitsOfSymbol(bet.symbol)),
    },
    { key: 'opened', header: t('trading.bet.openedAt'), cell: (bet) => formatDateTime(bet.opened_at, i18n.language) },
    { key: 'status', header: t('trading.bet.status'), cell: (bet) => <StatusBadge status={bet.status} /> },
    {
      key: 'profit',
      header: t('trading.bet.profit'),
      align: 'right',
      cell: (bet) => (
        <ProfitText tone={toneOf(bet.profit)}>
          {bet.profit === undefined ? '—' : formatProfit(bet.profit, i18n.language)}
        </ProfitText>
      ),
    },
  ];
  return <BetsTable caption={title} columns={columns} rows={bets} rowKey={(bet) => bet.id} />;
}
