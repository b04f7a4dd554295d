import type { DrawingShape } from '../engine/drawing-geometry';

export interface DrawingColors {
  line: string;
  selected: string;
  fill: string;
  text: string;
}

/**
 * The trader's drawings: their lines, the rectangles' fill, the labels (Fibonacci levels, notes),
 * and the anchor handles of the selected one, with a ring around the handle of `handle` (the point
 * the keyboard moves). A drawing being placed is passed as `draft` and drawn dashed.
 */
export function renderDrawings(
  ctx: CanvasRenderingContext2D,
  shapes: readonly DrawingShape[],
  colors: DrawingColors,
  selectedId: string | null,
  draft: DrawingShape | null = null,
  handle: number | null = null,
) {
  ctx.save();
  ctx.lineWidth = 1.5;
  ctx.font = '11px sans-serif';
  for (const shape of shapes) paintShape(ctx, shape, shape.id === selectedId ? colors.selected : colors.line, colors);
  if (draft) {
    ctx.setLineDash([4, 3]);
    paintShape(ctx, draft, colors.selected, colors);
    ctx.setLineDash([]);
  }
  const selected = shapes.find((shape) => shape.id === selectedId);
  if (selected) {
    ctx.fillStyle = colors.selected;
    ctx.beginPath();
    for (const [x, y] of selected.handles) {
      ctx.moveTo(x + 4, y);
      ctx.arc(x, y, 4, 0, Math.PI * 2);
    }
    ctx.fill();
    const chosen = handle === null ? undefined : selected.handles[handle];
    if (chosen) {
      ctx.strokeStyle = colors.selected;
      ctx.beginPath();
      ctx.arc(chosen[0], chosen[1], 8, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  ctx.restore();
}

function paintShape(ctx: CanvasRenderingContext2D, shape: DrawingShape, stroke: string, colors: DrawingColors) {
  if (shape.area && shape.segments.length) {
    ctx.fillStyle = colors.fill;
    ctx.fillRect(shape.area.x, shape.area.y, shape.area.width, shape.area.height);
  }
  ctx.strokeStyle = stroke;
  ctx.beginPath();
  for (const [x1, y1, x2, y2] of shape.segments) {
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
  }
  ctx.stroke();
  ctx.fillStyle = shape.segments.length ? colors.text : stroke;
  for (const label of shape.labels) ctx.fillText(label.text, label.x, label.y);
}
