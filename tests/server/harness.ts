import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/database';
import { createPostgresDatabase, migratedDump, migratedPostgresTemplate } from './migrated-database';

/**
 * One database and one app per test file: PGlite in memory by default (started from the migrated
 * dump of migrated-database.ts), or, when DATABASE_URL is set, a PostgreSQL database copied for
 * the file from the migrated template of migrated-database.ts and dropped after it. Tables holding user data are emptied before each test;
 * seeded content stays.
 */
export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/** Tables that hold seeded content or schema state and survive a reset. */
const KEPT_TABLES = new Set(['kysely_migration', 'kysely_migration_lock', 'menu_items', 'articles', 'site_settings']);

export async function resetDatabase(database: Database, keep: string[] = []): Promise<void> {
  const rows = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public'`.execute(
    database.db,
  );
  const tables = rows.rows.map((r) => r.tablename).filter((t) => !KEPT_TABLES.has(t) && !keep.includes(t));
  if (tables.length) await sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`).execute(database.db);
}

export interface TestServerOptions {
  config?: Partial<Config>;
  /** Tables the reset before each test must keep (content seeded at start). */
  keep?: string[];
  /** Run the reset before each test (default true). */
  resetEachTest?: boolean;
}

/** Call at the top of a test file; the returned object is filled before the first test runs. */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  const server = {} as TestServer;
  let drop: (() => Promise<void>) | undefined;
  let ready: Promise<void> | undefined;
  const start = async () => {
    const baseUrl = process.env.DATABASE_URL;
    let databaseUrl: string | undefined;
    if (baseUrl) {
      const made = await createPostgresDatabase(baseUrl, migratedPostgresTemplate());
      databaseUrl = made.url;
      drop = made.drop;
    }
    const dump = databaseUrl ? undefined : migratedDump();
    server.database = await openDatabase({ databaseUrl, ...(dump ? { loadDataDir: dump } : {}) });
    server.config = loadConfig({}, {
      sessionSecret: 'test-secret',
      dataDir: '/nonexistent',
      databaseUrl,
      runJobs: false,
      webDist: undefined,
      dev: true,
      publicUrl: 'http://localhost',
      ...options.config,
    });
    server.app = await buildApp({ config: server.config, database: server.database, frontendVersion: () => 'test-fv' });
    await server.app.ready();
  };
  beforeEach(async () => {
    ready ??= start();
    await ready;
    if (options.resetEachTest !== false) await resetDatabase(server.database, options.keep);
    // The first call opens the database: seconds, and minutes on a machine busy with other work.
  }, 240_000);
  afterAll(async () => {
    if (!ready) return;
    await server.app.close();
    await server.database.close();
    await drop?.();
  });
  return server;
}

/** Headers the web app sends on every call. */
export const XHR = { 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'en' } as const;

/** A password that passes the rules (8-128 characters, not a common one). */
export const TEST_PASSWORD = 'Orchid-Falcon-42';

let signUpCount = 0;

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie request header. */
export function cookieHeader(response: { headers: Record<string, unknown> }, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...value] = pair.split('=');
    jar.set(name!, value.join('='));
  }
  const setCookie = response.headers['set-cookie'];
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [];
  for (const line of lines as string[]) {
    const [pair = ''] = line.split(';');
    const [name, ...value] = pair.split('=');
    const text = value.join('=');
    // A cleared cookie (empty value or expired) leaves the jar.
    if (!text || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) jar.delete(name!.trim());
    else jar.set(name!.trim(), text);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export interface SignedUp {
  /** The Cookie header of the signed-in session: pass it as `headers: { ...XHR, cookie }`. */
  cookie: string;
  email: string;
  password: string;
  userId: number;
  accountId: string;
}

/**
 * Registers a trader through POST /api/auth/register (main 0.00, demo 10000.00, tournament 0.00)
 * and answers the signed-in session's cookie. Each call without an email makes a new address.
 */
export async function signUp(app: FastifyInstance, email?: string, password = TEST_PASSWORD): Promise<SignedUp> {
  signUpCount += 1;
  const address = email ?? `trader${signUpCount}-${randomBytes(3).toString('hex')}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: XHR,
    payload: { email: address, password, password_confirmation: password, terms: true },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { account_id: string } };
  const user = await app.database.db.selectFrom('users').select('id').where('email', '=', address.toLowerCase()).executeTakeFirstOrThrow();
  return { cookie: cookieHeader(response), email: address.toLowerCase(), password, userId: user.id, accountId: body.user.account_id };
}

/** Turns an account into an operator (the back office role) and answers its session cookie. */
export async function signUpOperator(app: FastifyInstance, email?: string): Promise<SignedUp> {
  const account = await signUp(app, email);
  await app.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', account.userId).execute();
  return account;
}
