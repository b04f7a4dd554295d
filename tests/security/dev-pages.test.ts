import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { signUp, useTestServer as testServer, XHR } from '../server/harness';

/**
 * Finding 3: /local/mailbox(.json) answered anyone whenever NODE_ENV was not production, and
 * the live reset and confirmation links it lists were also printed to the log. Now the pages
 * exist only with DEV_PAGES=1 and only for a client on this machine, and no log line holds a token.
 */
const server = testServer();
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** The same server (same database) built with other settings or a captured log. */
async function variant(options: Omit<Parameters<typeof buildApp>[0], 'database'>): Promise<FastifyInstance> {
  const app = await buildApp({ ...options, database: server.database });
  apps.push(app);
  await app.ready();
  return app;
}

const MAILBOX_PAGES = ['/local/mailbox.json', '/local/mailbox', '/local/mailbox.css'];
const OUTSIDER = '203.0.113.7';

async function get(app: FastifyInstance, url: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return app.inject({ method: 'GET', url, headers: options.headers ?? {}, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) });
}

describe('reading the development mailbox', () => {
  test('from this machine with DEV_PAGES=1: the developer reads it', async () => {
    await signUp(server.app);
    for (const url of MAILBOX_PAGES) expect((await get(server.app, url)).statusCode, url).toBe(200);
  });

  test('from another machine: it does not exist', async () => {
    await signUp(server.app);
    for (const url of MAILBOX_PAGES) {
      const response = await get(server.app, url, { remoteAddress: OUTSIDER });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toMatch(/auth\/confirm/);
    }
  });

  test('from another machine claiming to be local with X-Forwarded-For: it does not exist', async () => {
    for (const url of MAILBOX_PAGES) {
      const response = await get(server.app, url, { remoteAddress: OUTSIDER, headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  test('through a proxy on the same host (every visitor arrives from loopback): it does not exist', async () => {
    const relayed: Array<Record<string, string>> = [{ 'x-forwarded-for': OUTSIDER }, { forwarded: `for=${OUTSIDER}` }, { 'x-real-ip': OUTSIDER }];
    for (const headers of relayed) {
      for (const url of MAILBOX_PAGES) expect((await get(server.app, url, { headers })).statusCode, url).toBe(404);
    }
  });

  test('without DEV_PAGES (the default, whatever NODE_ENV says): it does not exist, even from this machine', async () => {
    expect(loadConfig({ NODE_ENV: 'development' }, { sessionSecret: 'x', dataDir: '/nonexistent' }).dev).toBe(false);
    expect(loadConfig({ DEV_PAGES: '1' }, { sessionSecret: 'x', dataDir: '/nonexistent' }).dev).toBe(true);
    const off = await variant({ config: { ...server.config, dev: loadConfig({}, { sessionSecret: 'x', dataDir: '/nonexistent' }).dev } });
    for (const url of MAILBOX_PAGES) expect((await get(off, url)).statusCode, url).toBe(404);
  });
});

describe('reading the API description (/api/docs)', () => {
  test('from this machine with DEV_PAGES=1: the OpenAPI 3.1 document of the API', async () => {
    const response = await get(server.app, '/api/docs');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/alert/create');
    expect(Object.keys(document.paths)).not.toContain('/api/docs');
  });

  test('from another machine, or without DEV_PAGES (the default): it does not exist', async () => {
    expect((await get(server.app, '/api/docs', { remoteAddress: OUTSIDER })).statusCode).toBe(404);
    expect((await get(server.app, '/api/docs', { headers: { 'x-forwarded-for': OUTSIDER } })).statusCode).toBe(404);
    const off = await variant({ config: { ...server.config, dev: false } });
    const response = await get(off, '/api/docs', { headers: XHR });
    expect(response.statusCode).toBe(404);
    expect(response.json().status).toBe('error');
  });
});

describe('reading tokens from the log', () => {
  const lines: string[] = [];
  let captured: Promise<FastifyInstance> | undefined;
  // The same server with its log captured: the log a support engineer or a log service reads.
  const loggedApp = () =>
    (captured ??= variant({ config: server.config, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } }));

  /** The link the newest email to `to` carries, and its token. */
  async function emailedToken(to: string): Promise<{ link: string; token: string }> {
    const email = await server.database.db
      .selectFrom('email_outbox')
      .select('text')
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+/.exec(email.text)![0];
    const token = /(?:token=|confirm\/)([A-Za-z0-9_-]{20,})/.exec(link)![1]!;
    return { link, token };
  }

  test('delivering emails without SMTP logs where to read them, never their links', async () => {
    const logged = await loggedApp();
    const trader = await signUp(logged);
    const { token } = await emailedToken(trader.email);
    await logged.inject({ method: 'POST', url: '/api/auth/reset', headers: XHR, payload: { email: trader.email } });
    const reset = await emailedToken(trader.email);
    lines.length = 0;
    await logged.emails.deliverPending();
    const log = lines.join('\n');
    expect(log).toContain(trader.email);
    expect(log).toContain('/local/mailbox');
    expect(log).not.toContain(token);
    expect(log).not.toContain(reset.token);
  });

  test('following the links in every spelling the router accepts leaves no token in the log', async () => {
    const logged = await loggedApp();
    const trader = await signUp(logged);
    const confirm = await emailedToken(trader.email);
    await logged.inject({ method: 'POST', url: '/api/auth/reset', headers: XHR, payload: { email: trader.email } });
    const reset = await emailedToken(trader.email);
    const encode = (token: string) => [...token].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    const visits: Array<{ method: 'GET' | 'POST'; url: string }> = [];
    for (const token of [confirm.token, reset.token]) {
      visits.push(
        { method: 'GET', url: `/api/auth/confirm/${token}` },
        { method: 'GET', url: `/api/auth/confirm/${encode(token)}` },
        { method: 'GET', url: `/%61pi/auth/confirm/${token}` },
        { method: 'GET', url: `/api/auth/confirm/${token}?from=email` },
        { method: 'POST', url: `/api/auth/reset/${token}` },
        { method: 'POST', url: `/api/auth/reset/${encode(token)}` },
        { method: 'GET', url: `/reset-password?token=${token}` },
        { method: 'GET', url: `/reset-password?token=${encode(token)}` },
        { method: 'GET', url: `/reset-password?%74oken=${token}&lang=en` },
      );
    }
    lines.length = 0;
    for (const visit of visits) {
      await logged.inject({ ...visit, headers: XHR, ...(visit.method === 'POST' ? { payload: {} } : {}) });
    }
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(visits.length);
    for (const token of [confirm.token, reset.token]) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(encode(token));
      expect(log).not.toContain(encode(token).toLowerCase());
    }
    expect(log).toContain('/api/auth/confirm/[redacted]');
  });
});
