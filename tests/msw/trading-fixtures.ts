import { z } from 'zod';
import { betSchema } from '../../src/api/contract/bets';
import type { Bet } from '../../src/api/contract/bets';
import { CHART_INTERVAL_SECONDS, candleSchema, pairListPayloadSchema } from '../../src/api/contract/market';
import type { Candle, ChartInterval, PairListPayload } from '../../src/api/contract/market';
import { tickSchema } from '../../src/api/contract/realtime';
import type { Tick } from '../../src/api/contract/realtime';
import { mulberry32 } from '../../server/src/feed/seeded-random';
import type { Locale } from '../../src/api/contract/envelope';
import { serverText } from './locale-texts';

/**
 * Trading data shared by the msw handlers, the unit tests and the stories, parsed with the
 * contract so a drift fails at import. Prices are a seeded walk, so every run draws the same chart.
 */

/** A fixed "now" for stories and tests: 23 Nov 2026, 10:00 UTC. */
export const TRADING_NOW = Date.parse('2026-11-23T10:00:00.000Z');

/** Each pair's start price; its name is the server's (trading.pair.name.<id>) in the reader's language. */
const START_PRICES: Record<string, [symbol: string, price: number, digits: number, payout: number]> = {
  eurusd: ['EUR/USD', 1.08512, 5, 85],
  gbpusd: ['GBP/USD', 1.26104, 5, 84],
  usdjpy: ['USD/JPY', 149.512, 3, 82],
  usdchf: ['USD/CHF', 0.88213, 5, 80],
  audusd: ['AUD/USD', 0.65321, 5, 78],
  usdcad: ['USD/CAD', 1.36118, 5, 79],
  nzdusd: ['NZD/USD', 0.59874, 5, 76],
  eurgbp: ['EUR/GBP', 0.86051, 5, 75],
  eurjpy: ['EUR/JPY', 162.244, 3, 88],
  gbpjpy: ['GBP/JPY', 188.603, 3, 92],
};

/**
 * The instant of the msw feed's latest tick: the whole minute before `now`. The price history ends
 * there and a bet opens there, not at the request's millisecond: a story asks a moment after its
 * clock started (.storybook/story-clock.ts), sooner or later as the machine is loaded, and the same
 * points and bet marks at the same instants keep its chart's picture the same in every run.
 */
export const latestTickAt = (now = Date.now()) => Math.floor(now / 60_000) * 60_000;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** `count` one-second ticks of a pair ending at `end`. */
export function makeTicks(pairId: string, count: number, end = TRADING_NOW, seed = 7): Tick[] {
  const [, start, digits] = START_PRICES[pairId] ?? START_PRICES.eurusd!;
  const random = mulberry32(seed);
  let price = start;
  const ticks: Tick[] = [];
  for (let i = 0; i < count; i++) {
    price *= 1 + (random() - 0.5) * 0.0004;
    ticks.push({ id: 1_000_000 + i, t: end - (count - 1 - i) * 1000, v: round(price, digits) });
  }
  return z.array(tickSchema).parse(ticks);
}

/** `count` candles of `interval` ending with the one holding `end`. */
export function makeCandles(
  pairId: string,
  interval: ChartInterval,
  count: number,
  end = TRADING_NOW,
  seed = 11,
): Candle[] {
  const [, start, digits] = START_PRICES[pairId] ?? START_PRICES.eurusd!;
  const random = mulberry32(seed);
  const width = CHART_INTERVAL_SECONDS[interval] * 1000;
  const last = Math.floor(end / width) * width;
  const spread = 0.0006 * Math.sqrt(CHART_INTERVAL_SECONDS[interval] / 60);
  let price = start;
  const candles: Candle[] = [];
  for (let i = 0; i < count; i++) {
    const open = price;
    const close = open * (1 + (random() - 0.5) * spread);
    const high = Math.max(open, close) * (1 + random() * spread * 0.4);
    const low = Math.min(open, close) * (1 - random() * spread * 0.4);
    candles.push({
      t: last - (count - 1 - i) * width,
      o: round(open, digits),
      h: round(high, digits),
      l: round(low, digits),
      c: round(close, digits),
    });
    price = close;
  }
  return z.array(candleSchema).parse(candles);
}

/** GET /api/pair/list as the server answers a reader of `locale`: each pair named in that language. */
export const pairListIn = (locale: Locale): PairListPayload =>
  pairListPayloadSchema.parse({
    items: Object.entries(START_PRICES).map(([id, [symbol, price, digits, payout]]) => ({
      id,
      symbol,
      name: serverText(locale, `trading.pair.name.${id}`),
      digits,
      payout,
      min_amount: 1,
      max_amount: 1000,
      active: id !== 'nzdusd',
      rate: { id: 2_000_000, t: TRADING_NOW, v: round(price, digits) },
    })),
    platform: {
      inc_button: [1, 5, 10, 50, 100],
      intervals: [30, 60, 120, 300, 900, 3600],
      end_time_step: 60,
      purchase_cutoff: 30,
    },
  });
export const pairListFixture = pairListIn('ru');

export const pairViews = pairListFixture.items;

const iso = (ms: number) => new Date(ms).toISOString();

export function makeBet(overrides: Partial<Bet> = {}): Bet {
  return betSchema.parse({
    id: 501,
    wallet_type: 'demo',
    pair_id: 'eurusd',
    symbol: 'EUR/USD',
    direction: 'up',
    amount: 25,
    payout_percent: 85,
    open_rate: 1.08512,
    open_rate_id: 2_000_000,
    opened_at: iso(TRADING_NOW - 10_000),
    expires_at: iso(TRADING_NOW + 20_000),
    status: 'open',
    ...overrides,
  });
}

export const openBets: Bet[] = [
  makeBet({ id: 501 }),
  makeBet({
    id: 502,
    pair_id: 'usdjpy',
    symbol: 'USD/JPY',
    direction: 'down',
    amount: 100,
    payout_percent: 82,
    open_rate: 149.512,
    expires_at: iso(TRADING_NOW + 250_000),
  }),
];

export const closedBets: Bet[] = [
  makeBet({
    id: 490,
    status: 'won',
    close_rate: 1.08544,
    close_rate_id: 2_000_030,
    closed_at: iso(TRADING_NOW - 60_000),
    profit: 21.25,
    opened_at: iso(TRADING_NOW - 90_000),
    expires_at: iso(TRADING_NOW - 60_000),
  }),
  makeBet({
    id: 489,
    direction: 'down',
    amount: 10,
    status: 'lost',
    close_rate: 1.08533,
    close_rate_id: 2_000_020,
    closed_at: iso(TRADING_NOW - 120_000),
    profit: -10,
    opened_at: iso(TRADING_NOW - 180_000),
    expires_at: iso(TRADING_NOW - 120_000),
  }),
  makeBet({
    id: 488,
    pair_id: 'gbpusd',
    symbol: 'GBP/USD',
    amount: 5,
    status: 'refund',
    close_rate: 1.26104,
    close_rate_id: 2_000_010,
    closed_at: iso(TRADING_NOW - 300_000),
    profit: 0,
    opened_at: iso(TRADING_NOW - 330_000),
    expires_at: iso(TRADING_NOW - 300_000),
  }),
];

/** 45 settled bets for the history pages. */
export const historyBets: Bet[] = Array.from({ length: 45 }, (_, i) => {
  const won = i % 3 !== 0;
  const at = TRADING_NOW - (i + 1) * 600_000;
  return makeBet({
    id: 400 - i,
    direction: i % 2 === 0 ? 'up' : 'down',
    amount: 10 + (i % 5) * 5,
    status: won ? 'won' : 'lost',
    opened_at: iso(at - 60_000),
    expires_at: iso(at),
    closed_at: iso(at),
    close_rate: 1.0852,
    close_rate_id: 1_900_000 + i,
    profit: won ? Math.floor((10 + (i % 5) * 5) * 85) / 100 : -(10 + (i % 5) * 5),
  });
});
