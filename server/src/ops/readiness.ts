import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { readinessPayloadSchema } from '../../../src/api/contract/content';
import { okEnvelope } from '../../../src/api/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { MIGRATION_NAMES } from '../db/migrate';
import { latestTicks } from '../feed/tick-store';

/** A feed whose newest tick is older than this is not running (it ticks every second). */
const FEED_STALE_MS = 10_000;
/** What a probe that got 503 is told to wait before it asks again, in seconds. */
const RETRY_AFTER_S = 5;

type Check = 'database' | 'migrations' | 'feed';

/**
 * Readiness, apart from liveness (/api/health: the process answers and so does its database).
 * /api/ready is 200 only when the database answers, every migration this code knows is applied
 * to it, and, when this server runs the jobs, the price feed is running (on PostgreSQL the feed
 * may run on another node: the newest stored tick is what counts). Otherwise 503 with
 * Retry-After, naming what is not ready.
 */
export async function readinessRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const failing = async (): Promise<Check[]> => {
    let applied: Set<string>;
    try {
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      applied = new Set(rows.rows.map((row) => row.name));
    } catch (error) {
      // No migration table yet is a database that answers but is not migrated.
      const code = (error as { code?: string }).code;
      if (code !== '42P01') return ['database'];
      applied = new Set();
    }
    if (MIGRATION_NAMES.some((name) => !applied.has(name))) return ['migrations'];
    const problems: Check[] = [];
    if (app.config.runJobs) {
      const newest = Math.max(0, ...[...(await latestTicks(db)).values()].map((tick) => tick.t));
      if (Date.now() - newest > FEED_STALE_MS) problems.push('feed');
    }
    return problems;
  };

  app.withTypeProvider<ZodTypeProvider>().get('/api/ready', { schema: { response: { 200: okEnvelope(readinessPayloadSchema) } } }, async () => {
    const problems = await failing().catch((): Check[] => ['database']);
    if (problems.length) {
      throw new ApiError('unavailable', { message: { key: 'errors.not_ready', params: { checks: problems.join(', ') } }, retryAfter: RETRY_AFTER_S });
    }
    return ok({ status: 'ready' as const, database: true as const, migrations: true as const, feed: app.config.runJobs });
  });
}
