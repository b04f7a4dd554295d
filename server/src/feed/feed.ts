import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema';
import type { RealtimeBus } from '../realtime/bus';
import { createCsvReplaySource } from './csv-source';
import { createGbmSource } from './gbm-source';
import type { PairModel, PriceSource } from './price-source';
import { insertTicks, latestTicks, type StoredTick } from './tick-store';
import { metrics } from '../ops/metrics';

export interface FeedHandle {
  /** Settles once the first second's prices are stored, so a fresh rate exists before the server listens. */
  started: Promise<void>;
  stop(): Promise<void>;
}

/** Where each active pair's walk continues from: its last stored tick, else its start price. */
async function pairModels(db: Kysely<DB>): Promise<PairModel[]> {
  const [pairs, latest] = await Promise.all([
    db.selectFrom('pairs').select(['id', 'start_price', 'volatility', 'digits']).where('active', '=', true).orderBy('sort_order').execute(),
    latestTicks(db),
  ]);
  return pairs.map((p) => ({ id: p.id, price: latest.get(p.id)?.v ?? p.start_price, volatility: p.volatility, digits: p.digits }));
}

/** The random walk by default (seeded only with FEED_SEED); `FEED_CSV=<file>` replays recorded ticks instead. */
export async function createPriceSource(db: Kysely<DB>, seed: number | undefined, csvFile: string | undefined): Promise<PriceSource> {
  if (csvFile) return createCsvReplaySource(csvFile);
  return createGbmSource(seed, await pairModels(db));
}

/**
 * At start, then once a second, on the second: one price per pair from the source, stored in one insert (the
 * ticks are the settlement record), then published to the pair's subscribers. A failed write is
 * logged and the next second goes on; those seconds are a gap in the record, which settlement
 * treats as such.
 */
export function startFeed(deps: {
  db: Kysely<DB>;
  bus: RealtimeBus;
  source: PriceSource;
  log: FastifyBaseLogger;
  /**
   * Work on each second's stored ticks, stamped `t` (settlement, pending orders and price alerts,
   * the sell-back offers); its failure is logged, the feed goes on.
   */
  afterTicks?: (ticks: StoredTick[], t: number) => Promise<void>;
}): FeedHandle {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const beat = async () => {
    const t = Math.floor(Date.now() / 1000) * 1000;
    try {
      const ticks = await insertTicks(deps.db, t, deps.source.next(t));
      for (const tick of ticks) deps.bus.toPair(tick.pair_id, { type: 'tick', pair_id: tick.pair_id, id: tick.id, t: tick.t, v: tick.v });
      metrics.feedTick(t);
      await deps.afterTicks?.(ticks, t).catch((error: unknown) => deps.log.error({ err: error }, 'price feed: work after the ticks failed'));
    } catch (error) {
      deps.log.error({ err: error }, 'price feed: ticks not stored');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = beat().finally(schedule);
    }, 1000 - (Date.now() % 1000));
  };
  // The first beat runs at once: the latest stored tick may be minutes old (back-fill, restart).
  running = beat().finally(schedule);
  return {
    started: running,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
