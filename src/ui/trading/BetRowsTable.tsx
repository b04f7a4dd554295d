import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import { Skeleton } from '../primitives/Skeleton';
import { BetsTable, DirectionMark, Empty } from './BetsTable';
import type { Column } from './BetsTable';
import { digitsOfSymbol, formatRate } from './format';
import type { BetView } from './types';

export interface BetRowsTableProps<Bet extends BetView> {
  bets: Bet[];
  loading: boolean;
  caption: string;
  /** Already translated text shown when there are no bets. */
  emptyText: string;
  /** The columns after the ones every bet has (pair, direction, amount, entry price). */
  columns: Column<Bet>[];
  rowLabel?: (bet: Bet) => string;
}

/**
 * The open and the settled bets tables: a placeholder while loading, the empty text, or a table
 * (cards on narrow screens) that starts with what a bet was placed with.
 */
export function BetRowsTable<Bet extends BetView>({
  bets,
  loading,
  caption,
  emptyText,
  columns,
  rowLabel,
}: BetRowsTableProps<Bet>) {
  const { t, i18n } = useTranslation();
  if (loading) {
    // The empty line's own box: an account without bets (every new one) sees nothing move when
    // the list arrives, and a list with bets grows below, never above, what is on screen.
    return (
      <Empty aria-busy="true">
        <Skeleton height="1lh" width="60%" />
      </Empty>
    );
  }
  if (bets.length === 0) {
    return (
      <section aria-label={caption}>
        <Empty>{emptyText}</Empty>
      </section>
    );
  }
  const placedWith: Column<Bet>[] = [
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
      cell: (bet) => formatRate(bet.open_rate, digitsOfSymbol(bet.symbol), i18n.language),
    },
  ];
  return (
    <BetsTable
      caption={caption}
      columns={[...placedWith, ...columns]}
      rows={bets}
      rowKey={(bet) => bet.id}
      rowLabel={rowLabel}
    />
  );
}
