import type { PaneScales, VisibleRange } from '../engine/types';

export interface LineMarks {
  /** x positions' times (epoch ms) and the values, same length. */
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  range: VisibleRange;
}

export interface LineStyle {
  color: string;
  width: number;
}

/**
 * Traces the polyline of the visible values into the current path; NaN values (an indicator's
 * warm-up) break the line. Returns whether anything was traced.
 */
function traceLine(ctx: CanvasRenderingContext2D, marks: LineMarks, scales: PaneScales): boolean {
  const { times, values, range } = marks;
  let drawing = false;
  let traced = false;
  for (let i = range.i0; i < range.i1; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) {
      drawing = false;
      continue;
    }
    const x = scales.x(times[i]!);
    const y = scales.y(v);
    if (drawing) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
    drawing = true;
    traced = true;
  }
  return traced;
}

/** A line through the values (the price line, or one line of an indicator). */
export function renderLine(ctx: CanvasRenderingContext2D, marks: LineMarks, scales: PaneScales, style: LineStyle) {
  if (marks.range.i1 - marks.range.i0 < 1) return;
  ctx.beginPath();
  if (!traceLine(ctx, marks, scales)) return;
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width;
  ctx.lineJoin = 'round';
  ctx.stroke();
}
