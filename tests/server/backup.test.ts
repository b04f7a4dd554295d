import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/database';
import { settleDue } from '../../server/src/jobs/settlement';
import { loadOpsConfig } from '../../server/src/ops/config';
import { restoreDataDir } from '../../server/src/ops/backup';
import { signUp } from './harness';
import { addTick, betRequest, place, placeOk } from './trading-support';

/**
 * Backups of PGlite: through the running server (GET /admin/backup, what `npm run backup` asks
 * for), and by the command on a stopped server's data directory; each restored into a fresh data
 * directory holds every account, wallet, ledger row and bet.
 */
const BACKUP_TOKEN = 'backup-Token-51e0c2';
const made: string[] = [];
const dir = () => {
  const created = mkdtempSync(path.join(tmpdir(), 'fx-backup-'));
  made.push(created);
  return created;
};
const source = dir();
let database: Database;
let app: FastifyInstance;
let url: string;
/** The last test stops the server itself. */
let stopped = false;

beforeAll(async () => {
  database = await openDatabase({ dataDir: source });
  const config = loadConfig({}, {
    sessionSecret: 'test-secret', dataDir: source, runJobs: false, webDist: undefined, dev: true, publicUrl: 'http://localhost',
    ops: { ...loadOpsConfig({}), backupToken: BACKUP_TOKEN },
  });
  app = await buildApp({ config, database, frontendVersion: () => 'test-fv' });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
}, 240_000);
afterAll(async () => {
  if (!stopped) {
    await app?.close();
    await database?.close();
  }
  for (const created of made) rmSync(created, { recursive: true, force: true });
});

type Rows = Record<'users' | 'wallets' | 'ledger_entries' | 'bets', unknown[]>;
async function rowsOf(db: Database['db']): Promise<Rows> {
  const all = async (table: keyof Rows) => (await sql<unknown>`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows;
  return { users: await all('users'), wallets: await all('wallets'), ledger_entries: await all('ledger_entries'), bets: await all('bets') };
}

/** Opens a restored directory as the server would (its migrations are all there: nothing runs). */
async function withRestored<T>(dataDir: string, read: (db: Database['db']) => Promise<T>): Promise<T> {
  const restored = await openDatabase({ dataDir });
  try {
    return await read(restored.db);
  } finally {
    await restored.close();
  }
}

/** Every wallet's balance is the sum of its ledger, and every bet has its stake row. */
async function expectConsistent(db: Database['db']) {
  const drift = await sql`
    select w.user_id, w.wallet_type from wallets w
    left join (select user_id, wallet_type, sum(amount_cents) as s from ledger_entries group by 1, 2) l using (user_id, wallet_type)
    where w.balance_cents <> coalesce(l.s, 0)`.execute(db);
  expect(drift.rows).toEqual([]);
  const unstaked = await sql`
    select b.id from bets b where not exists (select 1 from ledger_entries e where e.kind = 'stake' and e.ref_type = 'bet' and e.ref_id = b.id::text)`.execute(db);
  expect(unstaked.rows).toEqual([]);
}

/** The command on this file's PGlite data, also in the PostgreSQL run (whose DATABASE_URL would send it to pg_dump). */
const runCli = (args: string[], env: Record<string, string>) => {
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/cli/backup.ts', ...args], { env: { ...inherited, ...env } });
};

describe('backup and restore of PGlite', () => {
  test('a dump of the running server restores, in a fresh data directory, every account, wallet, ledger row and bet', async () => {
    const db = database.db;
    const traders = [await signUp(app), await signUp(app), await signUp(app)];
    const quote = await addTick(db, 'eurusd', 1.1, Date.now() - 1000);
    await addTick(db, 'eurusd', 1.1002);
    const bets = [];
    for (const trader of traders) bets.push(await placeOk(app, trader.cookie, betRequest(quote.id, { amount: 12.5 })));
    // One bet settled: its payout or refund is a ledger row too.
    await settleDue(db, Date.parse(bets[0]!.expires_at) + 1000);
    await placeOk(app, traders[0]!.cookie, betRequest(quote.id, { direction: 'down', amount: 3 }));

    expect((await app.inject({ method: 'GET', url: '/admin/backup' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/admin/backup', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const response = await app.inject({ method: 'GET', url: '/admin/backup', headers: { authorization: `Bearer ${BACKUP_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');

    const expected = await rowsOf(db);
    expect(expected.users.length).toBeGreaterThanOrEqual(3);
    expect(expected.bets).toHaveLength(4);
    const target = dir();
    const archive = new Blob([new Uint8Array(response.rawPayload)]);
    const counts = await restoreDataDir(archive, target);
    expect(counts).toEqual({ users: expected.users.length, wallets: expected.wallets.length, ledger_entries: expected.ledger_entries.length, bets: 4 });
    expect(await withRestored(target, rowsOf)).toEqual(expected);
    // A restore never overwrites a database.
    await expect(restoreDataDir(archive, target)).rejects.toThrow(/already holds a database/);
  }, 240_000);

  test('npm run backup asks the running server while placements go on: the dump is consistent', async () => {
    const trader = await signUp(app);
    const quote = await addTick(database.db, 'eurusd', 1.1, Date.now() - 500);
    const file = path.join(dir(), 'running.tar.gz');
    const port = new URL(url).port;
    let placing = true;
    const placements = (async () => {
      let placed = 0;
      while (placing) if ((await place(app, trader.cookie, betRequest(quote.id, { amount: 1 }))).statusCode === 200) placed += 1;
      return placed;
    })();
    const { stdout } = await runCli(['backup', file], { DATA_DIR: source, PORT: port, HOST: '127.0.0.1', BACKUP_TOKEN });
    placing = false;
    expect(await placements).toBeGreaterThan(0);
    expect(stdout).toContain(`backup written: ${file}`);
    const target = dir();
    await restoreDataDir(new Blob([readFileSync(file)]), target);
    await withRestored(target, expectConsistent);
  }, 240_000);

  test('with the server stopped, npm run backup opens the data directory and npm run restore loads it', async () => {
    const expected = await rowsOf(database.db);
    stopped = true;
    await app.close();
    await database.close();
    const file = path.join(dir(), 'stopped.tar.gz');
    // Nothing answers on port 1: the command opens DATA_DIR itself.
    const env = { DATA_DIR: source, PORT: '1', HOST: '127.0.0.1' };
    expect((await runCli(['backup', file], env)).stdout).toContain(`backup written: ${file}`);
    const target = dir();
    const restored = await runCli(['restore', file], { ...env, DATA_DIR: target });
    expect(restored.stdout).toContain(`${expected.users.length} accounts, ${expected.wallets.length} wallets, ${expected.ledger_entries.length} ledger rows, ${expected.bets.length} bets`);
    expect(await withRestored(target, rowsOf)).toEqual(expected);
    await expect(runCli(['restore', file], { ...env, DATA_DIR: target })).rejects.toMatchObject({ stderr: expect.stringContaining('already holds a database') });
  }, 240_000);
});
