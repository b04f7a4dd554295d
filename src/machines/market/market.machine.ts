import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ChartInterval, ChartKind, Pair, PairListPayload, Platform } from '../../api/contract/market';
import { CHART_INTERVAL_SECONDS } from '../../api/contract/market';
import type { Tick } from '../../api/contract/realtime';
import { backoffDelay } from '../../api/backoff';
import { applyTick, applyTickToCandles, mergePoints } from '../../shared/chart-series';
import type { ChartSeries, PricePoint } from '../../shared/chart-series';
import { notProvided } from '../app/failure';
import { toProblem } from '../money-flow/problem';
import type { Problem } from '../money-flow/problem';

/** What the chart's timeframe picker offers: the raw ticks or a candle width. */
export type ChartTimeframe = 'ticks' | ChartInterval;

export interface ChartRequest {
  pairId: string;
  kind: ChartKind;
  interval: ChartInterval;
}

export interface BackfillRequest {
  pairId: string;
  /** Minutes of history to fetch: enough to cover the time the socket was down. */
  minutes: number;
}

export interface MarketInput {
  /** The pair chosen on an earlier visit, read from storage by the composition root. */
  storedPairId?: string | null;
  storedChartKind?: ChartKind | null;
  /** Jitter source, replaced by a fixed one in tests. */
  random?: () => number;
}

/** Whether live prices flow: before the first connection, connected, or lost and back-filling. */
export type LinkStatus = 'connecting' | 'online' | 'offline' | 'backfilling';

export interface MarketContext {
  pairs: Pair[];
  platform: Platform | null;
  pairId: string | null;
  /** The latest tick of every pair, by pair id (the rate a bet is placed at). */
  rates: Record<string, Tick>;
  chartKind: ChartKind;
  candleInterval: ChartInterval;
  series: ChartSeries;
  /**
   * Bumped when the series is replaced (load, back-fill) but not on a live tick: the chart takes
   * a new series only then and folds live ticks in itself, without a React render.
   */
  seriesRevision: number;
  /** Time of the newest tick of the chosen pair: where a back-fill has to start. */
  lastTickAt: number | null;
  backfillAttempt: number;
  random: () => number;
  problem: Problem | null;
}

export type MarketEvent =
  | { type: 'pairs.retry' }
  | { type: 'pair.choose'; pairId: string }
  | { type: 'chart.kind'; kind: ChartKind }
  | { type: 'chart.interval'; interval: ChartInterval }
  /** Raw ticks (the line) or candles of an interval, in one step: one reload, not two. */
  | { type: 'chart.timeframe'; timeframe: ChartTimeframe }
  /**
   * Shows a series another statechart loaded already (a grid chart's feed, as that chart becomes
   * the active one): its pair and timeframe are chosen with it, and nothing is read again.
   */
  | { type: 'chart.adopt'; pairId: string; timeframe: ChartTimeframe; series: ChartSeries }
  | { type: 'chart.retry' }
  | { type: 'market.tick'; tick: Tick & { pair_id: string } }
  /** The risk desk changed a pair's terms: new bets take them, the slip shows them at once. */
  | { type: 'market.pair'; pairId: string; payout: number; active: boolean }
  | { type: 'socket.status'; status: 'connected' | 'reconnecting' };

/** Emitted for every tick of the chosen pair, so the chart repaints without a React render. */
export type MarketEmitted = { type: 'chart.tick'; tick: PricePoint };

const emptySeries = (kind: ChartKind, interval: ChartInterval): ChartSeries =>
  kind === 'line'
    ? { kind: 'line', points: [] }
    : { kind: 'candlestick', candles: [], intervalMs: CHART_INTERVAL_SECONDS[interval] * 1000 };

/** The chart kind and candle width of a timeframe: raw ticks are the line (its width stays). */
const timeframeChoice = (timeframe: ChartTimeframe): Pick<MarketContext, 'chartKind'> & Partial<MarketContext> =>
  timeframe === 'ticks' ? { chartKind: 'line' } : { chartKind: 'candlestick', candleInterval: timeframe };

/** A series that replaces the one shown, and the time of its newest point (a back-fill's start). */
function replacedSeries(context: MarketContext, series: ChartSeries): Partial<MarketContext> {
  const last = series.kind === 'line' ? series.points.at(-1)?.t : series.candles.at(-1)?.t;
  return { series, seriesRevision: context.seriesRevision + 1, lastTickAt: last ?? null, problem: null };
}

/** The stored pair when it is still offered and active, else the first active pair. */
function choosePair(pairs: readonly Pair[], stored: string | null | undefined): string | null {
  const active = pairs.filter((pair) => pair.active);
  return (active.find((pair) => pair.id === stored) ?? active[0] ?? pairs[0])?.id ?? null;
}

const MAX_BACKFILL_MINUTES = 1440;

/**
 * The market: the pairs and the platform config, the chosen pair (kept in storage), the chart kind
 * and candle width, the series the chart shows with live ticks folded in, and the socket link:
 * when it drops, the chart waits; when it is back, the gap is back-filled from the line endpoint,
 * retried with backoff until it succeeds.
 */
export const marketMachine = setup({
  types: {
    context: {} as MarketContext,
    events: {} as MarketEvent,
    input: {} as MarketInput,
    emitted: {} as MarketEmitted,
  },
  actors: {
    loadPairs: fromPromise<PairListPayload>(notProvided('loadPairs')),
    loadChart: fromPromise<ChartSeries, ChartRequest>(notProvided('loadChart')),
    loadLine: fromPromise<PricePoint[], BackfillRequest>(notProvided('loadLine')),
  },
  actions: {
    /** Keeps the chosen pair and chart kind for the next visit. */
    storeChoice: (_, _params: { pairId: string | null; kind: ChartKind }) => notProvided('storeChoice')(),
    /** Asks the socket for the ticks of these pairs (it re-subscribes by itself after a reconnect). */
    subscribePairs: (_, _params: { pairs: string[] }) => notProvided('subscribePairs')(),
  },
  delays: {
    backfillRetry: ({ context }) => backoffDelay(context.backfillAttempt, context.random),
  },
  guards: {
    knownPair: ({ context, event }) =>
      (event.type === 'pair.choose' || event.type === 'chart.adopt') && context.pairs.some((pair) => pair.id === event.pairId),
    canChart: ({ context }) => context.pairId !== null,
  },
}).createMachine({
  id: 'market',
  context: ({ input }) => {
    const kind = input.storedChartKind ?? 'line';
    return {
      pairs: [],
      platform: null,
      pairId: input.storedPairId ?? null,
      rates: {},
      chartKind: kind,
      candleInterval: '1m',
      series: emptySeries(kind, '1m'),
      seriesRevision: 0,
      lastTickAt: null,
      backfillAttempt: 0,
      random: input.random ?? Math.random,
      problem: null,
    };
  },
  initial: 'loadingPairs',
  states: {
    loadingPairs: {
      tags: ['busy'],
      invoke: {
        src: 'loadPairs',
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              pairs: event.output.items,
              platform: event.output.platform,
              pairId: choosePair(event.output.items, context.pairId),
              problem: null,
              rates: Object.fromEntries(
                event.output.items.flatMap((pair) => (pair.rate ? [[pair.id, pair.rate] as const] : [])),
              ),
            })),
            {
              type: 'subscribePairs',
              params: ({ event }) => ({ pairs: event.output.items.filter((p) => p.active).map((p) => p.id) }),
            },
          ],
        },
        onError: { target: 'pairsFailed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    pairsFailed: {
      tags: ['error'],
      on: { 'pairs.retry': 'loadingPairs' },
    },
    ready: {
      type: 'parallel',
      on: {
        'market.pair': {
          actions: assign({
            pairs: ({ context, event }) =>
              context.pairs.map((pair) => (pair.id === event.pairId ? { ...pair, payout: event.payout, active: event.active } : pair)),
          }),
        },
        'market.tick': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const { pair_id: pairId, id, t, v } = event.tick;
            const rates = { ...context.rates, [pairId]: { id, t, v } };
            if (pairId !== context.pairId) {
              enqueue.assign({ rates });
              return;
            }
            enqueue.assign({ rates, series: applyTick(context.series, { id, t, v }), lastTickAt: t });
            enqueue.emit({ type: 'chart.tick', tick: { id, t, v } });
          }),
        },
      },
      states: {
        chart: {
          initial: 'loading',
          on: {
            'pair.choose': {
              guard: 'knownPair',
              target: '.loading',
              actions: [
                assign({ pairId: ({ event }) => event.pairId, lastTickAt: null }),
                { type: 'storeChoice', params: ({ context }) => ({ pairId: context.pairId, kind: context.chartKind }) },
              ],
            },
            'chart.kind': {
              target: '.loading',
              actions: [
                assign({ chartKind: ({ event }) => event.kind }),
                { type: 'storeChoice', params: ({ context }) => ({ pairId: context.pairId, kind: context.chartKind }) },
              ],
            },
            'chart.interval': {
              target: '.loading',
              actions: assign({ candleInterval: ({ event }) => event.interval }),
            },
            'chart.timeframe': {
              target: '.loading',
              actions: [
                assign(({ event }) => timeframeChoice(event.timeframe)),
                { type: 'storeChoice', params: ({ context }) => ({ pairId: context.pairId, kind: context.chartKind }) },
              ],
            },
            'chart.adopt': {
              guard: 'knownPair',
              target: '.shown',
              actions: [
                assign(({ context, event }) => ({
                  pairId: event.pairId,
                  ...timeframeChoice(event.timeframe),
                  ...replacedSeries(context, event.series),
                })),
                { type: 'storeChoice', params: ({ context }) => ({ pairId: context.pairId, kind: context.chartKind }) },
              ],
            },
          },
          states: {
            loading: {
              tags: ['chartBusy'],
              always: { guard: ({ context }) => context.pairId === null, target: 'empty' },
              invoke: {
                src: 'loadChart',
                input: ({ context }) => ({
                  pairId: context.pairId ?? '',
                  kind: context.chartKind,
                  interval: context.candleInterval,
                }),
                onDone: {
                  target: 'shown',
                  actions: assign(({ context, event }) => replacedSeries(context, event.output)),
                },
                onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
              },
            },
            shown: {},
            empty: {},
            failed: {
              tags: ['chartError'],
              on: { 'chart.retry': 'loading' },
            },
          },
        },
        link: {
          initial: 'connecting',
          states: {
            connecting: {
              on: { 'socket.status': { guard: ({ event }) => event.status === 'connected', target: 'online' } },
            },
            online: {
              entry: assign({ backfillAttempt: 0 }),
              on: { 'socket.status': { guard: ({ event }) => event.status === 'reconnecting', target: 'offline' } },
            },
            offline: {
              tags: ['offline'],
              on: { 'socket.status': { guard: ({ event }) => event.status === 'connected', target: 'backfilling' } },
            },
            backfilling: {
              tags: ['offline'],
              always: { guard: ({ context }) => context.pairId === null, target: 'online' },
              invoke: {
                src: 'loadLine',
                input: ({ context }) => ({
                  pairId: context.pairId ?? '',
                  minutes: backfillMinutes(context.lastTickAt, Date.now()),
                }),
                onDone: {
                  target: 'online',
                  actions: assign(({ context, event }) => backfill(context, event.output)),
                },
                onError: { target: 'backfillWaiting' },
              },
              on: { 'socket.status': { guard: ({ event }) => event.status === 'reconnecting', target: 'offline' } },
            },
            backfillWaiting: {
              tags: ['offline'],
              after: {
                backfillRetry: {
                  target: 'backfilling',
                  actions: assign({ backfillAttempt: ({ context }) => context.backfillAttempt + 1 }),
                },
              },
              on: { 'socket.status': { guard: ({ event }) => event.status === 'reconnecting', target: 'offline' } },
            },
          },
        },
      },
    },
  },
});

/** Whole minutes since the last tick seen, plus one so the edge is covered; 15 when none was seen. */
export function backfillMinutes(lastTickAt: number | null, now: number): number {
  if (lastTickAt === null) return 15;
  return Math.min(MAX_BACKFILL_MINUTES, Math.max(1, Math.ceil((now - lastTickAt) / 60_000) + 1));
}

/** Folds the points fetched after a reconnect into the series shown. */
function backfill(context: MarketContext, points: PricePoint[]): Partial<MarketContext> {
  const fresh = points.filter((point) => context.lastTickAt === null || point.t > context.lastTickAt);
  const series: ChartSeries =
    context.series.kind === 'line'
      ? { kind: 'line', points: mergePoints(context.series.points, points) }
      : {
          ...context.series,
          candles: fresh.reduce(
            (candles, point) =>
              applyTickToCandles(
                candles,
                point,
                context.series.kind === 'candlestick' ? context.series.intervalMs : 60_000,
              ),
            context.series.candles,
          ),
        };
  const newest = points.at(-1)?.t ?? null;
  return {
    series,
    seriesRevision: context.seriesRevision + 1,
    lastTickAt:
      newest !== null && (context.lastTickAt === null || newest > context.lastTickAt) ? newest : context.lastTickAt,
  };
}
