import { useTranslation } from 'react-i18next';
import { Badge } from '../primitives/Badge';
import { MEANING_TOKEN, STATUS_MEANING } from '../status-meaning';
import type { Column } from './BetsTable';
import { ProfitText, toneOf } from './BetsTable';
import { BetRowsTable } from './BetRowsTable';
import { digitsOfSymbol, formatDateTime, formatProfit, formatRate } from './format';
import type { BetStatus, BetView } from './types';
import { styled } from '../stitches.config';

export interface ClosedBetsTableProps {
  bets: BetView[];
  loading?: boolean;
  /** Caption; the bets history page names it differently. */
  caption?: string;
  /** Already translated text shown when there are no bets. */
  emptyText?: string;
}

/** When a bet closed early was sold, under its badge. */
const ClosedAt = styled('time', { display: 'block', fontSize: '$xs', color: '$text', marginTop: '$1' });

function StatusBadge({ status }: { status: BetStatus }) {
  const { t } = useTranslation();
  return <Badge tone={MEANING_TOKEN[STATUS_MEANING.bet[status]]}>{t(`trading.status.${status}`)}</Badge>;
}

/** Settled bets: entry and exit prices, the result and the profit. */
export function ClosedBetsTable({ bets, loading = false, caption, emptyText }: ClosedBetsTableProps) {
  const { t, i18n } = useTranslation();
  const columns: Column<BetView>[] = [
    {
      key: 'close',
      header: t('trading.bet.closeRate'),
      align: 'right',
      cell: (bet) => formatRate(bet.close_rate, digitsOfSymbol(bet.symbol), i18n.language),
    },
    { key: 'opened', header: t('trading.bet.openedAt'), cell: (bet) => formatDateTime(bet.opened_at, i18n.language) },
    {
      key: 'status',
      header: t('trading.bet.status'),
      cell: (bet) => (
        <>
          <StatusBadge status={bet.status} />
          {bet.status === 'closed' && bet.closed_at && (
            <ClosedAt dateTime={bet.closed_at}>{t('trading.status.closed_at', { time: formatDateTime(bet.closed_at, i18n.language) })}</ClosedAt>
          )}
        </>
      ),
    },
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
  return (
    <BetRowsTable
      bets={bets}
      loading={loading}
      caption={caption ?? t('trading.closed.title')}
      emptyText={emptyText ?? t('trading.closed.empty')}
      columns={columns}
    />
  );
}
