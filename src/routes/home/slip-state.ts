import { useSelector } from '@xstate/react';
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
import {
  selectCurrentPair,
  selectPairsFailed,
  selectPairsLoading,
  selectPlatform,
} from '../../machines/market/market.selectors';
import { formatUsd } from '../../ui/format';
import { formatClock, formatDuration } from '../../ui/trading/format';
import { useDisconnected } from '../app-services';
import type { BetSlipRef, BetsRef, MarketRef } from './use-trading';

/** Places up or down, saying what is wrong with the order (the room's usePlaceBet). */
export type PlaceBet = (direction: 'up' | 'down') => void;

/** '30 s' for an interval, 'until 10:15' for an end time. */
function durationText(slip: BetSlipContext, t: TFunction, language: string): string {
  if (slip.mode === 'interval') return slip.interval ? formatDuration(slip.interval, language, 'short') : '';
  return slip.endTime ? t('trading.confirm.until', { time: formatClock(Date.parse(slip.endTime), language) }) : '';
}

export type SlipState = ReturnType<typeof useSlipState>;

/** Everything the slip shows, read once for both of its forms (the card and the docked bar). */
export function useSlipState(market: MarketRef, betSlip: BetSlipRef, bets: BetsRef) {
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
  const shortOfMoney =
    slip.errors.amount?.key === 'trading.slip.error.balance' || failure?.code === 'insufficient_funds';

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

/** The placed notice's text. */
export function placedText(state: SlipState, t: TFunction, language: string): string | null {
  const { placed } = state;
  if (!placed) return null;
  return t('trading.slip.placed', {
    symbol: placed.symbol,
    direction: t(`trading.direction.${placed.direction}`),
    amount: formatUsd(placed.amount, language),
  });
}
