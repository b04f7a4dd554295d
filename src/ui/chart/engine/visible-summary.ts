import type { PriceCandle } from './types';

/** The visible range in words: its first and last bar, its high and low, and the bars (newest last). */
export interface VisibleSummary {
  first: PriceCandle;
  last: PriceCandle;
  high: number;
  low: number;
  /** The visible bars, at most TABLE_ROWS of the newest, for the chart's data table. */
  rows: PriceCandle[];
}

/** What the keyboard crosshair reads: the bar under it and the price at its height. */
export interface CursorReading {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  /** Whether the bar is a candle (ticks have one price). */
  candles: boolean;
}

/** A screen reader's table need not list thousands of ticks: the newest this many of the range. */
const TABLE_ROWS = 50;

/** The summary of the bars between `from` and `to` (epoch ms), or null when none is visible. */
export function visibleSummary(bars: readonly PriceCandle[], from: number, to: number): VisibleSummary | null {
  let start = -1;
  let end = -1;
  let high = -Infinity;
  let low = Infinity;
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i]!;
    if (bar.t < from || bar.t > to) continue;
    if (start < 0) start = i;
    end = i;
    if (bar.h > high) high = bar.h;
    if (bar.l < low) low = bar.l;
  }
  if (start < 0) return null;
  return {
    first: bars[start]!,
    last: bars[end]!,
    high,
    low,
    rows: bars.slice(Math.max(start, end + 1 - TABLE_ROWS), end + 1),
  };
}
