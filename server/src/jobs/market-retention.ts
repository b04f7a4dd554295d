import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { THROTTLE_COUNTER_RETENTION_HOURS } from '../modules/auth/throttle';
import { pruneSignInHistory } from '../modules/auth/sign-in-events';

/** Raw ticks are kept this long (longer than the back-filled week and any bet's life). */
export const TICK_RETENTION_DAYS = 30;
/** Minute candles, from which every candlestick chart is drawn, are kept this long. */
const CANDLE_RETENTION_DAYS = 1000;
/** A placement's idempotency key answers retries for this long. */
const IDEMPOTENCY_RETENTION_HOURS = 24;

const DAY_MS = 86_400_000;
/** Rows deleted per statement, so a long-stopped install catches up without one huge transaction. */
const DELETE_CHUNK = 50_000;

async function deleteInChunks(run: () => Promise<bigint>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = Number(await run());
    total += deleted;
    if (deleted < DELETE_CHUNK) return total;
  }
}

/** Applies the retention policy (market data, idempotency keys, expired throttle counters, the 90-day sign-in history); returns how many rows of each kind went. */
export async function pruneMarketData(db: Kysely<DB>, now: number) {
  const tickCutoff = now - TICK_RETENTION_DAYS * DAY_MS;
  const candleCutoff = now - CANDLE_RETENTION_DAYS * DAY_MS;
  const ticks = await deleteInChunks(async () => {
    const result = await db
      .deleteFrom('ticks')
      .where('id', 'in', (eb) => eb.selectFrom('ticks').select('id').where('t', '<', tickCutoff).limit(DELETE_CHUNK))
      .executeTakeFirst();
    return result.numDeletedRows;
  });
  // Candles are few (1440 a day per pair): one statement.
  const candles = await db.deleteFrom('candles_1m').where('t', '<', candleCutoff).executeTakeFirst();
  const keys = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - IDEMPOTENCY_RETENTION_HOURS * 3600_000))
    .executeTakeFirst();
  // Every sign-in, sign-up and reset leaves a counter per account, address and device.
  const throttleCounters = await db
    .deleteFrom('throttle_counters')
    .where('window_started_at', '<', new Date(now - THROTTLE_COUNTER_RETENTION_HOURS * 3600_000))
    .executeTakeFirst();
  const signIns = await pruneSignInHistory(db, now);
  return {
    ticks,
    candles: Number(candles.numDeletedRows),
    idempotencyKeys: Number(keys.numDeletedRows),
    throttleCounters: Number(throttleCounters.numDeletedRows),
    signIns,
  };
}
