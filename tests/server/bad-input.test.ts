import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import en from '../../server/content/locales/en/errors.json';
import { signUp, useTestServer as testServer, XHR, type SignedUp } from './harness';
import { addTick } from './trading-support';
import { databaseSnapshot, routeTable as routeTableOf, withParams } from './app-routes';

/**
 * Bad input on every route of the API, found from the app's own route table so that a route
 * added later is covered too: malformed JSON, bodies of the wrong shape, unknown fields, oversized
 * bodies and hostile strings in the path. Each gets a 4xx envelope with a translated message, and
 * the database is exactly as it was.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'bad-input-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const server = testServer({ config: { dataDir }, keep: ['payment_systems', 'pairs'] });

const snapshot = databaseSnapshot(server);
const routeTable = () => routeTableOf(server.app);

const translatedMessages = new Set(Object.values(en));

let trader: SignedUp;
beforeEach(async () => {
  trader = await signUp(server.app, 'bad-input@example.com');
  // A fresh tick for each pair, so that market calls get past "no rate yet".
  const pairs = await server.database.db.selectFrom('pairs').select('id').execute();
  for (const pair of pairs) await addTick(server.database.db, pair.id, 1.1);
});

async function expectRefused(method: string, url: string, payload: string | undefined, contentType = 'application/json') {
  const before = await snapshot();
  const response = await server.app.inject({
    method: method as 'POST',
    url,
    headers: { ...XHR, cookie: trader.cookie, ...(payload === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload }),
  });
  const label = `${method} ${url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  if (url.startsWith('/api/')) {
    const envelope = response.json();
    expect(envelope.status, label).toBe('error');
    expect(translatedMessages.has(envelope.payload.message) || !/^[a-z_]+(\.[a-z_]+)+$/.test(envelope.payload.message), label).toBe(true);
    for (const text of Object.values<string>(envelope.payload.fields ?? {})) expect(text, label).not.toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
  }
  expect(await snapshot(), label).toEqual(before);
  return response;
}

describe('every POST route of the API', () => {
  const posts = () => routeTable().filter((r) => r.method === 'POST' && r.url.startsWith('/api/'));

  test('the route table is read (every call of docs/design.md 3 that writes is here)', () => {
    const urls = posts().map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/auth/login', '/api/bet/user/place', '/api/deposit/integration_json', '/api/support', '/api/withdraw/:id/confirm']));
    expect(urls.length).toBeGreaterThan(20);
  });

  test('malformed JSON', async () => {
    for (const route of posts()) {
      const response = await expectRefused('POST', withParams(route.url), '{"amount": 1,');
      expect([400, 401, 403, 404, 409, 413, 415, 422]).toContain(response.statusCode);
    }
  });

  test('a body that is not an object', async () => {
    for (const route of posts()) {
      for (const body of ['[1, 2, 3]', '"text"', '42']) await expectRefused('POST', withParams(route.url), body);
    }
  });

  test('wrong types and unknown fields', async () => {
    for (const route of posts()) {
      await expectRefused('POST', withParams(route.url), JSON.stringify({ amount: { nested: [1] }, email: 7, text: [], is_admin: true }));
    }
  });

  test('prototype poisoning', async () => {
    for (const route of posts()) {
      await expectRefused('POST', withParams(route.url), '{"__proto__": {"role": "operator"}, "constructor": {"prototype": {"role": "operator"}}}');
    }
  });

  test('an oversized body', async () => {
    for (const route of posts()) {
      const response = await expectRefused('POST', withParams(route.url), JSON.stringify({ padding: 'x'.repeat(200 * 1024) }));
      expect(response.statusCode).toBe(413);
    }
  });
});

const HOSTILE = ["<script>alert(1)</script>", "1' or '1'='1", '../../etc/passwd', '%00', '1e309', '-1', '9'.repeat(40), 'ü'.repeat(300)];

describe('hostile path parameters', () => {
  test('a URL the router cannot read is a translated error envelope too', async () => {
    const unreadable: Array<[string, string]> = [
      ['GET', '/api/content/article/%E0%A4%A'],
      ['POST', `/api/auth/reset/${encodeURIComponent('ü'.repeat(300))}`],
    ];
    for (const [method, url] of unreadable) {
      const response = await expectRefused(method, url, method === 'POST' ? '{}' : undefined);
      expect(response.json(), url).toEqual({ status: 'error', payload: { code: 'validation', message: en['errors.malformed'] }, fv: 'test-fv' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('every route with a parameter answers 4xx, never 5xx, and writes nothing', async () => {
    const routes = routeTable().filter((r) => r.url.startsWith('/api/') && r.url.includes(':') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      for (const value of HOSTILE) {
        await expectRefused(route.method, withParams(route.url, value), route.method === 'POST' ? '{}' : undefined);
      }
    }
  }, 180_000);
});

/** The query parameters of the read calls, each with a value of the wrong type or out of range. */
const BAD_QUERIES = [
  '/api/bet/history?page=abc',
  '/api/bet/history?per_page=100000',
  '/api/bet/history?wallet_type=<script>',
  '/api/bet/history?from=yesterday',
  '/api/bet/user/list?wallet_type=gold',
  '/api/pair/eurusd/chart/line?minutes=-5',
  '/api/pair/eurusd/chart/line?minutes=1e309',
  '/api/pair/eurusd/chart/candlestick/1m?limit=%00',
  '/api/support?page=0',
  '/api/deposit/history?page=-1',
  '/api/withdraw/history?page=1.5',
  '/api/payment/history?per_page=abc',
  '/api/chat/private/1?page=x',
];

describe('wrong query parameters', () => {
  test.each(BAD_QUERIES)('%s', async (url) => {
    const response = await expectRefused('GET', url, undefined);
    expect(response.json().payload.code).toBe('validation');
  });
});
