import type { SnapshotFrom } from 'xstate';
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
