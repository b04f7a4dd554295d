import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import { Skeleton } from '../primitives/Skeleton';
import { BetsTable, DirectionMark, Empty, ProfitText, toneOf } from './BetsTable';
import type { Column } from './BetsTable';
import { digitsOfSymbol, formatCountdown, formatProfit, formatRate } from './format';
import type { OpenBetView } from './types';

export interface OpenBetsTableProps {
  bets: OpenBetView[];
  loading?: boolean;
}

/** Open bets with their countdown and their profit or loss at the latest price. */
export function OpenBetsTable({ bets, loading = false }: OpenBetsTableProps) {
  const { t, i18n } = useTranslation();
  const caption = t('trading.open.title');
  if (loading) return <Skeleton height="6rem" shape="box" />;
  if (bets.length === 0) {
    return (
      <section aria-label={caption}>
        <Empty>{t('trading.open.empty')}</Empty>
      </section>
    );
  }
  const columns: Column<OpenBetView>[] = [
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
      key: 'current',
      header: t('trading.bet.currentRate'),
      align: 'right',
      cell: (bet) => formatRate(bet.currentRate, digitsOfSymbol(bet.symbol)),
    },
    {
      key: 'profit',
      header: t('trading.bet.liveProfit'),
      align: 'right',
      cell: (bet) => (
        <ProfitText tone={toneOf(bet.liveProfit)}>
          {bet.liveProfit === null ? '—' : formatProfit(bet.liveProfit, i18n.language)}
        </ProfitText>
      ),
    },
    {
      key: 'left',
      header: t('trading.bet.timeLeft'),
      align: 'right',
      cell: (bet) => (
        <time dateTime={bet.expires_at} data-testid="bet-countdown">
          {formatCountdown(bet.secondsLeft)}
        </time>
      ),
    },
  ];
  return (
    <BetsTable
      caption={caption}
      columns={columns}
      rows={bets}
      rowKey={(bet) => bet.id}
      rowLabel={(bet) =>
        t('trading.open.row', {
          symbol: bet.symbol,
          direction: t(`trading.direction.${bet.direction}`),
          amount: formatUsd(bet.amount, i18n.language),
        })
      }
    />
  );
}
