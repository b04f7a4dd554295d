import type { SnapshotFrom } from 'xstate';
import type { ChartSeries } from '../../shared/chart-series';
import type { ChartTimeframe } from '../market/market.machine';
import type { chartFeedMachine } from './chart-feed.machine';

type ChartFeedSnapshot = SnapshotFrom<typeof chartFeedMachine>;

export const selectFeedSeriesRevision = (s: ChartFeedSnapshot) => s.context.seriesRevision;

/** What the chart shows: loading, the series, nothing to show (no pair, no prices), or a failure. */
export function selectFeedStatus(s: ChartFeedSnapshot): 'loading' | 'ready' | 'empty' | 'error' {
  if (s.hasTag('chartBusy')) return 'loading';
  if (s.hasTag('chartError')) return 'error';
  const series = s.context.series;
  const count = series.kind === 'line' ? series.points.length : series.candles.length;
  return count === 0 ? 'empty' : 'ready';
}

/** No pair is chosen for this chart yet (not the same as a pair without prices). */
export const selectFeedWithoutPair = (s: ChartFeedSnapshot) => s.matches('empty');

/** The whole series the feed shows, with its pair and timeframe (for the market to adopt), else null. */
export function selectFeedHandover(s: ChartFeedSnapshot): { pairId: string; timeframe: ChartTimeframe; series: ChartSeries } | null {
  const { pairId, timeframe, series } = s.context;
  return s.matches('shown') && pairId !== null ? { pairId, timeframe, series } : null;
}
