import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Tick } from '../../../src/api/contract/realtime';
import type { PricePoint } from './price-source';

export interface StoredTick extends Tick {
  pair_id: string;
}

/**
 * Stores one second of prices for all pairs in one statement: the ticks, and the minute candle of
 * each pair moved along (opened by its first tick, widened, closed by its last).
 */
export async function insertTicks(db: Kysely<DB>, t: number, points: PricePoint[]): Promise<StoredTick[]> {
  if (!points.length) return [];
  const pairIds = points.map((p) => p.pairId);
  const values = points.map((p) => p.v);
  const result = await sql<StoredTick>`
    with inserted as (
      insert into ticks (pair_id, t, v)
      select pair_id, ${t}::bigint, v from unnest(${pairIds}::text[], ${values}::float8[]) as p(pair_id, v)
      returning id, pair_id, t, v
    ), candles as (
      insert into candles_1m (pair_id, t, o, h, l, c)
      select pair_id, (t / 60000) * 60000, v, v, v, v from inserted
      on conflict (pair_id, t) do update
        set h = greatest(candles_1m.h, excluded.h), l = least(candles_1m.l, excluded.l), c = excluded.c
    )
    select id, pair_id, t, v from inserted`.execute(db);
  return result.rows;
}

/** The newest tick of each pair (where a restarted feed continues from). */
export async function latestTicks(db: Kysely<DB>): Promise<Map<string, StoredTick>> {
  const result = await sql<StoredTick>`
    select p.id as pair_id, last.id, last.t, last.v from pairs p
    cross join lateral (select id, t, v from ticks where ticks.pair_id = p.id order by t desc, id desc limit 1) last`.execute(db);
  return new Map(result.rows.map((row) => [row.pair_id, row]));
}

export interface MinuteBar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

const INSERT_CHUNK = 20_000;

/**
 * Stores back-filled history of one pair: its minute candles, and one tick per minute at the
 * minute's last second with the close, so line charts and candles agree.
 */
export async function insertHistory(db: Kysely<DB>, pairId: string, bars: MinuteBar[]): Promise<void> {
  for (let start = 0; start < bars.length; start += INSERT_CHUNK) {
    const chunk = bars.slice(start, start + INSERT_CHUNK);
    const column = <K extends keyof MinuteBar>(key: K) => chunk.map((bar) => bar[key]);
    await sql`
      insert into candles_1m (pair_id, t, o, h, l, c)
      select ${pairId}, * from unnest(${column('t')}::bigint[], ${column('o')}::float8[], ${column('h')}::float8[],
        ${column('l')}::float8[], ${column('c')}::float8[])
      on conflict (pair_id, t) do nothing`.execute(db);
    await sql`
      insert into ticks (pair_id, t, v)
      select ${pairId}, t + 59000, c from unnest(${column('t')}::bigint[], ${column('c')}::float8[]) as b(t, c)`.execute(db);
  }
}
