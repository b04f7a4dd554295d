import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { backfillHistory } from '../feed/backfill';
import { createPriceSource, startFeed, type FeedHandle } from '../feed/feed';
import { pruneMarketData } from './market-retention';
import { startSettlement, type SettlementScheduler } from './settlement';
import { publishSellBackQuotes } from '../modules/bets/close-early';
import { startPriceTriggers } from './price-triggers';

const RETENTION_EVERY_MS = 3600_000;
const LEADER_RETRY_MS = 5000;
/** Any constant both nodes agree on: the key of the feed's advisory lock. */
const FEED_LOCK_KEY = 7_300_301;

/**
 * The trading background work, only with config.runJobs: the price feed (after the first start's
 * back-fill), the settler (at start, for bets a crash left open, then continuously) and the
 * retention policy, and the pending orders and price alerts the feed's ticks trigger. With
 * PostgreSQL, one node holds the feed (an advisory lock on its own connection; another node takes
 * over when it goes away); settlers run everywhere (SKIP LOCKED).
 */
export async function tradingJobs(app: FastifyInstance) {
  if (!app.config.runJobs) return;
  const { db } = app.database;
  let feed: FeedHandle | undefined;
  let settlement: SettlementScheduler | undefined;
  let leaderClient: pg.Client | undefined;
  let leaderTimer: NodeJS.Timeout | undefined;
  let retention: NodeJS.Timeout | undefined;
  let closing = false;
  const triggers = startPriceTriggers(db, { bus: app.bus, log: app.log });

  const runFeed = async () => {
    const filled = await backfillHistory(db, app.config.feedSeed, Date.now());
    if (filled.length) app.log.info({ pairs: filled.length }, 'price history back-filled');
    feed = startFeed({
      db,
      bus: app.bus,
      source: await createPriceSource(db, app.config.feedSeed, process.env.FEED_CSV),
      log: app.log,
      afterTicks: async (ticks, t) => {
        settlement?.ticksStored(t);
        triggers.onTicks(ticks);
        await publishSellBackQuotes(db, app.bus, ticks, app.config.sellBack);
      },
    });
    await feed.started;
  };

  const connectLeaderClient = async () => {
    const client = new pg.Client({ connectionString: app.config.databaseUrl });
    // Losing the connection loses the lock: stop feeding (another node takes over) and try again.
    client.on('error', (error) => {
      app.log.error({ err: error }, 'price feed lock connection lost');
      leaderClient = undefined;
      void feed?.stop();
      feed = undefined;
      scheduleLead();
    });
    await client.connect();
    return client;
  };
  const scheduleLead = () => {
    if (closing) return;
    clearTimeout(leaderTimer);
    leaderTimer = setTimeout(() => void tryLead(), LEADER_RETRY_MS);
  };
  const tryLead = async () => {
    if (closing || feed) return;
    try {
      leaderClient ??= await connectLeaderClient();
      const { rows } = await leaderClient.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [FEED_LOCK_KEY]);
      if (rows[0]?.ok) return await runFeed();
    } catch (error) {
      app.log.error({ err: error }, 'price feed leadership check failed');
    }
    scheduleLead();
  };

  app.addHook('onReady', async () => {
    if (app.database.kind === 'postgres') await tryLead();
    else await runFeed();
    settlement = startSettlement(db, { bus: app.bus, log: app.log });
    const prune = () =>
      pruneMarketData(db, Date.now()).catch((error: unknown) => app.log.error({ err: error }, 'market retention failed'));
    void prune();
    retention = setInterval(prune, RETENTION_EVERY_MS);
    retention.unref();
  });

  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(leaderTimer);
    clearInterval(retention);
    await feed?.stop();
    await triggers.stop();
    await settlement?.stop();
    await leaderClient?.end().catch(() => undefined);
  });
}
