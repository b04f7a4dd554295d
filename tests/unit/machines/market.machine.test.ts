import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { marketMachine, backfillMinutes } from '../../../src/machines/market/market.machine';
import type { BackfillRequest, ChartRequest } from '../../../src/machines/market/market.machine';
import {
  selectChartStatus,
  selectCurrentPair,
  selectCurrentRate,
  selectLinkStatus,
} from '../../../src/machines/market/market.selectors';
import type { ChartSeries, PricePoint } from '../../../src/shared/chart-series';
import { pairList } from './trading-fixtures';

const line = (...points: Array<[number, number]>): ChartSeries => ({
  kind: 'line',
  points: points.map(([t, v], i) => ({ id: i + 1, t, v })),
});

function startMarket(
  options: {
    stored?: string | null;
    loadChart?: (input: ChartRequest) => Promise<ChartSeries>;
    loadLine?: (input: BackfillRequest) => Promise<PricePoint[]>;
    failPairs?: boolean;
  } = {},
) {
  const stored: Array<{ pairId: string | null; kind: string }> = [];
  const subscribed: string[][] = [];
  const chartCalls: ChartRequest[] = [];
  const lineCalls: BackfillRequest[] = [];
  const machine = marketMachine.provide({
    actors: {
      loadPairs: fromPromise(async () => {
        if (options.failPairs) throw { code: 'internal', message: '' };
        return pairList;
      }),
      loadChart: fromPromise(async ({ input }: { input: ChartRequest }) => {
        chartCalls.push(input);
        return options.loadChart ? options.loadChart(input) : line([1000, 1.1], [2000, 1.2]);
      }),
      loadLine: fromPromise(async ({ input }: { input: BackfillRequest }) => {
        lineCalls.push(input);
        return options.loadLine ? options.loadLine(input) : [];
      }),
    },
    actions: {
      storeChoice: (_, params) => void stored.push(params),
      subscribePairs: (_, params) => void subscribed.push(params.pairs),
    },
  });
  const actor = createActor(machine, { input: { storedPairId: options.stored ?? null, random: () => 0 } }).start();
  return { actor, stored, subscribed, chartCalls, lineCalls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('market', () => {
  test('loads the pairs, keeps the stored pair, subscribes to every active pair and loads its chart', async () => {
    const { actor, subscribed, chartCalls } = startMarket({ stored: 'gbpusd' });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    expect(selectCurrentPair(actor.getSnapshot())?.symbol).toBe('GBP/USD');
    expect(subscribed).toEqual([['eurusd', 'gbpusd']]);
    expect(chartCalls).toEqual([{ pairId: 'gbpusd', kind: 'line', interval: '1m' }]);
    expect(selectChartStatus(actor.getSnapshot())).toBe('ready');
    expect(selectCurrentRate(actor.getSnapshot())).toEqual({ id: 101, t: 1_700_000_000_000, v: 1.26001 });
  });

  test('a stored pair that is no longer active falls back to the first active pair', async () => {
    const { actor } = startMarket({ stored: 'usdjpy' });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    expect(actor.getSnapshot().context.pairId).toBe('eurusd');
  });

  test('a failed pair list can be retried', async () => {
    const { actor } = startMarket({ failPairs: true });
    await waitFor(actor, (s) => s.matches('pairsFailed'));
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
  });

  test('choosing a pair stores it and reloads the chart; an unknown pair changes nothing', async () => {
    const { actor, stored, chartCalls } = startMarket();
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    actor.send({ type: 'pair.choose', pairId: 'nope' });
    expect(actor.getSnapshot().context.pairId).toBe('eurusd');
    actor.send({ type: 'socket.status', status: 'connected' });
    actor.send({ type: 'pair.choose', pairId: 'gbpusd' });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    expect(stored).toEqual([{ pairId: 'gbpusd', kind: 'line' }]);
    expect(chartCalls.map((c) => c.pairId)).toEqual(['eurusd', 'gbpusd']);
    // The link region is not disturbed by a chart reload.
    expect(selectLinkStatus(actor.getSnapshot())).toBe('online');
  });

  test('chart kind and candle interval reload the chart with them', async () => {
    const { actor, chartCalls, stored } = startMarket({
      loadChart: async (input) =>
        input.kind === 'line'
          ? line([1000, 1])
          : { kind: 'candlestick', candles: [{ t: 0, o: 1, h: 2, l: 0.5, c: 1.5 }], intervalMs: 300_000 },
    });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    actor.send({ type: 'chart.kind', kind: 'candlestick' });
    actor.send({ type: 'chart.interval', interval: '5m' });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    expect(chartCalls.at(-1)).toEqual({ pairId: 'eurusd', kind: 'candlestick', interval: '5m' });
    expect(stored.at(-1)).toEqual({ pairId: 'eurusd', kind: 'candlestick' });
    expect(actor.getSnapshot().context.series.kind).toBe('candlestick');
  });

  test('a timeframe sets the kind and the width in one reload; ticks go back to the line', async () => {
    const { actor, chartCalls, stored } = startMarket({
      loadChart: async (input) =>
        input.kind === 'line'
          ? line([1000, 1])
          : { kind: 'candlestick', candles: [{ t: 0, o: 1, h: 2, l: 0.5, c: 1.5 }], intervalMs: 15_000 },
    });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    const before = chartCalls.length;
    actor.send({ type: 'chart.timeframe', timeframe: '15s' });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    expect(chartCalls.slice(before)).toEqual([{ pairId: 'eurusd', kind: 'candlestick', interval: '15s' }]);
    expect(stored.at(-1)).toEqual({ pairId: 'eurusd', kind: 'candlestick' });
    actor.send({ type: 'chart.timeframe', timeframe: 'ticks' });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    expect(chartCalls.at(-1)).toMatchObject({ kind: 'line' });
    expect(actor.getSnapshot().context.series.kind).toBe('line');
  });

  test("a series another chart loaded is adopted with its pair and timeframe, and nothing is read again", async () => {
    const { actor, chartCalls, stored } = startMarket();
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    const before = chartCalls.length;
    const series: ChartSeries = { kind: 'candlestick', candles: [{ t: 60_000, o: 1, h: 2, l: 0.5, c: 1.5 }], intervalMs: 300_000 };
    actor.send({ type: 'chart.adopt', pairId: 'gbpusd', timeframe: '5m', series });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: { chart: 'shown' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ pairId: 'gbpusd', chartKind: 'candlestick', candleInterval: '5m', series, lastTickAt: 60_000 });
    expect(selectChartStatus(snapshot)).toBe('ready');
    expect(stored.at(-1)).toEqual({ pairId: 'gbpusd', kind: 'candlestick' });
    // An unknown pair is not adopted.
    actor.send({ type: 'chart.adopt', pairId: 'xxxyyy', timeframe: 'ticks', series: line([1000, 1]) });
    expect(actor.getSnapshot().context.pairId).toBe('gbpusd');
    expect(chartCalls.length).toBe(before);
  });

  test('live ticks of the chosen pair are appended and emitted without bumping the series revision', async () => {
    const { actor } = startMarket();
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    const emitted: PricePoint[] = [];
    actor.on('chart.tick', (event) => emitted.push(event.tick));
    const revision = actor.getSnapshot().context.seriesRevision;
    actor.send({ type: 'market.tick', tick: { pair_id: 'eurusd', id: 9, t: 3000, v: 1.3 } });
    actor.send({ type: 'market.tick', tick: { pair_id: 'gbpusd', id: 10, t: 3000, v: 1.27 } });
    const { context } = actor.getSnapshot();
    expect(context.series).toEqual({
      kind: 'line',
      points: [
        { id: 1, t: 1000, v: 1.1 },
        { id: 2, t: 2000, v: 1.2 },
        { id: 9, t: 3000, v: 1.3 },
      ],
    });
    expect(context.seriesRevision).toBe(revision);
    expect(context.rates.gbpusd).toEqual({ id: 10, t: 3000, v: 1.27 });
    expect(emitted).toEqual([{ id: 9, t: 3000, v: 1.3 }]);
  });

  test('after a reconnect the gap is back-filled from the line endpoint and merged', async () => {
    const { actor, lineCalls } = startMarket({
      loadLine: async () => [
        { id: 2, t: 2000, v: 1.2 },
        { id: 5, t: 5000, v: 1.5 },
      ],
    });
    await waitFor(actor, (s) => s.matches({ ready: { chart: 'shown' } }));
    actor.send({ type: 'socket.status', status: 'connected' });
    actor.send({ type: 'socket.status', status: 'reconnecting' });
    expect(selectLinkStatus(actor.getSnapshot())).toBe('offline');
    const revision = actor.getSnapshot().context.seriesRevision;
    actor.send({ type: 'socket.status', status: 'connected' });
    await waitFor(actor, (s) => s.matches({ ready: { link: 'online' } }));
    expect(lineCalls).toHaveLength(1);
    expect(lineCalls[0]!.pairId).toBe('eurusd');
    const series = actor.getSnapshot().context.series;
    expect(series.kind === 'line' && series.points.map((p) => p.t)).toEqual([1000, 2000, 5000]);
    expect(actor.getSnapshot().context.seriesRevision).toBe(revision + 1);
    expect(actor.getSnapshot().context.lastTickAt).toBe(5000);
  });

  test('a failed back-fill is retried with backoff until it succeeds', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { actor } = startMarket({
      loadLine: async () => {
        calls += 1;
        if (calls < 3) throw new Error('offline');
        return [{ id: 7, t: 7000, v: 1.7 }];
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ ready: { chart: 'shown' } })).toBe(true);
    actor.send({ type: 'socket.status', status: 'connected' });
    actor.send({ type: 'socket.status', status: 'reconnecting' });
    actor.send({ type: 'socket.status', status: 'connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ ready: { link: 'backfillWaiting' } })).toBe(true);
    expect(calls).toBe(1);
    // random() = 0: the first wait is half of 500 ms, the second half of 1000 ms.
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toBe(3);
    expect(actor.getSnapshot().matches({ ready: { link: 'online' } })).toBe(true);
    expect(actor.getSnapshot().context.backfillAttempt).toBe(0);
  });

  test('back-fill covers the minutes since the last tick', () => {
    expect(backfillMinutes(null, 0)).toBe(15);
    expect(backfillMinutes(0, 30_000)).toBe(2);
    expect(backfillMinutes(0, 10 * 60_000)).toBe(11);
    expect(backfillMinutes(0, 10 * 86_400_000)).toBe(1440);
  });
});
