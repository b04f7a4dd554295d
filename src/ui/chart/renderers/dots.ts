import type { PaneScales } from '../engine/types';
import type { LineMarks, LineStyle } from './line';

/** A dot per value (Parabolic SAR), radius from the line width. */
export function renderDots(ctx: CanvasRenderingContext2D, marks: LineMarks, scales: PaneScales, style: LineStyle) {
  const { times, values, range } = marks;
  const r = Math.max(1, style.width);
  ctx.fillStyle = style.color;
  ctx.beginPath();
  for (let i = range.i0; i < range.i1; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const x = scales.x(times[i]!);
    const y = scales.y(v);
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
  ctx.fill();
}
