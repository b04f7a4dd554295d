import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Tick } from '../../api/contract/realtime';
import { applyTick } from '../../shared/chart-series';
import type { ChartSeries, PricePoint } from '../../shared/chart-series';
import { notProvided } from '../app/failure';
import { toProblem } from '../money-flow/problem';
import type { Problem } from '../money-flow/problem';
import type { ChartRequest, ChartTimeframe } from '../market/market.machine';

export interface ChartFeedInput {
  pairId: string | null;
  timeframe: ChartTimeframe;
}

export interface ChartFeedContext extends ChartFeedInput {
  series: ChartSeries;
  /** Bumped when the series is replaced, not on a live tick (the chart folds ticks in itself). */
  seriesRevision: number;
  problem: Problem | null;
}

export type ChartFeedEvent =
  | { type: 'feed.show'; pairId: string | null; timeframe: ChartTimeframe }
  | { type: 'feed.tick'; tick: Tick & { pair_id: string } }
  /** The socket is back after a drop: the series is read again behind the one shown. */
  | { type: 'feed.reload' }
  | { type: 'feed.retry' };

/** Emitted for every tick of the feed's pair, so its chart repaints without a React render. */
export type ChartFeedEmitted = { type: 'chart.tick'; tick: PricePoint };

/** What the market's chart call is asked for a timeframe: raw ticks are the line. */
export const chartRequest = (pairId: string, timeframe: ChartTimeframe): ChartRequest =>
  timeframe === 'ticks'
    ? { pairId, kind: 'line', interval: '1m' }
    : { pairId, kind: 'candlestick', interval: timeframe };

const EMPTY: ChartSeries = { kind: 'line', points: [] };

/**
 * The series of one chart of the grid besides the active one (which the market feeds): its pair
 * and timeframe, loaded from the chart endpoints, with the pair's live ticks folded in. The ticks
 * come from the room's one socket, which carries every active pair already.
 */
export const chartFeedMachine = setup({
  types: {
    context: {} as ChartFeedContext,
    events: {} as ChartFeedEvent,
    input: {} as ChartFeedInput,
    emitted: {} as ChartFeedEmitted,
  },
  actors: {
    loadChart: fromPromise<ChartSeries, ChartRequest>(notProvided('loadChart')),
  },
  actions: {
    /** A tick of this chart's pair moves its last point or candle and reaches the chart. */
    foldTick: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'feed.tick' || event.tick.pair_id !== context.pairId) return;
      const { id, t, v } = event.tick;
      enqueue.assign({ series: applyTick(context.series, { id, t, v }) });
      enqueue.emit({ type: 'chart.tick', tick: { id, t, v } });
    }),
  },
  guards: {
    noPair: ({ context }) => context.pairId === null,
  },
}).createMachine({
  id: 'chartFeed',
  context: ({ input }) => ({ ...input, series: EMPTY, seriesRevision: 0, problem: null }),
  initial: 'loading',
  on: {
    'feed.show': {
      target: '.loading',
      actions: assign(({ event }) => ({ pairId: event.pairId, timeframe: event.timeframe })),
    },
  },
  states: {
    loading: {
      tags: ['chartBusy'],
      always: { guard: 'noPair', target: 'empty' },
      invoke: {
        src: 'loadChart',
        input: ({ context }) => chartRequest(context.pairId ?? '', context.timeframe),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({
            series: event.output,
            seriesRevision: context.seriesRevision + 1,
            problem: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    shown: {
      on: { 'feed.tick': { actions: 'foldTick' }, 'feed.reload': 'refreshing' },
    },
    /** Read again after a drop while the old series stays on screen; a failure keeps it. */
    // jscpd:ignore-start: statechart config; refreshing reads the series as loading does, keeping the old one on failure.
    refreshing: {
      on: { 'feed.tick': { actions: 'foldTick' } },
      invoke: {
        src: 'loadChart',
        input: ({ context }) => chartRequest(context.pairId ?? '', context.timeframe),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({ series: event.output, seriesRevision: context.seriesRevision + 1 })),
        },
        onError: { target: 'shown' },
      },
    },
    // jscpd:ignore-end
    /** No pair chosen for this chart yet. */
    empty: {},
    failed: {
      tags: ['chartError'],
      on: { 'feed.retry': 'loading' },
    },
  },
});
