import { describe, expect, test } from 'vitest';
import { useTestServer as testServer } from './harness';
import { addTick, TRADING_KEEP } from './trading-support';
import { pairListPayloadSchema, lineChartPayloadSchema, candleChartPayloadSchema } from '../../src/api/contract/market';
import { backfillHistory, simulateHistory } from '../../server/src/feed/backfill';
import { createGbmSource } from '../../server/src/feed/gbm-source';
import { parseTickCsv } from '../../server/src/feed/csv-source';
import { insertTicks } from '../../server/src/feed/tick-store';
import { pruneMarketData, TICK_RETENTION_DAYS } from '../../server/src/jobs/market-retention';
import { THROTTLE_COUNTER_RETENTION_HOURS } from '../../server/src/modules/auth/throttle';

const server = testServer({ keep: TRADING_KEEP });

describe('pair list', () => {
  test('lists the ten pairs with their latest rate and the platform config', async () => {
    const tick = await addTick(server.database.db, 'eurusd', 1.15432);
    const response = await server.app.inject({ method: 'GET', url: '/api/pair/list' });
    expect(response.statusCode).toBe(200);
    const payload = pairListPayloadSchema.parse(response.json().payload);
    expect(payload.items.map((p) => p.id)).toEqual(['eurusd', 'gbpusd', 'usdjpy', 'usdchf', 'audusd', 'usdcad', 'nzdusd', 'eurgbp', 'eurjpy', 'gbpjpy']);
    const eurusd = payload.items[0]!;
    expect(eurusd).toMatchObject({ symbol: 'EUR/USD', digits: 5, min_amount: 1, max_amount: 1000, active: true, rate: { id: tick.id, v: 1.15432 } });
    // Names in the reader's language (Russian by default, English when asked).
    expect(eurusd.name).toBe('Евро / доллар США');
    const en = await server.app.inject({ method: 'GET', url: '/api/pair/list', headers: { 'accept-language': 'en' } });
    expect(pairListPayloadSchema.parse(en.json().payload).items[0]!.name).toBe('Euro / US Dollar');
    for (const pair of payload.items) {
      expect(pair.payout).toBeGreaterThanOrEqual(70);
      expect(pair.payout).toBeLessThanOrEqual(92);
    }
    expect(payload.items[1]!.rate).toBeNull();
    expect(payload.platform).toMatchObject({ end_time_step: 60, purchase_cutoff: 30 });
    expect(payload.platform.intervals).toContain(30);
  });
});

describe('charts', () => {
  test('line: the ticks of the last minutes, oldest first; validated minutes', async () => {
    const db = server.database.db;
    const now = Date.now();
    await addTick(db, 'eurusd', 1.1, now - 20 * 60_000); // outside 15 minutes
    const a = await addTick(db, 'eurusd', 1.2, now - 5000);
    const b = await addTick(db, 'eurusd', 1.3, now - 1000);
    const response = await server.app.inject({ method: 'GET', url: '/api/pair/eurusd/chart/line?minutes=15' });
    expect(response.statusCode).toBe(200);
    expect(lineChartPayloadSchema.parse(response.json().payload).points).toEqual([
      { id: a.id, t: a.t, v: 1.2 },
      { id: b.id, t: b.t, v: 1.3 },
    ]);
    for (const bad of ['0', '1441', 'abc', '15.5', '-1']) {
      const refused = await server.app.inject({ method: 'GET', url: `/api/pair/eurusd/chart/line?minutes=${bad}` });
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().payload.fields).toHaveProperty('minutes');
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/pair/nosuch/chart/line' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/pair/EUR-USD/chart/line' })).statusCode).toBe(422);
  });

  test('line over a long window is thinned to about 900 points', async () => {
    const db = server.database.db;
    const now = Date.now();
    const start = now - 3600_000;
    for (let t = start + 1000; t <= now; t += 1000) await insertTicks(db, t, [{ pairId: 'gbpusd', v: 1.3 + (t % 7) / 1e5 }]);
    const response = await server.app.inject({ method: 'GET', url: '/api/pair/gbpusd/chart/line?minutes=60' });
    const points = lineChartPayloadSchema.parse(response.json().payload).points;
    expect(points.length).toBeGreaterThan(800);
    expect(points.length).toBeLessThanOrEqual(901);
    // The newest tick is always kept (each bucket keeps its last).
    expect(points.at(-1)!.t).toBe(now);
    const ts = points.map((p) => p.t);
    expect([...ts].sort((x, y) => x - y)).toEqual(ts);
  }, 60_000);

  test('candles: grouped from minute candles by interval, newest limit, the alias gives the same', async () => {
    const db = server.database.db;
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    // Two five-minute buckets of ticks, one per minute with known prices.
    const base = Math.floor(minute / 300_000) * 300_000 - 300_000;
    const prices = [1.0, 1.5, 0.8, 1.2, 1.1, 2.0, 2.2, 1.9, 2.1, 2.05];
    for (const [i, v] of prices.entries()) await insertTicks(db, base + i * 60_000 + 1000, [{ pairId: 'usdchf', v }]);
    const response = await server.app.inject({ method: 'GET', url: '/api/pair/usdchf/chart/candlestick/5m?limit=2' });
    expect(response.statusCode).toBe(200);
    const candles = candleChartPayloadSchema.parse(response.json().payload).candles;
    expect(candles).toEqual([
      { t: base, o: 1.0, h: 1.5, l: 0.8, c: 1.1 },
      { t: base + 300_000, o: 2.0, h: 2.2, l: 1.9, c: 2.05 },
    ]);
    const alias = await server.app.inject({ method: 'GET', url: '/api/pair/usdchf/5m/candlestick?limit=2' });
    expect(alias.json().payload).toEqual(response.json().payload);
    const aliasLine = await server.app.inject({ method: 'GET', url: '/api/pair/usdchf/1m/line?minutes=30' });
    expect(aliasLine.statusCode).toBe(200);
    expect(aliasLine.json().payload.points.length).toBe(prices.length);
    for (const url of ['/api/pair/usdchf/chart/candlestick/3m', '/api/pair/usdchf/chart/candlestick/1m?limit=1001', '/api/pair/usdchf/1m/bars']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(422);
    }
    // Two-minute candles group the same minute candles (2-minute boundaries, not the 5-minute base's).
    const twoMinutes = await server.app.inject({ method: 'GET', url: '/api/pair/usdchf/chart/candlestick/2m?limit=1000' });
    const expected = new Map<number, { t: number; o: number; h: number; l: number; c: number }>();
    for (const [i, v] of prices.entries()) {
      const t = Math.floor((base + i * 60_000) / 120_000) * 120_000;
      const held = expected.get(t);
      expected.set(t, held ? { ...held, h: Math.max(held.h, v), l: Math.min(held.l, v), c: v } : { t, o: v, h: v, l: v, c: v });
    }
    expect(candleChartPayloadSchema.parse(twoMinutes.json().payload).candles).toEqual([...expected.values()]);
  });

  test('candles under a minute: grouped from the raw ticks, the live bucket last, limit kept', async () => {
    const db = server.database.db;
    const now = Date.now();
    const bucket = Math.floor(now / 15_000) * 15_000;
    // Three ticks in the previous 15-second bucket, two in the current one.
    const ticks: [number, number][] = [
      [bucket - 14_000, 1.3],
      [bucket - 9_000, 1.1],
      [bucket - 2_000, 1.2],
      [bucket, 1.25],
      [bucket + 1, 1.22],
    ];
    for (const [t, v] of ticks) await insertTicks(db, t, [{ pairId: 'nzdusd', v }]);
    for (const interval of ['5s', '15s', '30s']) {
      const response = await server.app.inject({ method: 'GET', url: `/api/pair/nzdusd/chart/candlestick/${interval}` });
      expect(response.statusCode, interval).toBe(200);
    }
    const fifteen = await server.app.inject({ method: 'GET', url: '/api/pair/nzdusd/chart/candlestick/15s?limit=2' });
    expect(candleChartPayloadSchema.parse(fifteen.json().payload).candles).toEqual([
      { t: bucket - 15_000, o: 1.3, h: 1.3, l: 1.1, c: 1.2 },
      { t: bucket, o: 1.25, h: 1.25, l: 1.22, c: 1.22 },
    ]);
    // The limit keeps the newest: one candle is the live one.
    const one = await server.app.inject({ method: 'GET', url: '/api/pair/nzdusd/15s/candlestick?limit=1' });
    expect(candleChartPayloadSchema.parse(one.json().payload).candles).toEqual([{ t: bucket, o: 1.25, h: 1.25, l: 1.22, c: 1.22 }]);
    expect((await server.app.inject({ method: 'GET', url: '/api/pair/nzdusd/chart/candlestick/5s?limit=0' })).statusCode).toBe(422);
  });
});

describe('price feed', () => {
  const pairs = [
    { id: 'eurusd', price: 1.155, volatility: 0.07, digits: 5 },
    { id: 'usdjpy', price: 154.5, volatility: 0.09, digits: 3 },
  ];

  test('the same seed gives the same series; another seed another one', () => {
    const run = (seed: number) => {
      const source = createGbmSource(seed, pairs);
      return Array.from({ length: 50 }, (_, i) => source.next(i * 1000));
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
    const first = run(42)[0]!;
    expect(first.map((p) => p.pairId)).toEqual(['eurusd', 'usdjpy']);
    expect(Math.abs(first[0]!.v - 1.155)).toBeLessThan(0.001);
    expect(String(first[1]!.v).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3);
  });

  test('a week of simulated minutes is plausible: candles consistent, moves of a few percent', () => {
    const bars = simulateHistory(7, pairs[0]!, Date.UTC(2026, 10, 23, 10, 0, 30));
    expect(bars).toHaveLength(7 * 1440);
    expect(bars.at(-1)!.t).toBe(Date.UTC(2026, 10, 23, 9, 59));
    for (const bar of bars) {
      expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c));
      expect(bar.l).toBeLessThanOrEqual(Math.min(bar.o, bar.c));
    }
    expect(Math.abs(bars.at(-1)!.c / 1.155 - 1)).toBeLessThan(0.08);
  });

  test('the first start back-fills 7 days of history, fast, and only once', async () => {
    const db = server.database.db;
    const started = Date.now();
    const filled = await backfillHistory(db, 1, Date.now());
    expect(filled).toHaveLength(10);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await backfillHistory(db, 1, Date.now())).toEqual([]);
    const day = await server.app.inject({ method: 'GET', url: '/api/pair/eurusd/chart/candlestick/1h?limit=1000' });
    expect(day.json().payload.candles.length).toBeGreaterThanOrEqual(7 * 24);
    const line = await server.app.inject({ method: 'GET', url: '/api/pair/eurusd/chart/line?minutes=1440' });
    expect(line.json().payload.points.length).toBeGreaterThan(700);
  }, 60_000);

  test('CSV replay reads t,pair_id,v grouped by second and rejects junk', () => {
    const groups = parseTickCsv('t,pair_id,v\n1000,eurusd,1.1\n1400,usdjpy,150.1\n2000,eurusd,1.2\n');
    expect(groups).toEqual([
      [{ pairId: 'eurusd', v: 1.1 }, { pairId: 'usdjpy', v: 150.1 }],
      [{ pairId: 'eurusd', v: 1.2 }],
    ]);
    expect(() => parseTickCsv('time,pair,value\n1,eurusd,1')).toThrow(/header/);
    expect(() => parseTickCsv('t,pair_id,v\n1000,eurusd,abc')).toThrow(/line 2/);
  });

  test('retention drops raw ticks past the window and keeps the minute candles', async () => {
    const db = server.database.db;
    const now = Date.now();
    const old = now - (TICK_RETENTION_DAYS + 1) * 86_400_000;
    await insertTicks(db, old, [{ pairId: 'eurusd', v: 1.1 }]);
    const recent = await addTick(db, 'eurusd', 1.2, now);
    const pruned = await pruneMarketData(db, now);
    expect(pruned.ticks).toBe(1);
    const left = await db.selectFrom('ticks').select('id').execute();
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    const candles = await db.selectFrom('candles_1m').select('t').orderBy('t').execute();
    expect(candles.map((c) => c.t)).toEqual([Math.floor(old / 60_000) * 60_000, Math.floor(now / 60_000) * 60_000]);
  });

  test('retention drops throttle counters whose window ended a day ago and keeps the live ones', async () => {
    const db = server.database.db;
    const now = Date.now();
    await db
      .insertInto('throttle_counters')
      .values([
        { key: 'login:ip:192.0.2.1', window_started_at: new Date(now - (THROTTLE_COUNTER_RETENTION_HOURS + 1) * 3600_000), attempts: 3 },
        { key: 'login:ip:192.0.2.2', window_started_at: new Date(now - 60_000), attempts: 1 },
      ])
      .execute();
    expect((await pruneMarketData(db, now)).throttleCounters).toBe(1);
    const left = await db.selectFrom('throttle_counters').select('key').where('key', 'like', 'login:ip:192.0.2.%').execute();
    expect(left.map((row) => row.key)).toEqual(['login:ip:192.0.2.2']);
  });
});
