import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/database';
import { logFormat, loggerOptions } from '../../server/src/ops/logging';

/** The log's format: pretty at a terminal or with LOG_FORMAT=pretty, JSON lines otherwise. */
let database: Database;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  database = await openDatabase({});
}, 240_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

/** An app logging into memory with the options main.ts would make of `env` at a terminal or not. */
async function loggingApp(env: NodeJS.ProcessEnv, tty: boolean) {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({}, { sessionSecret: 'test-secret', dataDir: '/nonexistent', runJobs: false, webDist: undefined, dev: true, publicUrl: 'http://localhost' });
  const app = await buildApp({ config, database, logger: loggerOptions(env, tty, sink), frontendVersion: () => 'test-fv' });
  apps.push(app);
  await app.ready();
  const lines = () => chunks.join('').split('\n').filter(Boolean);
  return { app, lines };
}

describe('the log format', () => {
  test('LOG_FORMAT decides; without it a terminal gets pretty lines and anything else JSON', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'fancy' }, false)).toBe('json');
  });

  test('pretty at a terminal: one coloured line per request with its reqId; health checks only at debug', async () => {
    const { app, lines } = await loggingApp({ LOG_LEVEL: 'info' }, true);
    const menu = await app.inject({ method: 'GET', url: '/api/content/menu' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/ready' });
    const id = String(menu.headers['x-request-id']);
    const mine = lines().filter((line) => line.includes(id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('\u001b['); // coloured
    // eslint-disable-next-line no-control-regex -- the colour codes are taken out to read the text
    const text = mine[0]!.replace(/\u001b\[[\d;]*m/g, '');
    expect(text).toMatch(/INFO.*GET \/api\/content\/menu 200 [\d.]+ms/);
    expect(text).not.toMatch(/^\{/);
    expect(lines().join('\n')).not.toMatch(/\/api\/(health|ready)/);
  });

  test('JSON lines elsewhere, the same one line per request; at debug also arrivals and health checks', async () => {
    const { app, lines } = await loggingApp({ LOG_LEVEL: 'debug' }, false);
    const menu = await app.inject({ method: 'GET', url: '/api/content/menu' });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const parsed = lines().map((line) => JSON.parse(line) as { level: number; msg: string; reqId?: string });
    const of = (id: unknown) => parsed.filter((line) => line.reqId === id).map((line) => [line.level, line.msg]);
    expect(of(menu.headers['x-request-id'])).toEqual([
      [20, 'incoming request'],
      [30, expect.stringMatching(/^GET \/api\/content\/menu 200 [\d.]+ms$/)],
    ]);
    expect(of(health.headers['x-request-id'])).toEqual([
      [20, 'incoming request'],
      [20, expect.stringMatching(/^GET \/api\/health 200 /)],
    ]);
  });
});
