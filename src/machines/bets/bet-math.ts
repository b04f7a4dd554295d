import type { Bet } from '../../api/contract/bets';
import { winReturn } from '../betSlip/bet-rules';

/**
 * What an open bet would make if it closed at `rate`: the winnings when the price moved its way,
 * minus the stake when it moved against it, nothing on a tie (refund).
 */
export function liveProfit(
  bet: Pick<Bet, 'direction' | 'amount' | 'payout_percent' | 'open_rate'>,
  rate: number | undefined,
): number | null {
  if (rate === undefined) return null;
  if (rate === bet.open_rate) return 0;
  const winning = bet.direction === 'up' ? rate > bet.open_rate : rate < bet.open_rate;
  return winning ? Math.round((winReturn(bet.amount, bet.payout_percent) - bet.amount) * 100) / 100 : -bet.amount;
}

/** Whole seconds left until the bet expires, never negative. */
export function secondsLeft(bet: Pick<Bet, 'expires_at'>, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(bet.expires_at) - now) / 1000));
}

export type TradingSound = 'deal-open' | 'profit-close' | 'loss-close';

/** The sound a settled bet plays: a win rings, a loss sounds low, a refund is silent. */
export function closingSound(bet: Pick<Bet, 'status'>): TradingSound | null {
  if (bet.status === 'won') return 'profit-close';
  if (bet.status === 'lost') return 'loss-close';
  return null;
}
