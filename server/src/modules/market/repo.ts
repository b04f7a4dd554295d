import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Tick } from '../../../../src/api/contract/realtime';
import type { Candle } from '../../../../src/api/contract/market';

type Db = Kysely<DB> | Transaction<DB>;

export interface PairSeed {
  id: string;
  symbol: string;
  name: string;
  digits: number;
  payout: number;
  min_amount: number;
  max_amount: number;
  start_price: number;
  volatility: number;
  order: number;
}

/** Adds the pairs that are not there yet; pairs already stored keep what operators set. */
export async function insertMissingPairs(db: Db, seeds: PairSeed[]): Promise<void> {
  if (!seeds.length) return;
  await db
    .insertInto('pairs')
    .values(
      seeds.map((s) => ({
        id: s.id,
        symbol: s.symbol,
        name: s.name,
        digits: s.digits,
        payout_percent: s.payout,
        min_amount_cents: Math.round(s.min_amount * 100),
        max_amount_cents: Math.round(s.max_amount * 100),
        start_price: s.start_price,
        volatility: s.volatility,
        sort_order: s.order,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

const pairColumns = ['id', 'symbol', 'name', 'digits', 'payout_percent', 'min_amount_cents', 'max_amount_cents', 'active'] as const;

export async function findPair(db: Db, pairId: string) {
  return db.selectFrom('pairs').select(pairColumns).where('id', '=', pairId).executeTakeFirst();
}
export type PairRow = NonNullable<Awaited<ReturnType<typeof findPair>>>;

/** Every pair with its latest tick (null before the first tick). */
export async function listPairsWithRate(db: Db) {
  const rows = await db
    .selectFrom('pairs')
    .leftJoinLateral(
      (eb) => eb.selectFrom('ticks').select(['ticks.id', 'ticks.t', 'ticks.v']).whereRef('ticks.pair_id', '=', 'pairs.id').orderBy('ticks.t', 'desc').orderBy('ticks.id', 'desc').limit(1).as('rate'),
      (join) => join.onTrue(),
    )
    .select(pairColumns.map((c) => `pairs.${c}` as const))
    .select(['rate.id as rate_id', 'rate.t as rate_t', 'rate.v as rate_v'])
    .orderBy('pairs.sort_order')
    .execute();
  return rows;
}

/**
 * Ticks of the pair since `since`, at most one per bucket (the bucket's last): a long window is
 * thinned to about as many points as a chart can show.
 */
export async function lineTicks(db: Db, pairId: string, since: number, bucketMs: number): Promise<Tick[]> {
  const result = await sql<Tick>`
    select id, t, v from (
      select distinct on (bucket) id, t, v from (
        select id, t, v, t / ${bucketMs}::bigint as bucket from ticks where pair_id = ${pairId} and t > ${since}
      ) bucketed
      order by bucket, t desc, id desc
    ) thinned order by t`.execute(db);
  return result.rows;
}

/** Candles of `stepMs` grouped from the minute candles, oldest first, the newest `limit` of them. */
export async function candles(db: Db, pairId: string, stepMs: number, since: number, limit: number): Promise<Candle[]> {
  const result = await sql<Candle>`
    select t, o, h, l, c from (
      select (t / ${stepMs}::bigint) * ${stepMs}::bigint as t,
        (array_agg(o order by t))[1] as o, max(h) as h, min(l) as l, (array_agg(c order by t desc))[1] as c
      from candles_1m where pair_id = ${pairId} and t >= ${since}
      group by 1 order by 1 desc limit ${limit}
    ) newest order by t`.execute(db);
  return result.rows;
}

/**
 * Candles of `stepMs` (under a minute) built from the raw ticks, oldest first, the newest `limit`
 * of them: open is the bucket's first tick, close its last (by time, then id).
 */
export async function tickCandles(db: Db, pairId: string, stepMs: number, since: number, limit: number): Promise<Candle[]> {
  const result = await sql<Candle>`
    select t, o, h, l, c from (
      select (t / ${stepMs}::bigint) * ${stepMs}::bigint as t,
        (array_agg(v order by t, id))[1] as o, max(v) as h, min(v) as l, (array_agg(v order by t desc, id desc))[1] as c
      from ticks where pair_id = ${pairId} and t >= ${since}
      group by 1 order by 1 desc limit ${limit}
    ) newest order by t`.execute(db);
  return result.rows.map((row) => ({ t: Number(row.t), o: Number(row.o), h: Number(row.h), l: Number(row.l), c: Number(row.c) }));
}
