import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/database';
import { createMigrator, MIGRATION_NAMES, migrateToLatest } from '../../server/src/db/migrate';
import { loadOpsConfig, type PressureConfig } from '../../server/src/ops/config';
import ru from '../../server/content/locales/ru/errors.json';
import { serverProcesses } from './process-helpers';

/**
 * Liveness (/api/health) and readiness (/api/ready) apart, and load shedding. One in-memory PGlite
 * for the file, migrated only halfway at first: the readiness of a server whose migrations have
 * not finished.
 */
let database: Database;
const apps: FastifyInstance[] = [];
const config = (overrides: Partial<Config> = {}) =>
  loadConfig({}, { sessionSecret: 'test-secret', dataDir: '/nonexistent', runJobs: false, webDist: undefined, dev: true, publicUrl: 'http://localhost', ...overrides });

async function appWith(overrides: Partial<Config> = {}) {
  const app = await buildApp({ config: config(overrides), database, frontendVersion: () => 'test-fv' });
  apps.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await openDatabase({ migrate: false });
  const last = MIGRATION_NAMES.at(-1)!;
  const { error } = await createMigrator(database.db).migrateTo(MIGRATION_NAMES.at(-2)!);
  if (error) throw error;
  expect(MIGRATION_NAMES).toContain(last);
}, 240_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

describe('/api/ready and /api/health', () => {
  test('readiness is 503 before the migrations finish, and 200 after; liveness answers throughout', async () => {
    const app = await appWith();
    const before = await app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
    expect(before.statusCode).toBe(503);
    expect(before.headers['retry-after']).toBe('5');
    expect(before.json()).toMatchObject({ status: 'error', payload: { code: 'unavailable', message: 'Not ready yet: migrations', retry_after: 5 } });
    const inRussian = await app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'ru' } });
    expect(inRussian.json().payload.message).toBe(ru['errors.not_ready'].replace('{{checks}}', 'migrations'));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await migrateToLatest(database.db);
    const after = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json().payload).toEqual({ status: 'ready', database: true, migrations: true, feed: false });
  });

  test('a database that does not answer is not ready, and not alive', async () => {
    const other = await openDatabase({});
    const app = await buildApp({ config: config(), database: other, frontendVersion: () => 'test-fv' });
    apps.push(app);
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await other.close();
    const ready = await app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().payload.message).toBe('Not ready yet: database');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(500);
  });
});

const pressure = (limits: Partial<PressureConfig>): Partial<Config> => ({
  ops: { ...loadOpsConfig({}), pressure: { ...loadOpsConfig({}).pressure, ...limits } },
});

describe('under pressure', () => {
  test('over a limit, requests are shed with 503, Retry-After and the translated envelope; liveness still answers', async () => {
    const app = await appWith(pressure({ maxHeapUsedBytes: 1, sampleIntervalMs: 10, retryAfterSeconds: 7 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const shed = await app.inject({ method: 'GET', url: '/api/content/menu', headers: { 'accept-language': 'ru' } });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.json()).toMatchObject({ status: 'error', payload: { code: 'unavailable', message: ru['errors.unavailable'], retry_after: 7 } });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  test('a blocked event loop sheds the requests that come after it; without limits nothing is shed', async () => {
    const app = await appWith(pressure({ maxEventLoopDelayMs: 10, sampleIntervalMs: 1000 }));
    const calm = await appWith();
    const end = Date.now() + 1500;
    while (Date.now() < end); // the event loop is blocked: no timer, no I/O
    await new Promise((resolve) => setTimeout(resolve, 20));
    const shed = await app.inject({ method: 'GET', url: '/api/content/menu' });
    expect(shed.statusCode).toBe(503);
    expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
    expect((await calm.inject({ method: 'GET', url: '/api/content/menu' })).statusCode).toBe(200);
  });
});

/** A port free a moment ago (the process below needs a fixed one: port 0 has nothing to hold). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
const port = await freePort();
const processes = serverProcesses({ PORT: String(port) });

describe('the server process', () => {
  test('its port answers 503 "not ready" while it migrates and starts, then /api/ready is 200 with the feed running', async () => {
    const started = processes.start();
    let starting: Response | undefined;
    let up = false;
    void started.then(() => (up = true), () => (up = true));
    // Until the process prints where it listens, its port either refuses (not bound yet) or answers 503.
    while (!up && !starting) {
      starting = await fetch(`http://127.0.0.1:${port}/api/ready`, { headers: { 'accept-language': 'en' } }).catch(() => undefined);
      if (!starting) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const server = await started;
    expect(starting, 'the port answered before the server was ready').toBeDefined();
    expect(starting!.status).toBe(503);
    expect(starting!.headers.get('retry-after')).toBe('5');
    expect(await starting!.json()).toMatchObject({ status: 'error', payload: { code: 'unavailable', message: 'Not ready yet: starting' } });

    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { payload: unknown }).payload).toEqual({ status: 'ready', database: true, migrations: true, feed: true });
  }, 240_000);
});
