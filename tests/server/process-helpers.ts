import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server';
import { openDatabase } from '../../server/src/db/database';
import type { DB } from '../../server/src/db/schema';
import type { Bet } from '../../src/api/contract/bets';
import type { PairListPayload } from '../../src/api/contract/market';
import { TEST_PASSWORD, XHR, cookieHeader } from './harness';
import { createPostgresDatabase } from './migrated-database';

/**
 * Real server processes for one test file: each runs on a data directory (or, with DATABASE_URL,
 * on a PostgreSQL database of the file's own) and every one still running is killed after the file.
 * `start(dataDir?)` starts one with `env` added; passing the same dataDir starts it on the same data.
 * `databaseUrl()` is that PostgreSQL database's address (undefined on PGlite), for a test that
 * opens the data itself.
 */
export function serverProcesses(env: Record<string, string> = {}) {
  const running: RunningServer[] = [];
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    if (process.env.DATABASE_URL) postgres = await createPostgresDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    for (const server of running) await server.stop('SIGKILL');
    await postgres?.drop();
  });
  async function start(dataDir?: string): Promise<RunningServer> {
    const server = await startServer({ ...env, ...(postgres ? { DATABASE_URL: postgres.url } : {}) }, dataDir);
    running.push(server);
    return server;
  }
  return {
    start,
    databaseUrl: (): string | undefined => postgres?.url,
    /**
     * After a crash: starts the server again on the killed one's data, checks it answers the
     * trader of `cookie`, lets `whileUp` watch it work when given, stops it, and opens that data
     * for the test to read (close it after).
     */
    restartAndOpen: async (killed: RunningServer, cookie: string, whileUp?: (server: RunningServer) => Promise<void>) => {
      const again = await start(killed.dataDir);
      const list = await fetch(again.url + '/api/bet/user/list?wallet_type=demo', { headers: { ...XHR, cookie } });
      expect(list.status).toBe(200);
      await whileUp?.(again);
      await again.stop('SIGTERM');
      return openDatabase({ dataDir: killed.dataDir, databaseUrl: postgres?.url });
    },
  };
}

/** A new trader signed up on a running server; answers the session's cookie header. */
export async function registerOn(server: RunningServer, email: string): Promise<string> {
  const response = await fetch(server.url + '/api/auth/register', {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true }),
  });
  expect(response.status).toBe(200);
  return cookieHeader({ headers: { 'set-cookie': response.headers.getSetCookie() } });
}

/** The id of the latest EUR/USD tick: the rate a bet opens at, and the sell-back offer it priced. */
export async function latestEurUsdTick(server: RunningServer): Promise<number> {
  const response = await fetch(server.url + '/api/pair/list', { headers: XHR });
  const body = (await response.json()) as { payload: PairListPayload };
  return body.payload.items.find((pair) => pair.id === 'eurusd')!.rate!.id;
}

/** Every claimed Idempotency-Key of these traders holds its final answer; each answered key, its bet. */
export async function expectKeysSettled(db: Kysely<DB>, userIds: number[], answered: readonly { key: string; bet: Bet }[]) {
  const keys = await db.selectFrom('idempotency_keys').select(['key', 'response']).where('user_id', 'in', userIds).execute();
  const stored = new Map(keys.map((row) => [row.key, row.response as { bet?: Bet; pending?: boolean }]));
  expect([...stored.values()].filter((response) => response.pending)).toEqual([]);
  for (const { key, bet } of answered) expect(stored.get(key)?.bet?.id).toBe(bet.id);
  return stored;
}
