import { translateOr } from '../../i18n';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/api/contract/envelope';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fromCents } from '../../../../src/api/contract/money';
import { projectFile } from '../../project-files';
import {
  CHART_INTERVAL_SECONDS,
  END_TIME_STEP_SECONDS,
  PURCHASE_CUTOFF_SECONDS,
  type CandleChartPayload,
  type ChartInterval,
  type LineChartPayload,
  type Pair,
  type PairListPayload,
  type Platform,
} from '../../../../src/api/contract/market';
import { ApiError } from '../../http/errors';
import * as repo from './repo';

/** What the bet slip offers: quick amounts, durations (seconds), the end-time grid and cutoff. */
export const PLATFORM: Platform = {
  inc_button: [1, 5, 10, 25, 50, 100, 500],
  intervals: [30, 60, 120, 300, 600, 900, 1800, 3600],
  end_time_step: END_TIME_STEP_SECONDS,
  purchase_cutoff: PURCHASE_CUTOFF_SECONDS,
};

/** The pairs of server/content/pairs.json, stored at every start when missing. */
export async function seedPairs(db: Kysely<DB>, file = projectFile('server/content/pairs.json')) {
  const { pairs } = JSON.parse(readFileSync(file, 'utf8')) as { pairs: repo.PairSeed[] };
  await repo.insertMissingPairs(db, pairs);
}

function toPair(row: repo.PairRow, rate: Pair['rate'], locale: Locale = DEFAULT_LOCALE): Pair {
  return {
    id: row.id,
    symbol: row.symbol,
    name: translateOr(locale, `trading.pair.name.${row.id}`, row.name),
    digits: row.digits,
    payout: row.payout_percent,
    min_amount: fromCents(row.min_amount_cents),
    max_amount: fromCents(row.max_amount_cents),
    active: row.active,
    rate,
  };
}

/** The pairs with their names in the reader's language. */
export async function pairList(db: Kysely<DB>, locale: Locale = DEFAULT_LOCALE): Promise<PairListPayload> {
  const rows = await repo.listPairsWithRate(db);
  return {
    items: rows.map((row) =>
      toPair(row, row.rate_id === null || row.rate_t === null || row.rate_v === null ? null : { id: row.rate_id, t: row.rate_t, v: row.rate_v }, locale),
    ),
    platform: PLATFORM,
  };
}

async function existingPair(db: Kysely<DB>, pairId: string) {
  const pair = await repo.findPair(db, pairId);
  if (!pair) throw new ApiError('not_found', { message: 'trading.error.pair_not_found' });
  return pair;
}

/** About this many points at most, whatever the window. */
const LINE_POINTS = 900;

export async function lineChart(db: Kysely<DB>, pairId: string, minutes: number, now = Date.now()): Promise<LineChartPayload> {
  await existingPair(db, pairId);
  const windowMs = minutes * 60_000;
  const bucketMs = Math.max(1000, Math.ceil(windowMs / LINE_POINTS / 1000) * 1000);
  return { points: await repo.lineTicks(db, pairId, now - windowMs, bucketMs) };
}

export async function candleChart(
  db: Kysely<DB>,
  pairId: string,
  interval: ChartInterval,
  limit: number,
  now = Date.now(),
): Promise<CandleChartPayload> {
  await existingPair(db, pairId);
  const stepMs = CHART_INTERVAL_SECONDS[interval] * 1000;
  const since = Math.floor(now / stepMs) * stepMs - (limit - 1) * stepMs;
  // Minute candles cannot be split: a width under a minute is grouped from the ticks themselves.
  const rows = stepMs < 60_000 ? repo.tickCandles(db, pairId, stepMs, since, limit) : repo.candles(db, pairId, stepMs, since, limit);
  return { candles: await rows };
}
