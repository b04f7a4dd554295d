import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { chartFeedMachine, type ChartFeedEvent } from '../../../src/machines/chart-feed/chart-feed.machine';
import { selectFeedHandover, selectFeedStatus, selectFeedWithoutPair } from '../../../src/machines/chart-feed/chart-feed.selectors';
import type { ChartRequest } from '../../../src/machines/market/market.machine';
import type { ChartSeries, PricePoint } from '../../../src/shared/chart-series';

const candles = (v: number): ChartSeries => ({
  kind: 'candlestick',
  intervalMs: 60_000,
  candles: [{ t: 60_000, o: v, h: v, l: v, c: v }],
});

function start({
  pairId = 'eurusd' as string | null,
  fail = false,
  following = false,
  series = undefined as ChartSeries | undefined,
} = {}) {
  const requests: ChartRequest[] = [];
  const actor = createActor(
    chartFeedMachine.provide({
      actors: {
        loadChart: fromPromise<ChartSeries, ChartRequest>(async ({ input }) => {
          requests.push(input);
          if (fail) throw new Error('offline');
          return input.kind === 'line' ? { kind: 'line', points: [{ id: 1, t: 1000, v: 1.1 }] } : candles(1.2);
        }),
      },
    }),
    { input: { pairId, timeframe: '1m', following, ...(series ? { series } : {}) } },
  ).start();
  const ticks: PricePoint[] = [];
  actor.on('chart.tick', (event) => ticks.push(event.tick));
  return { actor, requests, ticks };
}

describe('chart feed machine', () => {
  test("loads its pair's candles and folds only that pair's ticks in", async () => {
    const { actor, requests, ticks } = start();
    await waitFor(actor, (s) => selectFeedStatus(s) === 'ready');
    expect(requests).toEqual([{ pairId: 'eurusd', kind: 'candlestick', interval: '1m' }]);
    actor.send({ type: 'feed.tick', tick: { pair_id: 'gbpusd', id: 2, t: 61_000, v: 1.3 } });
    actor.send({ type: 'feed.tick', tick: { pair_id: 'eurusd', id: 3, t: 62_000, v: 1.25 } });
    expect(ticks).toEqual([{ id: 3, t: 62_000, v: 1.25 }]);
    const series = actor.getSnapshot().context.series;
    expect(series.kind === 'candlestick' && series.candles.at(-1)).toMatchObject({ t: 60_000, h: 1.25, c: 1.25 });
  });

  test('another pair or timeframe is loaded anew; raw ticks are the line', async () => {
    const { actor, requests } = start();
    await waitFor(actor, (s) => selectFeedStatus(s) === 'ready');
    actor.send({ type: 'feed.show', pairId: 'usdjpy', timeframe: 'ticks' });
    expect(selectFeedStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => selectFeedStatus(s) === 'ready');
    expect(requests.at(-1)).toEqual({ pairId: 'usdjpy', kind: 'line', interval: '1m' });
    expect(actor.getSnapshot().context.seriesRevision).toBe(2);
  });

  test('without a pair it is empty and asks for nothing', async () => {
    const { actor, requests } = start({ pairId: null });
    expect(selectFeedWithoutPair(actor.getSnapshot())).toBe(true);
    expect(selectFeedStatus(actor.getSnapshot())).toBe('empty');
    expect(requests).toEqual([]);
  });

  test('after a drop the series is read again behind the one shown', async () => {
    const { actor, requests } = start();
    await waitFor(actor, (s) => selectFeedStatus(s) === 'ready');
    actor.send({ type: 'feed.reload' });
    // The chart keeps showing what it had while the fresh series loads.
    expect(selectFeedStatus(actor.getSnapshot())).toBe('ready');
    await waitFor(actor, (s) => s.context.seriesRevision === 2);
    expect(requests).toHaveLength(2);
  });

  test('a failed load is retried on request', async () => {
    const { actor } = start({ fail: true });
    await waitFor(actor, (s) => selectFeedStatus(s) === 'error');
    actor.send({ type: 'feed.retry' });
    expect(selectFeedStatus(actor.getSnapshot())).toBe('loading');
  });

  test("the active chart's feed reads nothing: it mirrors the market's series and keeps it when released", async () => {
    const { actor, requests } = start({ following: true });
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(selectFeedStatus(actor.getSnapshot())).toBe('loading');
    actor.send({ type: 'feed.mirror', series: candles(1.3) });
    expect(selectFeedStatus(actor.getSnapshot())).toBe('ready');
    // After a drop the market back-fills this series: the feed does not read it again.
    actor.send({ type: 'feed.reload' });
    actor.send({ type: 'feed.show', pairId: 'gbpusd', timeframe: '5m' });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'feed.mirror', series: candles(1.4) });
    actor.send({ type: 'feed.release' });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(selectFeedHandover(actor.getSnapshot())).toEqual({ pairId: 'gbpusd', timeframe: '5m', series: candles(1.4) });
    expect(requests).toEqual([]);
  });

  test('released before the market brought its series, the feed reads it itself; a loaded one is handed over as is', async () => {
    const { actor, requests } = start({ following: true });
    actor.send({ type: 'feed.release' });
    await waitFor(actor, (s) => selectFeedStatus(s) === 'ready');
    expect(requests).toEqual([{ pairId: 'eurusd', kind: 'candlestick', interval: '1m' }]);
    actor.send({ type: 'feed.follow' });
    expect(selectFeedHandover(actor.getSnapshot())).toEqual({ pairId: 'eurusd', timeframe: '1m', series: candles(1.2) });
    // A mirror is taken only while following.
    actor.send({ type: 'feed.release' });
    actor.send({ type: 'feed.mirror', series: candles(9) });
    expect(actor.getSnapshot().context.series).toEqual(candles(1.2));
  });

  test('a series the market shows already is taken, at the start or with new settings, and nothing is read', () => {
    const { actor, requests } = start({ series: candles(1.5) });
    expect(selectFeedStatus(actor.getSnapshot())).toBe('ready');
    actor.send({ type: 'feed.show', pairId: 'gbpusd', timeframe: 'ticks', series: candles(1.6) });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context).toMatchObject({ pairId: 'gbpusd', timeframe: 'ticks', series: candles(1.6) });
    expect(requests).toEqual([]);
  });

  test('every state is reachable by its events', () => {
    const events: ChartFeedEvent[] = [
      { type: 'feed.show', pairId: null, timeframe: 'ticks' },
      { type: 'feed.show', pairId: 'eurusd', timeframe: '5m' },
      { type: 'feed.reload' },
      { type: 'feed.retry' },
      { type: 'feed.tick', tick: { pair_id: 'eurusd', id: 1, t: 1, v: 1 } },
      { type: 'feed.follow' },
      { type: 'feed.release' },
      { type: 'feed.mirror', series: candles(2) },
      { type: 'feed.show', pairId: 'gbpusd', timeframe: '1m', series: candles(3) },
    ];
    const machine = chartFeedMachine.provide({
      actors: { loadChart: fromPromise<ChartSeries, ChartRequest>(async () => candles(1)) },
    });
    const paths = getShortestPaths(machine, {
      events,
      input: { pairId: null, timeframe: 'ticks' },
      // The series' revision counts up without end: a state is its value, who loads, and the pair.
      serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.following, snapshot.context.pairId]),
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    // The loads resolve asynchronously, so a graph walk reaches the states events lead to.
    expect(reached).toEqual(new Set(['"empty"', '"loading"', '"waiting"', '"shown"', '"refreshing"']));
  });
});
