import { useTranslation } from 'react-i18next';
import type { Column } from './BetsTable';
import { ProfitText, toneOf } from './BetsTable';
import { BetRowsTable } from './BetRowsTable';
import { digitsOfSymbol, formatCountdown, formatProfit, formatRate, openBetLabel } from './format';
import type { OpenBetView } from './types';
import { CloseEarlyButton } from './CloseEarlyButton';

/** What the early-close buttons report; without them the table offers no early close. */
export interface CloseEarlyHandlers {
  onClose: (betId: number) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

export interface OpenBetsTableProps {
  bets: OpenBetView[];
  loading?: boolean;
  closeEarly?: CloseEarlyHandlers | undefined;
}

/** Open bets with their countdown and their profit or loss at the latest price. */
export function OpenBetsTable({ bets, loading = false, closeEarly }: OpenBetsTableProps) {
  const { t, i18n } = useTranslation();
  const rowLabel = (bet: OpenBetView) => openBetLabel(t, bet, i18n.language);
  const columns: Column<OpenBetView>[] = [
    {
      key: 'current',
      header: t('trading.bet.currentRate'),
      align: 'right',
      cell: (bet) => formatRate(bet.currentRate, digitsOfSymbol(bet.symbol), i18n.language),
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
  if (closeEarly) {
    columns.push({
      key: 'close',
      header: t('trading.close.header'),
      align: 'right',
      cell: (bet) => (
        <CloseEarlyButton
          {...(bet.close ?? { phase: 'unavailable', amount: null, error: null })}
          betLabel={rowLabel(bet)}
          onClose={() => closeEarly.onClose(bet.id)}
          onConfirm={closeEarly.onConfirm}
          onCancel={closeEarly.onCancel}
        />
      ),
    });
  }
  return (
    <BetRowsTable
      bets={bets}
      loading={loading}
      caption={t('trading.open.title')}
      emptyText={t('trading.open.empty')}
      columns={columns}
      rowLabel={rowLabel}
    />
  );
}
