import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import type { Column } from './BetsTable';
import { ProfitText, toneOf } from './BetsTable';
import { BetRowsTable } from './BetRowsTable';
import { digitsOfSymbol, formatCountdown, formatProfit, formatRate } from './format';
import type { OpenBetView } from './types';

export interface OpenBetsTableProps {
  bets: OpenBetView[];
  loading?: boolean;
}

/** Open bets with their countdown and their profit or loss at the latest price. */
export function OpenBetsTable({ bets, loading = false }: OpenBetsTableProps) {
  const { t, i18n } = useTranslation();
  const columns: Column<OpenBetView>[] = [
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
    <BetRowsTable
      bets={bets}
      loading={loading}
      caption={t('trading.open.title')}
      emptyText={t('trading.open.empty')}
      columns={columns}
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
