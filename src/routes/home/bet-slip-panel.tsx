import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toCents } from '../../api/contract/money';
import { stakeError, winReturn } from '../../machines/betSlip/bet-rules';
import type { BetSlipContext } from '../../machines/betSlip/betSlip.machine';
import {
  selectCheckingLastBet,
  selectConfirming,
  selectFailure,
  selectPlaced,
  selectPlacing,
  selectSlip,
} from '../../machines/betSlip/betSlip.selectors';
import { selectBetsLoading, selectOpenBets } from '../../machines/bets/bets.selectors';
import { closeEarlyHandlers } from './bets-panel';
import {
  selectCurrentPair,
  selectPairsFailed,
  selectPairsLoading,
  selectPlatform,
} from '../../machines/market/market.selectors';
import { formatUsd } from '../../ui/format';
import { useMediaQuery } from '../../ui/hooks';
import { Button } from '../../ui/primitives/Button';
import { Card } from '../../ui/primitives/Card';
import { Checkbox, ErrorText } from '../../ui/primitives/Field';
import { Sheet } from '../../ui/primitives/Sheet';
import { Skeleton } from '../../ui/primitives/Skeleton';
import { COMPACT_QUERY, styled } from '../../ui/stitches.config';
import { AmountInput } from '../../ui/trading/AmountInput';
import { BetConfirmModal } from '../../ui/trading/BetConfirmModal';
import { EndTimeSelector } from '../../ui/trading/EndTimeSelector';
import { OpenBetsSheet } from '../../ui/trading/OpenBetsSheet';
import { PeriodSelector } from '../../ui/trading/PeriodSelector';
import { GroupLabel, SegmentedRadio } from '../../ui/trading/Segments';
import { TradeBar } from '../../ui/trading/TradeBar';
import { UpDownButtons } from '../../ui/trading/UpDownButtons';
import { formatClock, formatDuration } from '../../ui/trading/format';
import { FundsActions } from '../../ui/money/FundsActions';
import { translateMessage } from '../money/translate-message';
import { useDisconnected, useWallets } from '../app-services';
import { useNavigate } from '../shell/use-shell';
import type { BetSlipRef, BetsRef, MarketRef } from './use-trading';

/** Places up or down, saying what is wrong with the order (the room's usePlaceBet). */
type PlaceBet = (direction: 'up' | 'down') => void;

const Slip = styled(Card, { display: 'grid', gap: '$4', '@phone': { padding: '$4' } });
const TimeFields = styled('div', { display: 'grid', gap: '$4' });
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
  if (slip.mode === 'interval') return slip.interval ? formatDuration(slip.interval, language, 'short') : '';
  return slip.endTime ? t('trading.confirm.until', { time: formatClock(Date.parse(slip.endTime), language) }) : '';
}

/** A line that keeps its height while empty: an error appearing under a control moves nothing. */
const ReservedLine = styled('div', { minHeight: '1.3125rem' });
/** The slip's outcome area keeps room for one notice, so a result or refusal does not push the page. */
const Outcome = styled('div', { display: 'grid', gap: '$2', minHeight: '3rem', alignContent: 'start' });
const StatusText = styled('span', {
  variants: { tone: { success: { color: '$successText' }, danger: { color: '$dangerText' } } },
});
const SheetDone = styled('div', { display: 'flex', justifyContent: 'flex-end', marginTop: '$4' });

type SlipState = ReturnType<typeof useSlipState>;

/** Everything the slip shows, read once for both of its forms (the card and the docked bar). */
function useSlipState(market: MarketRef, betSlip: BetSlipRef, bets: BetsRef) {
  const { t, i18n } = useTranslation();
  const slip = useSelector(betSlip, selectSlip);
  const placing = useSelector(betSlip, selectPlacing);
  const confirming = useSelector(betSlip, selectConfirming);
  const placed = useSelector(betSlip, selectPlaced);
  const failure = useSelector(betSlip, selectFailure);
  const pair = useSelector(market, selectCurrentPair);
  const platform = useSelector(market, selectPlatform);
  const pairsLoading = useSelector(market, selectPairsLoading);
  const pairsFailed = useSelector(market, selectPairsFailed);
  const now = useSelector(bets, (s) => s.context.now);
  const checkingLastBet = useSelector(betSlip, selectCheckingLastBet);
  // No connection: a bet could not reach the server, so Up and Down wait with the reason.
  const offline = useDisconnected();
  // Short of money, checked here or refused by the server: offer play money or a deposit.
  const shortOfMoney = slip.errors.amount?.key === 'trading.slip.error.balance' || failure?.code === 'insufficient_funds';

  const stakeValid = stakeError(slip.amount, slip.pair, null) === null;
  const amount = stakeValid ? (toCents(slip.amount) ?? 0) / 100 : 0;
  const payout = pair?.payout ?? 0;
  const returns = stakeValid && pair ? winReturn(amount, payout) : null;
  const duration = durationText(slip, t, i18n.language);
  return {
    slip,
    placing,
    confirming,
    placed,
    failure,
    pair,
    platform,
    pairsLoading,
    pairsFailed,
    shortOfMoney,
    now,
    checkingLastBet,
    offline,
    amount,
    payout,
    returns,
    duration,
  };
}

/** Duration or end time, and the chosen one of each. */
function TimeChoice({ state, betSlip }: { state: SlipState; betSlip: BetSlipRef }) {
  const { t } = useTranslation();
  const message = translateMessage(t);
  const { slip, placing, platform, now } = state;
  return (
    <>
      <div>
        <GroupLabel id="trading-slip-mode">{t('trading.slip.mode.label')}</GroupLabel>
        <SegmentedRadio
          labelledBy="trading-slip-mode"
          options={(['interval', 'endTime'] as const).map((mode) => ({ value: mode, label: t(`trading.slip.mode.${mode}`) }))}
          value={slip.mode}
          onChange={(mode) => betSlip.send({ type: 'mode.choose', mode })}
          disabled={placing}
        />
      </div>
      {slip.mode === 'interval' ? (
        <div>
          <PeriodSelector
            intervals={platform?.intervals ?? []}
            value={slip.interval}
            onChange={(seconds) => betSlip.send({ type: 'interval.choose', seconds })}
            disabled={placing}
          />
          <ReservedLine>
            {slip.errors.time && <ErrorText>{message(slip.errors.time)}</ErrorText>}
          </ReservedLine>
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
      {/* One-click mode: on, Up and Down place at once; off, the confirmation asks first. */}
      <Checkbox
        label={t('trading.slip.one_click')}
        checked={!slip.confirmBets}
        onChange={(on) => betSlip.send({ type: 'confirm.toggle', on: !on })}
      />
    </>
  );
}

function SlipAmount({
  state,
  betSlip,
  compact,
  describedBy,
}: {
  state: SlipState;
  betSlip: BetSlipRef;
  compact?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const message = translateMessage(t);
  const { slip, placing, platform, pair } = state;
  return (
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
      compact={compact}
      describedBy={describedBy}
    />
  );
}

function SlipUpDown({ state, place }: { state: SlipState; place: PlaceBet }) {
  const { slip, placing, pair, pairsLoading, payout, returns } = state;
  return (
    <UpDownButtons
      payout={payout}
      winReturn={returns}
      placing={placing ? slip.direction : null}
      disabled={!pair || pairsLoading || state.offline}
      onPlace={place}
    />
  );
}

function SlipConfirm({ state, betSlip }: { state: SlipState; betSlip: BetSlipRef }) {
  const { slip, pair, confirming, amount, payout, duration, returns, placing } = state;
  if (!pair || !slip.direction) return null;
  return (
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
  );
}

/** "Switch to demo" (unless on demo already) and "deposit", beside an insufficient-funds message. */
function SlipFundsActions() {
  const wallets = useWallets();
  const navigate = useNavigate();
  return (
    <FundsActions
      onSwitchToDemo={wallets.current === 'demo' ? undefined : () => wallets.select('demo')}
      onDeposit={() => navigate('/deposit')}
    />
  );
}

/** The placed notice's text. */
function placedText(state: SlipState, t: TFunction, language: string): string | null {
  const { placed } = state;
  if (!placed) return null;
  return t('trading.slip.placed', {
    symbol: placed.symbol,
    direction: t(`trading.direction.${placed.direction}`),
    amount: formatUsd(placed.amount, language),
  });
}

/**
 * The bet slip: the stake, how long the bet runs (a duration or an end time), up or down with the
 * payout, the optional confirmation, and what became of the last click (placed or refused). In the
 * one-column room (under 992px) it is the trade bar docked at the bottom, with the time and the
 * open bets in sheets; from 992px a card beside the chart.
 */
export function BetSlipPanel({
  market,
  betSlip,
  bets,
  place,
}: {
  market: MarketRef;
  betSlip: BetSlipRef;
  bets: BetsRef;
  place: PlaceBet;
}) {
  const compact = useMediaQuery(COMPACT_QUERY);
  const state = useSlipState(market, betSlip, bets);
  return compact ? (
    <DockedSlip state={state} betSlip={betSlip} bets={bets} place={place} />
  ) : (
    <SlipCard state={state} betSlip={betSlip} place={place} />
  );
}

function SlipCard({ state, betSlip, place }: { state: SlipState; betSlip: BetSlipRef; place: PlaceBet }) {
  const { t, i18n } = useTranslation();
  const message = translateMessage(t);
  const { slip, failure, pair, pairsFailed, shortOfMoney } = state;
  const placed = placedText(state, t, i18n.language);
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
      <SlipAmount state={state} betSlip={betSlip} />
      {shortOfMoney && !failure && <SlipFundsActions />}
      <TimeChoice state={state} betSlip={betSlip} />
      <SlipUpDown state={state} place={place} />
      <Outcome>
        {state.offline && <StatusText tone="danger">{t('trading.slip.offline')}</StatusText>}
        {state.checkingLastBet && <StatusText>{t('trading.slip.checking')}</StatusText>}
        {slip.errors.rate && <ErrorText>{message(slip.errors.rate)}</ErrorText>}
        {/* Said by the room's live region, not by a region added with its text. */}
        {placed && <Notice tone="success">{placed}</Notice>}
        {failure && (
          <Notice tone="danger" role="alert">
            <span>
              <strong>{t('trading.slip.failed')}</strong>
              {'. '}
              {failure.message || t('trading.slip.failed.network')}
            </span>
            {shortOfMoney && <SlipFundsActions />}
            <Button variant="ghost" size="sm" onClick={() => betSlip.send({ type: 'failure.dismiss' })}>
              {t('trading.result.dismiss')}
            </Button>
          </Notice>
        )}
      </Outcome>
      <SlipConfirm state={state} betSlip={betSlip} />
    </Slip>
  );
}

/** The docked trade bar with its two sheets: the bet's time and the open bets. */
function DockedSlip({ state, betSlip, bets, place }: { state: SlipState; betSlip: BetSlipRef; bets: BetsRef; place: PlaceBet }) {
  const { t, i18n } = useTranslation();
  const message = translateMessage(t);
  const [sheet, setSheet] = useState<'time' | 'open' | null>(null);
  const opened = useSelector(bets, selectOpenBets);
  const loading = useSelector(bets, selectBetsLoading);
  const statusId = useId();
  const { slip, failure, pair, pairsFailed, shortOfMoney } = state;
  const placed = placedText(state, t, i18n.language);
  // One line, the most pressing first: a refusal, then what is wrong with the slip, then the last bet placed.
  const problem = slip.errors.amount ?? slip.errors.time ?? slip.errors.rate;
  // Short of money, the line offers the way forward; the stake's error says why (it points here).
  const status = state.offline ? (
    <StatusText tone="danger">{t('trading.slip.offline')}</StatusText>
  ) : state.checkingLastBet ? (
    <StatusText>{t('trading.slip.checking')}</StatusText>
  ) : shortOfMoney ? (
    <SlipFundsActions />
  ) : !pair && pairsFailed ? (
    <StatusText>{t('trading.slip.unavailable')}</StatusText>
  ) : failure ? (
    <StatusText tone="danger">
      <strong>{t('trading.slip.failed')}</strong>
      {'. '}
      {failure.message || t('trading.slip.failed.network')}
    </StatusText>
  ) : problem ? (
    <StatusText tone="danger">{message(problem)}</StatusText>
  ) : placed ? (
    <StatusText tone="success">{placed}</StatusText>
  ) : null;
  return (
    <>
      <TradeBar
        amount={<SlipAmount state={state} betSlip={betSlip} compact describedBy={statusId} />}
        duration={state.duration}
        actions={pair ? <SlipUpDown state={state} place={place} /> : <Skeleton height="3.25rem" shape="box" />}
        status={status}
        statusId={statusId}
        onStatusDismiss={failure ? () => betSlip.send({ type: 'failure.dismiss' }) : undefined}
        openCount={opened.length}
        onTimeOpen={() => setSheet('time')}
        onOpenBets={() => setSheet('open')}
        disabled={state.placing}
      />
      <Sheet open={sheet === 'time'} title={t('trading.bar.time.title')} onClose={() => setSheet(null)}>
        <TimeFields>
          <TimeChoice state={state} betSlip={betSlip} />
        </TimeFields>
        <SheetDone>
          <Button variant="secondary" onClick={() => setSheet(null)}>
            {t('trading.bar.time.done')}
          </Button>
        </SheetDone>
      </Sheet>
      <OpenBetsSheet open={sheet === 'open'} bets={opened} loading={loading} onClose={() => setSheet(null)} closeEarly={closeEarlyHandlers(bets)} />
      <SlipConfirm state={state} betSlip={betSlip} />
    </>
  );
}
