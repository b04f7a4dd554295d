import type { PaneScales } from '../engine/types';
import { renderLine, type LineMarks, type LineStyle } from './line';

export interface AreaStyle extends LineStyle {
  fillTop: string;
  fillBottom: string;
}

/** The line and, under it, a fill fading down to the bottom of the plot. */
export function renderArea(ctx: CanvasRenderingContext2D, marks: LineMarks, scales: PaneScales, style: AreaStyle) {
  const { times, range } = marks;
  if (range.i1 - range.i0 < 1) return;
  renderLine(ctx, marks, scales, style);
  const { bottom, top } = scales.plot;
  ctx.lineTo(scales.x(times[range.i1 - 1]!), bottom);
  ctx.lineTo(scales.x(times[range.i0]!), bottom);
  ctx.closePath();
  const fill = ctx.createLinearGradient(0, top, 0, bottom);
  fill.addColorStop(0, style.fillTop);
  fill.addColorStop(1, style.fillBottom);
  ctx.fillStyle = fill;
  ctx.fill();
}
