import { describe, expect, test } from 'vitest';
import { cookieHeader, signUp, useTestServer as testServer, XHR } from './harness';
import { CHART_LAYOUT_MAX_BYTES, chartLayoutPayloadSchema, type ChartLayout } from '../../src/api/contract/chart';

const server = testServer();

const layout: ChartLayout = {
  grid: 2,
  charts: [
    {
      pairId: 'eurusd',
      timeframe: '15s',
      style: 'heikinAshi',
      indicators: [
        { id: 'rsi-1', kind: 'rsi', periods: [14], multiplier: 1, source: 'close', color: '#8fb4ff', width: 2 },
        { id: 'bb-1', kind: 'bollinger', periods: [20], multiplier: 2, source: 'close', color: '#f5c451', width: 1 },
      ],
    },
    { pairId: 'gbpusd', timeframe: 'ticks', style: 'area', indicators: [] },
  ],
  templates: [{ name: 'Trend', indicators: [{ id: 'ema-1', kind: 'ema', periods: [50], multiplier: 1, source: 'close', color: '#22c55e', width: 2 }] }],
};

const put = (cookie: string, body: unknown, language = 'en') =>
  server.app.inject({ method: 'PUT', url: '/api/chart/layout', headers: { ...XHR, 'accept-language': language, cookie }, payload: body as object });
const get = (cookie: string) => server.app.inject({ method: 'GET', url: '/api/chart/layout', headers: { ...XHR, cookie } });

describe('chart layout', () => {
  test('none before the first save; a saved layout comes back on another session of the trader only', async () => {
    const trader = await signUp(server.app);
    const first = await get(trader.cookie);
    expect(first.statusCode).toBe(200);
    expect(chartLayoutPayloadSchema.parse(first.json().payload)).toEqual({ layout: null });

    const saved = await put(trader.cookie, layout);
    expect(saved.statusCode).toBe(200);
    expect(chartLayoutPayloadSchema.parse(saved.json().payload).layout).toEqual(layout);

    // Another device: a new sign-in of the same trader reads it.
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: XHR,
      payload: { email: trader.email, password: trader.password },
    });
    expect(signIn.statusCode).toBe(200);
    const otherCookie = cookieHeader(signIn);
    expect(otherCookie).not.toBe(trader.cookie);
    expect(chartLayoutPayloadSchema.parse((await get(otherCookie)).json().payload).layout).toEqual(layout);

    // The grid's active chart is kept (a layout without one, saved before the grid, stays valid above).
    const active = { ...layout, active: 1 };
    await put(trader.cookie, active);
    expect(chartLayoutPayloadSchema.parse((await get(otherCookie)).json().payload).layout).toEqual(active);

    // A second save replaces the first.
    const next = { ...layout, grid: 1 as const, charts: [layout.charts[1]!] };
    await put(trader.cookie, next);
    expect(chartLayoutPayloadSchema.parse((await get(trader.cookie)).json().payload).layout).toEqual(next);

    const someoneElse = await signUp(server.app);
    expect(chartLayoutPayloadSchema.parse((await get(someoneElse.cookie)).json().payload).layout).toBeNull();
  });

  test('signed out: refused', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/chart/layout', headers: XHR })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'PUT', url: '/api/chart/layout', headers: XHR, payload: layout })).statusCode).toBe(401);
  });

  test('bad layouts are refused with translated field errors and change nothing', async () => {
    const trader = await signUp(server.app);
    await put(trader.cookie, layout);
    const chart = layout.charts[0]!;
    const indicator = chart.indicators[0]!;
    const bad: [string, unknown][] = [
      ['unknown indicator', { ...layout, charts: [{ ...chart, indicators: [{ ...indicator, kind: 'magic' }] }] }],
      ['period 0', { ...layout, charts: [{ ...chart, indicators: [{ ...indicator, periods: [0] }] }] }],
      ['colour', { ...layout, charts: [{ ...chart, indicators: [{ ...indicator, color: 'red' }] }] }],
      ['timeframe', { ...layout, charts: [{ ...chart, timeframe: '3m' }] }],
      ['kind', { ...layout, charts: [{ ...chart, style: 'renko' }] }],
      ['grid', { ...layout, grid: 3 }],
      ['active chart past the fourth', { ...layout, active: 4 }],
      ['active chart not a whole number', { ...layout, active: 0.5 }],
      ['five charts', { ...layout, charts: [chart, chart, chart, chart, chart] }],
      ['no charts', { ...layout, charts: [] }],
      ['too many indicators', { ...layout, charts: [{ ...chart, indicators: Array.from({ length: 13 }, (_, i) => ({ ...indicator, id: `i${i}` })) }] }],
      ['template name twice', { ...layout, templates: [layout.templates[0]!, { ...layout.templates[0]!, name: 'TREND' }] }],
      ['empty template name', { ...layout, templates: [{ name: '  ', indicators: [] }] }],
      ['not an object', [1, 2]],
    ];
    for (const [what, body] of bad) {
      const response = await put(trader.cookie, body);
      expect(response.statusCode, what).toBe(422);
      expect(response.json().payload.code, what).toBe('validation');
    }
    const ru = await put(trader.cookie, { ...layout, templates: [layout.templates[0]!, { ...layout.templates[0]!, name: 'trend' }] }, 'ru');
    expect(ru.json().payload.fields.templates).toBe('Шаблон с таким названием уже есть');
    const en = await put(trader.cookie, { ...layout, templates: [layout.templates[0]!, { ...layout.templates[0]!, name: 'trend' }] });
    expect(en.json().payload.fields.templates).toBe('A template with this name already exists');
    expect(chartLayoutPayloadSchema.parse((await get(trader.cookie)).json().payload).layout).toEqual(layout);
  });

  test("a layout saved with the former 'hollow' style still reads, as the candles that now draw rising bodies hollow", async () => {
    const trader = await signUp(server.app);
    const hollowChart = { ...layout.charts[0]!, style: 'hollow' };
    const asCandles = { ...layout, charts: [{ ...layout.charts[0]!, style: 'candles' }, layout.charts[1]!] };
    // Stored before the style was folded into the candles: read back, not dropped.
    const stored = JSON.stringify({ ...layout, charts: [hollowChart, layout.charts[1]!] });
    await server.app.database.db.insertInto('chart_layouts').values({ user_id: trader.userId, layout: stored }).execute();
    expect(chartLayoutPayloadSchema.parse((await get(trader.cookie)).json().payload).layout).toEqual(asCandles);
    // Sent by a client that still knows the old name: saved as candles.
    const saved = await put(trader.cookie, { ...layout, charts: [hollowChart] });
    expect(saved.statusCode).toBe(200);
    expect(chartLayoutPayloadSchema.parse((await get(trader.cookie)).json().payload).layout?.charts[0]?.style).toBe('candles');
  });

  test('a body over the size limit is refused as too large, with a translated message', async () => {
    const trader = await signUp(server.app);
    const huge = { ...layout, padding: 'x'.repeat(CHART_LAYOUT_MAX_BYTES) };
    const response = await put(trader.cookie, huge, 'ru');
    expect(response.statusCode).toBe(413);
    expect(response.json().payload.code).toBe('payload_too_large');
    expect(response.json().payload.message).toMatch(/[а-я]/i);
    expect(chartLayoutPayloadSchema.parse((await get(trader.cookie)).json().payload).layout).toBeNull();
  });
});
