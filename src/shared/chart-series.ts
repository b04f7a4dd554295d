/**
 * The data the chart draws and the pure rules that fold a live tick into it. The market statechart
 * and the chart both use these, so the series a reload fetches and the one the ticks grew agree.
 * The shapes mirror the API contract structurally (src/ui may not import src/api), and the file lives in
 * src/shared because a machine may not import src/ui either.
 */

/** A price point: t in epoch ms. */
export interface PricePoint {
  id: number;
  t: number;
  v: number;
}

/** A candle: t is its start in epoch ms. */
export interface PriceCandle {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

export type ChartSeries =
  { kind: 'line'; points: PricePoint[] } | { kind: 'candlestick'; candles: PriceCandle[]; intervalMs: number };

/** The line keeps at most this many points in memory (a day of one tick per second is 86 400). */
const MAX_LINE_POINTS = 7200;
/** The candle chart keeps at most this many candles. */
const MAX_CANDLES = 1500;

/** Appends a tick to a line, ignoring ticks that are not newer than the last point. */
function appendPoint(points: readonly PricePoint[], tick: PricePoint, max = MAX_LINE_POINTS): PricePoint[] {
  const last = points[points.length - 1];
  if (last && tick.t <= last.t) return points as PricePoint[];
  const next = points.length >= max ? points.slice(points.length - max + 1) : points.slice();
  next.push({ id: tick.id, t: tick.t, v: tick.v });
  return next;
}

/**
 * Folds a tick into candles of `intervalMs`: inside the last candle it moves its close, high and
 * low; past it, it opens a new candle at the interval boundary; older ticks are ignored.
 */
export function applyTickToCandles(
  candles: readonly PriceCandle[],
  tick: PricePoint,
  intervalMs: number,
  max = MAX_CANDLES,
): PriceCandle[] {
  const start = Math.floor(tick.t / intervalMs) * intervalMs;
  const last = candles[candles.length - 1];
  if (last && start < last.t) return candles as PriceCandle[];
  if (last && start === last.t) {
    const next = candles.slice();
    next[next.length - 1] = {
      t: last.t,
      o: last.o,
      h: Math.max(last.h, tick.v),
      l: Math.min(last.l, tick.v),
      c: tick.v,
    };
    return next;
  }
  const next = candles.length >= max ? candles.slice(candles.length - max + 1) : candles.slice();
  next.push({ t: start, o: tick.v, h: tick.v, l: tick.v, c: tick.v });
  return next;
}

/** Folds a tick into whichever series is shown. */
export function applyTick(series: ChartSeries, tick: PricePoint): ChartSeries {
  return series.kind === 'line'
    ? { kind: 'line', points: appendPoint(series.points, tick) }
    : { ...series, candles: applyTickToCandles(series.candles, tick, series.intervalMs) };
}

/**
 * Merges points fetched after a reconnect into the points already held: the union by time, in
 * order, the fetched value winning where both have the same instant.
 */
export function mergePoints(
  held: readonly PricePoint[],
  fetched: readonly PricePoint[],
  max = MAX_LINE_POINTS,
): PricePoint[] {
  const byTime = new Map<number, PricePoint>();
  for (const point of held) byTime.set(point.t, point);
  for (const point of fetched) byTime.set(point.t, point);
  const merged = [...byTime.values()].sort((a, b) => a.t - b.t);
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

/** The last price of a series, or null when it is empty. */
export function lastPrice(series: ChartSeries): { t: number; v: number } | null {
  if (series.kind === 'line') {
    const last = series.points[series.points.length - 1];
    return last ? { t: last.t, v: last.v } : null;
  }
  const last = series.candles[series.candles.length - 1];
  return last ? { t: last.t, v: last.c } : null;
}

/**
 * How the main series is drawn. Line and area draw ticks or candle closes; the rest need candles.
 * Candles (and Heikin-Ashi) always draw a rising body hollow and a falling one filled.
 */
export const CHART_STYLES = ['line', 'area', 'candles', 'bars', 'heikinAshi'] as const;
export type ChartStyle = (typeof CHART_STYLES)[number];
