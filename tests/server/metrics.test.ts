import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { settleDue } from '../../server/src/jobs/settlement';
import { createPriceSource, startFeed } from '../../server/src/feed/feed';
import { loadOpsConfig } from '../../server/src/ops/config';
import { signUp, useTestServer as testServer, XHR } from './harness';
import { addTick, betRequest, place, TRADING_KEEP } from './trading-support';
import type { Bet } from '../../src/api/contract/bets';

const TOKEN = 'scrape-Secret-4f1c';
const server = testServer({ keep: TRADING_KEEP, config: { ops: { ...loadOpsConfig({}), metricsToken: TOKEN } } });

/** The sum of a metric's samples whose labels include every one given (Prometheus text format). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if (Object.entries(labels).every(([key, value]) => (match[2] ?? '').includes(`${key}="${value}"`))) sum += Number(match[3]);
  }
  return sum;
}

const scrape = async (app: FastifyInstance = server.app) => {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};

const others: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of others) await app.close();
});
/** Another app on the file's database, with other ops settings. */
async function appWith(ops: Partial<ReturnType<typeof loadOpsConfig>>) {
  const app = await buildApp({ config: { ...server.config, ops: { ...loadOpsConfig({}), ...ops } }, database: server.database, frontendVersion: () => 'test-fv' });
  others.push(app);
  await app.ready();
  return app;
}

describe('/metrics', () => {
  test('answers only with the bearer token of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.body).not.toContain('fx_');
    }
    const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // Event-loop lag and memory come with prom-client's default metrics.
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'fx_ws_clients']) {
      expect(response.body).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  test('a placement and its settlement move the counters; routes are labelled by their pattern', async () => {
    const before = await scrape();
    const trader = await signUp(server.app);
    const quote = await addTick(server.database.db, 'eurusd', 1.2, Date.now() - 1000);
    await addTick(server.database.db, 'eurusd', 1.2001);
    const key = randomUUID();
    const first = await place(server.app, trader.cookie, betRequest(quote.id), key);
    expect(first.statusCode).toBe(200);
    const bet = (first.json() as { payload: { bet: Bet } }).payload.bet;
    // A retry with the same Idempotency-Key is answered the same bet and not counted again.
    expect((await place(server.app, trader.cookie, betRequest(quote.id), key)).statusCode).toBe(200);
    const info = await server.app.inject({ method: 'GET', url: `/api/bet/${bet.id}/info`, headers: { ...XHR, cookie: trader.cookie } });
    expect(info.statusCode).toBe(200);
    const placed = await scrape();
    expect(sample(placed, 'fx_bets_placed_total', { wallet_type: 'demo' }) - sample(before, 'fx_bets_placed_total', { wallet_type: 'demo' })).toBe(1);
    const placements = { method: 'POST', route: '/api/bet/user/place', status_code: '200' };
    expect(sample(placed, 'fx_http_request_duration_seconds_count', placements) - sample(before, 'fx_http_request_duration_seconds_count', placements)).toBe(2);
    expect(sample(placed, 'fx_http_request_duration_seconds_count', { route: '/api/bet/:id/info', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(placed).not.toContain(`/api/bet/${bet.id}/info`);
    expect(sample(placed, 'fx_db_query_duration_seconds_count', { statement: 'insert', outcome: 'ok' })).toBeGreaterThan(
      sample(before, 'fx_db_query_duration_seconds_count', { statement: 'insert', outcome: 'ok' }),
    );

    const settled = await settleDue(server.database.db, Date.parse(bet.expires_at) + 1000);
    expect(settled).toHaveLength(1);
    const after = await scrape();
    expect(sample(after, 'fx_bets_settled_total') - sample(placed, 'fx_bets_settled_total')).toBe(1);
    expect(sample(after, 'fx_bet_settlement_lag_seconds_count') - sample(placed, 'fx_bet_settlement_lag_seconds_count')).toBe(1);
  });

  test("each feed beat's lag is observed", async () => {
    const before = sample(await scrape(), 'fx_feed_tick_lag_seconds_count');
    const db = server.database.db;
    const feed = startFeed({ db, bus: server.app.bus, source: await createPriceSource(db, 1, undefined), log: server.app.log });
    await feed.started;
    await feed.stop();
    expect(sample(await scrape(), 'fx_feed_tick_lag_seconds_count') - before).toBe(1);
  });

  test('WebSocket clients are a gauge, their messages counted both ways', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await scrape();
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    await once(socket, 'open');
    const pong = once(socket, 'message');
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(JSON.parse(String((await pong)[0]))).toEqual({ type: 'pong' });
    const open = await scrape();
    expect(sample(open, 'fx_ws_clients') - sample(before, 'fx_ws_clients')).toBe(1);
    expect(sample(open, 'fx_ws_messages_total', { direction: 'in' }) - sample(before, 'fx_ws_messages_total', { direction: 'in' })).toBe(1);
    expect(sample(open, 'fx_ws_messages_total', { direction: 'out' }) - sample(before, 'fx_ws_messages_total', { direction: 'out' })).toBeGreaterThanOrEqual(1);
    socket.close();
    await once(socket, 'close');
    await expect.poll(async () => sample(await scrape(), 'fx_ws_clients')).toBe(sample(before, 'fx_ws_clients'));
  });

  test('is off without METRICS_TOKEN and METRICS_PORT', async () => {
    const app = await appWith({});
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(app.metricsAddress()).toBeNull();
  });

  test('METRICS_PORT serves it on a port of its own, with METRICS_TOKEN also required there', async () => {
    const app = await appWith({ metricsPort: 0, metricsToken: TOKEN });
    const address = app.metricsAddress();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${address}/metrics`)).status).toBe(401);
    const response = await fetch(`${address}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^# TYPE fx_bets_placed_total counter$/m);
    // Not on the main port then.
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});
