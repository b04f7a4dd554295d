import { SECONDS_PER_YEAR } from '../../feed/gbm-source';
import { winningsCents } from '../risk/placement';

/**
 * The sell-back price of an open bet: what it is worth now under the feed's own model (the
 * driftless geometric Brownian motion of feed/gbm-source.ts, stepped once a second, each price
 * rounded to the pair's digits), less the house's margin, never above what the bet pays when it
 * wins and never below zero. Pure: the same bet, tick and settings always give the same cents, so
 * the server prices a quote again from its tick when it is taken.
 */

/** What pricing needs of a bet: its row's own columns. */
export interface PricedBet {
  direction: 'up' | 'down';
  amount_cents: number;
  payout_percent: number;
  open_rate: number;
  /** Epoch milliseconds. */
  expires_at: number;
}

/** What pricing needs of the bet's pair. */
export interface PricedPair {
  /** Annualized, as the feed walks it (0.07 = 7 %). */
  volatility: number;
  digits: number;
}

export interface SellBackSettings {
  /** CLOSE_EARLY_MARGIN: percent of the fair value the house keeps. */
  marginPercent: number;
  /** CLOSE_EARLY_CUTOFF: no offer in the last seconds of a bet's life. */
  cutoffSeconds: number;
}

export const DEFAULT_SELL_BACK: SellBackSettings = { marginPercent: 5, cutoffSeconds: 10 };

/** The standard normal distribution function: Hart's (1968) rational approximation as given by G. West (2005), double precision. */
export function normalCdf(x: number): number {
  const z = Math.abs(x);
  if (z > 37) return x > 0 ? 1 : 0;
  const e = Math.exp(-0.5 * z * z);
  let tail: number;
  if (z < 7.07106781186547) {
    const num = ((((((0.0352624965998911 * z + 0.700383064443688) * z + 6.37396220353165) * z + 33.912866078383) * z + 112.079291497871) * z + 221.213596169931) * z + 220.206867912376);
    const den = (((((((0.0883883476483184 * z + 1.75566716318264) * z + 16.064177579207) * z + 86.7807322029461) * z + 296.564248779674) * z + 637.333633378831) * z + 793.826512519948) * z + 440.413735824752);
    tail = (e * num) / den;
  } else {
    tail = e / (z + 1 / (z + 2 / (z + 3 / (z + 4 / (z + 0.65))))) / 2.506628274631;
  }
  return x > 0 ? 1 - tail : tail;
}

/** The feed steps its walk on each whole second: the steps left from a tick at `t` up to the expiry, both in epoch ms. */
const stepsLeft = (t: number, expiresAt: number) => Math.max(0, Math.floor(expiresAt / 1000) - Math.floor(t / 1000));

/**
 * P(S_T > level) for the driftless walk from `price` after `steps` one-second steps:
 * ln S_T ~ N(ln S - sigma^2 tau / 2, sigma^2 tau), the d2 of Black-Scholes with r = 0.
 */
function chanceAbove(price: number, level: number, volatility: number, steps: number): number {
  if (level <= 0) return 1;
  const spread = volatility * Math.sqrt(steps / SECONDS_PER_YEAR);
  if (spread === 0) return price > level ? 1 : 0;
  return normalCdf((Math.log(price / level) - (spread * spread) / 2) / spread);
}

/**
 * The bet's fair value in cents (unrounded) at `price` with `steps` feed steps left. Settlement
 * compares the exit price rounded to the pair's digits with the entry: an up bet wins when the
 * unrounded exit is at least half a digit above the entry, and a tie (within half a digit) refunds
 * the stake. So, with stake A and the win W = A(1 + p):
 *   up:   W * N(d2 at entry + h/2) + A * (N(d2 at entry - h/2) - N(d2 at entry + h/2))
 *   down: W * (1 - N(d2 at entry - h/2)) + the same tie term.
 */
export function fairValueCents(bet: PricedBet, pair: PricedPair, price: number, steps: number): number {
  const half = 0.5 * 10 ** -pair.digits;
  const aboveHigh = chanceAbove(price, bet.open_rate + half, pair.volatility, steps);
  const aboveLow = chanceAbove(price, bet.open_rate - half, pair.volatility, steps);
  const win = bet.amount_cents + winningsCents(bet.amount_cents, bet.payout_percent);
  const winChance = bet.direction === 'up' ? aboveHigh : 1 - aboveLow;
  return win * winChance + bet.amount_cents * (aboveLow - aboveHigh);
}

/**
 * The offer for the bet from a tick (`price` at `t`, epoch ms): the fair value less the margin,
 * rounded down to the cent, at most the win, at least 0; null once the cutoff before expiry has
 * come (no offer is made then).
 */
export function sellBackCents(bet: PricedBet, pair: PricedPair, price: number, t: number, settings: SellBackSettings): number | null {
  if (t > bet.expires_at - settings.cutoffSeconds * 1000) return null;
  const fair = fairValueCents(bet, pair, price, stepsLeft(t, bet.expires_at));
  const win = bet.amount_cents + winningsCents(bet.amount_cents, bet.payout_percent);
  return Math.max(0, Math.min(win, Math.floor(fair * (1 - settings.marginPercent / 100))));
}
