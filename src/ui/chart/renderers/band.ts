import type { PaneScales } from '../engine/types';
import type { LineMarks } from './line';

/** The filled band between two lines (Bollinger, Keltner, Donchian, the Ichimoku cloud). */
export function renderBand(
  ctx: CanvasRenderingContext2D,
  upper: LineMarks,
  lower: ArrayLike<number>,
  scales: PaneScales,
  fill: string,
) {
  const { times, values, range } = upper;
  ctx.fillStyle = fill;
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    ctx.beginPath();
    for (let i = start; i < end; i++) {
      const x = scales.x(times[i]!);
      if (i === start) ctx.moveTo(x, scales.y(values[i]!));
      else ctx.lineTo(x, scales.y(values[i]!));
    }
    for (let i = end - 1; i >= start; i--) ctx.lineTo(scales.x(times[i]!), scales.y(lower[i]!));
    ctx.closePath();
    ctx.fill();
    start = -1;
  };
  for (let i = range.i0; i < range.i1; i++) {
    const missing = Number.isNaN(values[i]!) || Number.isNaN(lower[i]!);
    if (missing) close(i);
    else if (start < 0) start = i;
  }
  close(range.i1);
}
