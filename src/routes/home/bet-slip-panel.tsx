import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toCents } from '../../api/contract/money';
import { stakeError, winReturn } from '../../machines/betSlip/bet-rules';
import type { BetSlipContext } from '../../machines/betSlip/betSlip.machine';
import {
  selectConfirming,
  selectFailure,
  selectPlaced,
  selectPlacing,
  selectSlip,
} from '../../machines/betSlip/betSlip.selectors';
import { selectCurrentPair, selectCurrentRate, selectPairsFailed, selectPairsLoading, selectPlatform } from '../../machines/market/market.selectors';
import { formatUsd } from '../../ui/format';
import { Button } from '../../ui/primitives/Button';
import { Card } from '../../ui/primitives/Card';
import { Checkbox, ErrorText } from '../../ui/primitives/Field';
import { Skeleton } from '../../ui/primitives/Skeleton';
import { styled } from '../../ui/stitches.config';
import { AmountInput } from '../../ui/trading/AmountInput';
import { BetConfirmModal } from '../../ui/trading/BetConfirmModal';
import { EndTimeSelector } from '../../ui/trading/EndTimeSelector';
import { GroupLabel, PeriodSelector, Segment, Segmented, durationLabel } from '../../ui/trading/PeriodSelector';
import { UpDownButtons } from '../../ui/trading/UpDownButtons';
import { formatClock } from '../../ui/trading/format';
import { FundsActions } from '../../ui/money/FundsActions';
import { translateMessage } from '../money/translate-message';
import { useWallets } from '../app-services';
import { useNavigate } from '../shell/use-shell';
import type { BetSlipRef, BetsRef, MarketRef } from './use-trading';

const Slip = styled(Card, { display: 'grid', gap: '$4', '@phone': { padding: '$4' } });
const Title = styled('h2', { fontSize: '$lg', fontWeight: '$bold' });
const Unavailable = styled('p', { color: '$textMuted', fontSize: '$sm' });
const Notice = styled('div', {
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '$2',
  padding: '$3',
  borderRadius: '$md',
  fontSize: '$sm',
  variants: {
    tone: {
      success: { backgroundColor: '$successSoft', color: '$successText' },
      danger: { backgroundColor: '$dangerSoft', color: '$dangerText' },
    },
  },
});

/** '30 s' for an interval, 'until 10:15' for an end time. */
function durationText(slip: BetSlipContext, t: TFunction, language: string): string {
  if (slip.mode === 'interval') return slip.interval ? durationLabel(slip.interval, t) : '';
  return slip.endTime ? t('trading.confirm.until', { time: formatClock(Date.parse(slip.endTime), language) }) : '';
}

/**
 * The bet slip: the stake, how long the bet runs (a duration or an end time), up or down with the
 * payout, the optional confirmation, and what became of the last click (placed or refused).
 */
export function BetSlipPanel({ market, betSlip, bets }: { market: MarketRef; betSlip: BetSlipRef; bets: BetsRef }) {
  const { t, i18n } = useTranslation();
  const message = translateMessage(t);
  const slip = useSelector(betSlip, selectSlip);
  const placing = useSelector(betSlip, selectPlacing);
  const confirming = useSelector(betSlip, selectConfirming);
  const placed = useSelector(betSlip, selectPlaced);
  const failure = useSelector(betSlip, selectFailure);
  const pair = useSelector(market, selectCurrentPair);
  const rate = useSelector(market, selectCurrentRate);
  const platform = useSelector(market, selectPlatform);
  const pairsLoading = useSelector(market, selectPairsLoading);
  const pairsFailed = useSelector(market, selectPairsFailed);
  const now = useSelector(bets, (s) => s.context.now);
  const wallets = useWallets();
  const navigate = useNavigate();
  // Short of money, checked here or refused by the server: offer play money or a deposit.
  const shortOfMoney = slip.errors.amount?.key === 'trading.slip.error.balance' || failure?.code === 'insufficient_funds';

  const stakeValid = stakeError(slip.amount, slip.pair, null) === null;
  const amount = stakeValid ? (toCents(slip.amount) ?? 0) / 100 : 0;
  const payout = pair?.payout ?? 0;
  const returns = stakeValid && pair ? winReturn(amount, payout) : null;
  const duration = durationText(slip, t, i18n.language);

  if (!pair) {
    // No pair yet: no limits, payout or return to show. Blocks of the slip's size while the pairs
    // load; when they failed, only a word here (the chart holds the error and its retry).
    return (
      <Slip as="section" aria-labelledby="trading-slip-title" aria-busy={!pairsFailed || undefined}>
        <Title id="trading-slip-title">{t('trading.slip.title')}</Title>
        {pairsFailed ? (
          <Unavailable>{t('trading.slip.unavailable')}</Unavailable>
        ) : (
          <>
            <Skeleton height="4.5rem" shape="box" />
            <Skeleton height="2.5rem" shape="box" />
            <Skeleton height="2.5rem" shape="box" />
            <Skeleton height="3.75rem" shape="box" />
          </>
        )}
      </Slip>
    );
  }

  return (
    <Slip as="section" aria-labelledby="trading-slip-title">
      <Title id="trading-slip-title">{t('trading.slip.title')}</Title>
      <AmountInput
        value={slip.amount}
        onChange={(value) => betSlip.send({ type: 'amount.change', value })}
        incButtons={platform?.inc_button ?? []}
        onIncrement={(by) => betSlip.send({ type: 'amount.inc', by })}
        onDecrement={(by) => betSlip.send({ type: 'amount.dec', by })}
        min={pair?.min_amount ?? 0}
        max={pair?.max_amount ?? 0}
        error={slip.errors.amount ? message(slip.errors.amount) : undefined}
        disabled={placing}
      />
      {shortOfMoney && !failure && (
        <FundsActions
          onSwitchToDemo={wallets.current === 'demo' ? undefined : () => wallets.select('demo')}
          onDeposit={() => navigate('/deposit')}
        />
      )}
      <div role="group" aria-labelledby="trading-slip-mode">
        <GroupLabel id="trading-slip-mode">{t('trading.slip.mode.label')}</GroupLabel>
        <Segmented>
          {(['interval', 'endTime'] as const).map((mode) => (
            <Segment
              key={mode}
              type="button"
              aria-pressed={slip.mode === mode}
              disabled={placing}
              onClick={() => betSlip.send({ type: 'mode.choose', mode })}
            >
              {t(`trading.slip.mode.${mode}`)}
            </Segment>
          ))}
        </Segmented>
      </div>
      {slip.mode === 'interval' ? (
        <div>
          <PeriodSelector
            intervals={platform?.intervals ?? []}
            value={slip.interval}
            onChange={(seconds) => betSlip.send({ type: 'interval.choose', seconds })}
            disabled={placing}
          />
          {slip.errors.time && <ErrorText role="alert">{message(slip.errors.time)}</ErrorText>}
        </div>
      ) : (
        <EndTimeSelector
          now={now}
          step={platform?.end_time_step ?? 60}
          cutoff={platform?.purchase_cutoff ?? 30}
          value={slip.endTime}
          onChange={(endTime) => betSlip.send({ type: 'endTime.choose', endTime })}
          disabled={placing}
          error={slip.errors.time ? message(slip.errors.time) : undefined}
        />
      )}
      <Checkbox
        label={t('trading.slip.confirm')}
        checked={slip.confirmBets}
        onChange={(on) => betSlip.send({ type: 'confirm.toggle', on })}
      />
      <UpDownButtons
        payout={payout}
        winReturn={returns}
        placing={placing ? slip.direction : null}
        disabled={!pair || pairsLoading}
        onPlace={(direction) => betSlip.send({ type: 'bet.place', direction, rateId: rate?.id ?? null })}
      />
      {slip.errors.rate && <ErrorText role="alert">{message(slip.errors.rate)}</ErrorText>}
      {placed && (
        <Notice tone="success" role="status">
          {t('trading.slip.placed', {
            symbol: placed.symbol,
            direction: t(`trading.direction.${placed.direction}`),
            amount: formatUsd(placed.amount, i18n.language),
          })}
        </Notice>
      )}
      {failure && (
        <Notice tone="danger" role="alert">
          <span>
            <strong>{t('trading.slip.failed')}</strong>
            {'. '}
            {failure.message || t('trading.slip.failed.network')}
          </span>
          {shortOfMoney && (
            <FundsActions
              onSwitchToDemo={wallets.current === 'demo' ? undefined : () => wallets.select('demo')}
              onDeposit={() => navigate('/deposit')}
            />
          )}
          <Button variant="ghost" size="sm" onClick={() => betSlip.send({ type: 'failure.dismiss' })}>
            {t('trading.result.dismiss')}
          </Button>
        </Notice>
      )}
      {pair && slip.direction && (
        <BetConfirmModal
          open={confirming}
          symbol={pair.symbol}
          direction={slip.direction}
          amount={amount}
          payout={payout}
          duration={duration}
          winReturn={returns ?? 0}
          onConfirm={() => betSlip.send({ type: 'bet.confirm' })}
          onCancel={() => betSlip.send({ type: 'bet.cancel' })}
          busy={placing}
        />
      )}
    </Slip>
  );
}
