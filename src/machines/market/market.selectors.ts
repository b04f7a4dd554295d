import type { SnapshotFrom } from 'xstate';
import type { Pair } from '../../api/contract/market';
import type { Tick } from '../../api/contract/realtime';
import type { ChartTimeframe, marketMachine, LinkStatus } from './market.machine';

type MarketSnapshot = SnapshotFrom<typeof marketMachine>;

export const selectPairs = (s: MarketSnapshot) => s.context.pairs;
export const selectPlatform = (s: MarketSnapshot) => s.context.platform;
export const selectPairId = (s: MarketSnapshot) => s.context.pairId;
export const selectCurrentPair = (s: MarketSnapshot): Pair | null =>
  s.context.pairs.find((pair) => pair.id === s.context.pairId) ?? null;
export const selectCurrentRate = (s: MarketSnapshot): Tick | null =>
  (s.context.pairId ? s.context.rates[s.context.pairId] : undefined) ?? null;
export const selectRates = (s: MarketSnapshot) => s.context.rates;
/** The timeframe picker's value: the raw ticks for the line, else the candle width. */
export const selectTimeframe = (s: MarketSnapshot): ChartTimeframe =>
  s.context.chartKind === 'line' ? 'ticks' : s.context.candleInterval;
export const selectSeriesRevision = (s: MarketSnapshot) => s.context.seriesRevision;
export const selectPairsLoading = (s: MarketSnapshot) => s.matches('loadingPairs');
export const selectPairsFailed = (s: MarketSnapshot) => s.matches('pairsFailed');

/** What the chart shows: loading, the series, nothing to show, or a failure. */
export function selectChartStatus(s: MarketSnapshot): 'loading' | 'ready' | 'empty' | 'error' {
  if (s.matches('loadingPairs') || s.hasTag('chartBusy')) return 'loading';
  if (s.hasTag('chartError') || s.matches('pairsFailed')) return 'error';
  const series = s.context.series;
  const count = series.kind === 'line' ? series.points.length : series.candles.length;
  return count === 0 ? 'empty' : 'ready';
}

export function selectLinkStatus(s: MarketSnapshot): LinkStatus {
  if (s.matches({ ready: { link: 'online' } })) return 'online';
  if (s.matches({ ready: { link: 'offline' } })) return 'offline';
  if (s.hasTag('offline')) return 'backfilling';
  return 'connecting';
}

/** The whole series the market shows of this pair and timeframe (not loading, not failed), else null. */
export const selectShownSeries = (s: MarketSnapshot, pairId: string | null, timeframe: ChartTimeframe) =>
  pairId !== null && s.matches({ ready: { chart: 'shown' } }) && s.context.pairId === pairId && selectTimeframe(s) === timeframe
    ? s.context.series
    : null;
