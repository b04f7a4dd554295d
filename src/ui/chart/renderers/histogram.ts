import type { PaneScales } from '../engine/types';
import type { LineMarks } from './line';

export interface HistogramStyle {
  up: string;
  down: string;
  /** Bar width in px. */
  width: number;
}

/** Bars from zero to each value (MACD's histogram, the Awesome Oscillator), coloured by sign. */
export function renderHistogram(ctx: CanvasRenderingContext2D, marks: LineMarks, scales: PaneScales, style: HistogramStyle) {
  const { times, values, range } = marks;
  const zero = scales.y(0);
  for (const rising of [true, false]) {
    ctx.fillStyle = rising ? style.up : style.down;
    for (let i = range.i0; i < range.i1; i++) {
      const v = values[i]!;
      if (Number.isNaN(v) || v >= 0 !== rising) continue;
      const x = scales.x(times[i]!);
      const y = scales.y(v);
      ctx.fillRect(x - style.width / 2, Math.min(y, zero), style.width, Math.max(1, Math.abs(zero - y)));
    }
  }
}
