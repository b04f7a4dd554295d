import { fromCents, toCents } from '../../api/contract/money';
import type { Message } from '../money-flow/amount-rules';

export interface SlipPair {
  id: string;
  payout: number;
  min_amount: number;
  max_amount: number;
  active: boolean;
}

export interface SlipTiming {
  mode: 'interval' | 'endTime';
  /** Seconds, when mode is interval. */
  interval: number | null;
  /** ISO, when mode is endTime. */
  endTime: string | null;
  purchaseCutoff: number;
}

/** What is wrong with a stake, or null: money with at most 2 decimals within the pair's limits and the balance. */
export function stakeError(text: string, pair: SlipPair | null, balance: number | null): Message | null {
  if (text.trim() === '') return { key: 'trading.slip.error.amount_required' };
  const cents = toCents(text);
  if (cents === null || cents <= 0) return { key: 'trading.slip.error.amount_invalid' };
  if (pair) {
    const min = toCents(pair.min_amount) ?? 0;
    const max = toCents(pair.max_amount) ?? Number.MAX_SAFE_INTEGER;
    if (cents < min) return { key: 'trading.slip.error.amount_min', params: { min: fromCents(min) } };
    if (cents > max) return { key: 'trading.slip.error.amount_max', params: { max: fromCents(max) } };
  }
  if (balance !== null && cents > (toCents(balance) ?? 0)) return { key: 'trading.slip.error.balance' };
  return null;
}

/** What is wrong with the bet's duration at `now`, or null. */
export function timingError(timing: SlipTiming, now: number): Message | null {
  if (timing.mode === 'interval') return timing.interval ? null : { key: 'trading.slip.error.time_required' };
  if (!timing.endTime) return { key: 'trading.slip.error.time_required' };
  const at = Date.parse(timing.endTime);
  if (Number.isNaN(at) || at - now < timing.purchaseCutoff * 1000) {
    return { key: 'trading.slip.error.cutoff', params: { seconds: timing.purchaseCutoff } };
  }
  return null;
}

/**
 * The stake after pressing an inc button: added to a valid amount, or the button's value when the
 * field holds nothing usable; kept within the pair's limits. Works in cents so 0.1 + 0.2 is 0.30.
 */
export function incrementStake(text: string, by: number, pair: SlipPair | null): string {
  const current = toCents(text) ?? 0;
  const step = toCents(by) ?? 0;
  let next = current + step;
  if (pair) next = Math.min(Math.max(next, toCents(pair.min_amount) ?? 0), toCents(pair.max_amount) ?? next);
  return formatStake(next);
}

/** The stake after a decrement: never under the pair's minimum. */
export function decrementStake(text: string, by: number, pair: SlipPair | null): string {
  const current = toCents(text) ?? 0;
  const step = toCents(by) ?? 0;
  const min = pair ? (toCents(pair.min_amount) ?? 1) : 1;
  return formatStake(Math.max(min, current - step));
}

/** Cents as the text the amount field shows: '10', '10.5', '10.25'. */
function formatStake(cents: number): string {
  return String(fromCents(cents));
}

/** What a stake returns when it wins: stake * (1 + payout/100), rounded down to the cent (as the server does). */
export function winReturn(amount: number, payoutPercent: number): number {
  const cents = toCents(amount) ?? Math.round(amount * 100);
  return fromCents(Math.floor((cents * (100 + payoutPercent)) / 100));
}
