import { bisector } from 'd3-array';
import type { VisibleRange } from '../engine/types';

const byTime = bisector<{ t: number }, number>((d) => d.t);

/** Points whose time is in [from, to], with one neighbour each side so a line reaches the edges. */
export function visiblePoints(items: readonly { t: number }[], from: number, to: number): VisibleRange {
  return {
    i0: Math.max(0, byTime.left(items, from) - 1),
    i1: Math.min(items.length, byTime.right(items, to) + 1),
  };
}

/** Candles that overlap [from, to]: a candle starting one interval before `from` still shows. */
export function visibleCandles(items: readonly { t: number }[], from: number, to: number, intervalMs: number): VisibleRange {
  return {
    i0: Math.max(0, byTime.left(items, from - intervalMs)),
    i1: Math.min(items.length, byTime.right(items, to) + 1),
  };
}
