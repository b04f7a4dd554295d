import { assign, enqueueActions, fromPromise, not, setup } from 'xstate';
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
  /** The chart is the active one: the market loads its series and this feed takes it from there. */
  following?: boolean;
  /** The series of this pair and timeframe when the market shows it already: nothing is read then. */
  series?: ChartSeries;
}

export interface ChartFeedContext extends Required<ChartFeedInput> {
  series: ChartSeries;
  /** Bumped when the series is replaced, not on a live tick (the chart folds ticks in itself). */
  seriesRevision: number;
  problem: Problem | null;
}

export type ChartFeedEvent =
  /** Another pair or timeframe; with the `series` the market shows of it already, nothing is read. */
  | { type: 'feed.show'; pairId: string | null; timeframe: ChartTimeframe; series?: ChartSeries }
  | { type: 'feed.tick'; tick: Tick & { pair_id: string } }
  /** The socket is back after a drop: the series is read again behind the one shown. */
  | { type: 'feed.reload' }
  | { type: 'feed.retry' }
  /** The chart became the active one: the market shows it from now on, loaded once, by one of them. */
  | { type: 'feed.follow' }
  /** The market replaced the series of this chart's pair and timeframe (a load or a back-fill). */
  | { type: 'feed.mirror'; series: ChartSeries }
  /** Another chart became the active one: this feed keeps what it holds and loads only what it lacks. */
  | { type: 'feed.release' };

/** Emitted for every tick of the feed's pair, so its chart repaints without a React render. */
export type ChartFeedEmitted = { type: 'chart.tick'; tick: PricePoint };

/** What the market's chart call is asked for a timeframe: raw ticks are the line. */
export const chartRequest = (pairId: string, timeframe: ChartTimeframe): ChartRequest =>
  timeframe === 'ticks'
    ? { pairId, kind: 'line', interval: '1m' }
    : { pairId, kind: 'candlestick', interval: timeframe };

const EMPTY: ChartSeries = { kind: 'line', points: [] };

/**
 * The series of one chart of the grid: its pair and timeframe, loaded from the chart endpoints,
 * with the pair's live ticks folded in (from the room's one socket, which carries every active
 * pair already). The active chart's series is the market's (the bet slip's pair, back-filled after
 * a drop): while following, the feed loads nothing and mirrors the market's series instead, so
 * every series is read once, and a chart that stops being active keeps showing what it had.
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
    follow: assign({ following: true }),
    release: assign({ following: false }),
  },
  guards: {
    noPair: ({ context }) => context.pairId === null,
    following: ({ context }) => context.following,
    /** The series came with the input (its first revision). */
    given: ({ context }) => context.pairId !== null && context.seriesRevision > 0,
  },
}).createMachine({
  id: 'chartFeed',
  context: ({ input }) => ({
    ...input,
    following: input.following ?? false,
    series: input.series ?? EMPTY,
    seriesRevision: input.series ? 1 : 0,
    problem: null,
  }),
  initial: 'starting',
  on: {
    'feed.show': [
      {
        guard: ({ event }) => event.pairId !== null && event.series !== undefined,
        target: '.shown',
        actions: assign(({ context, event }) => ({
          pairId: event.pairId,
          timeframe: event.timeframe,
          series: event.series ?? context.series,
          seriesRevision: context.seriesRevision + 1,
          problem: null,
        })),
      },
      { target: '.loading', actions: assign(({ event }) => ({ pairId: event.pairId, timeframe: event.timeframe })) },
    ],
    'feed.mirror': {
      guard: 'following',
      target: '.shown',
      actions: assign(({ context, event }) => ({ series: event.series, seriesRevision: context.seriesRevision + 1, problem: null })),
    },
    // What is shown stays: the flag only says who loads the next series.
    'feed.follow': { actions: 'follow' },
    'feed.release': { actions: 'release' },
  },
  states: {
    starting: { always: [{ guard: 'given', target: 'shown' }, { target: 'loading' }] },
    loading: {
      tags: ['chartBusy'],
      always: [
        { guard: 'noPair', target: 'empty' },
        { guard: 'following', target: 'waiting' },
      ],
      on: { 'feed.follow': { target: 'waiting', actions: 'follow' } },
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
    /** The market loads this chart's series (it back-fills after a drop, so no reload here). */
    waiting: {
      tags: ['chartBusy'],
      on: { 'feed.release': { target: 'loading', actions: 'release' } },
    },
    shown: {
      on: {
        'feed.tick': { actions: 'foldTick' },
        'feed.reload': { guard: not('following'), target: 'refreshing' },
      },
    },
    /** Read again after a drop while the old series stays on screen; a failure keeps it. */
    // jscpd:ignore-start: statechart config; refreshing reads the series as loading does, keeping the old one on failure.
    refreshing: {
      on: {
        'feed.tick': { actions: 'foldTick' },
        'feed.follow': { target: 'shown', actions: 'follow' },
      },
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
      on: {
        'feed.retry': 'loading',
        'feed.follow': { target: 'loading', actions: 'follow' },
      },
    },
  },
});
