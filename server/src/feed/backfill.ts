import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { GbmWalk } from './gbm-source';
import { roundTo, type PairModel } from './price-source';
import { insertHistory, type MinuteBar } from './tick-store';

const BACKFILL_DAYS = 7;

/**
 * The minute bars of `days` of simulated history ending at the minute before `now`: the walk is
 * stepped every second, as the live feed does, and each minute keeps its open, high, low, close.
 * Without a seed the history is drawn from the CSPRNG too: it tells nothing about the live walk.
 */
export function simulateHistory(seed: number | undefined, pair: PairModel, now: number, days = BACKFILL_DAYS): MinuteBar[] {
  const walk = new GbmWalk(seed, pair);
  const end = Math.floor(now / 60_000) * 60_000;
  const minutes = days * 24 * 60;
  const bars: MinuteBar[] = new Array(minutes);
  let price = pair.price;
  for (let i = 0; i < minutes; i++) {
    const open = price;
    let high = open;
    let low = open;
    for (let s = 0; s < 60; s++) {
      price = walk.step();
      if (price > high) high = price;
      if (price < low) low = price;
    }
    bars[i] = {
      t: end - (minutes - i) * 60_000,
      o: roundTo(open, pair.digits),
      h: roundTo(high, pair.digits),
      l: roundTo(low, pair.digits),
      c: roundTo(price, pair.digits),
    };
  }
  return bars;
}

/**
 * At the first start (no tick at all for a pair) fills its chart with a week of minute history so
 * charts are never empty. Returns the pairs it filled.
 */
export async function backfillHistory(db: Kysely<DB>, seed: number | undefined, now: number): Promise<string[]> {
  const pairs = await db
    .selectFrom('pairs')
    .select(['id', 'start_price', 'volatility', 'digits'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ticks').select('ticks.id').whereRef('ticks.pair_id', '=', 'pairs.id'))),
    )
    .execute();
  for (const pair of pairs) {
    const model = { id: pair.id, price: pair.start_price, volatility: pair.volatility, digits: pair.digits };
    await insertHistory(db, pair.id, simulateHistory(seed, model, now));
  }
  return pairs.map((p) => p.id);
}
