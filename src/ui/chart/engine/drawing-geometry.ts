import { FIBONACCI_LEVELS } from '../../../shared/chart-drawings';
import type { Drawing } from '../../../shared/chart-drawings';
import type { PaneScales } from './types';

/** A drawing in pixels: what the renderer paints and what the pointer hits. */
export interface DrawingShape {
  id: string;
  /** Line segments [x1, y1, x2, y2]. */
  segments: [number, number, number, number][];
  /** A filled area (rectangle), hit anywhere inside. */
  area: { x: number; y: number; width: number; height: number } | null;
  labels: { x: number; y: number; text: string }[];
  /** Where the drawing's anchor points are, shown while it is selected. */
  handles: [number, number][];
}

/** Pixels around a line within which the pointer still hits it. */
const HIT_TOLERANCE = 6;
/** The size a text note is hit by: about 7 px a character, one line of 14 px. */
const CHAR_WIDTH = 7;
const LINE_HEIGHT = 14;

/** The shape of `drawing` under `scales`; `price` formats the Fibonacci levels' prices. */
export function drawingShape(
  drawing: Pick<Drawing, 'kind' | 'points' | 'text'> & { id?: string },
  scales: PaneScales,
  price: (v: number) => string,
): DrawingShape {
  const { plot } = scales;
  const [a, b = a] = drawing.points.map((p) => [scales.x(p.t), scales.y(p.v)] as [number, number]);
  const shape: DrawingShape = { id: drawing.id ?? '', segments: [], area: null, labels: [], handles: [] };
  if (!a || !b) return shape;
  switch (drawing.kind) {
    case 'trend':
      shape.segments.push([a[0], a[1], b[0], b[1]]);
      shape.handles.push(a, b);
      break;
    case 'horizontal':
      shape.segments.push([plot.left, a[1], plot.right, a[1]]);
      shape.labels.push({ x: plot.left + 4, y: a[1] - 4, text: price(drawing.points[0]!.v) });
      shape.handles.push([Math.min(plot.right, Math.max(plot.left, a[0])), a[1]]);
      break;
    case 'vertical':
      shape.segments.push([a[0], plot.top, a[0], plot.bottom]);
      shape.handles.push([a[0], Math.min(plot.bottom, Math.max(plot.top, a[1]))]);
      break;
    case 'rectangle': {
      const x = Math.min(a[0], b[0]);
      const y = Math.min(a[1], b[1]);
      const width = Math.abs(b[0] - a[0]);
      const height = Math.abs(b[1] - a[1]);
      shape.area = { x, y, width, height };
      shape.segments.push(
        [x, y, x + width, y],
        [x + width, y, x + width, y + height],
        [x + width, y + height, x, y + height],
        [x, y + height, x, y],
      );
      shape.handles.push(a, b);
      break;
    }
    case 'fibonacci': {
      // Level 0 at the second point, 1 at the first: drawn from a low to a high, the levels are
      // how far a pullback from the high retraces.
      const [from, to] = drawing.points as [Drawing['points'][number], Drawing['points'][number]];
      const left = Math.min(a[0], b[0]);
      const right = Math.max(a[0], b[0]);
      for (const level of FIBONACCI_LEVELS) {
        const value = to.v - (to.v - from.v) * level;
        const y = scales.y(value);
        shape.segments.push([left, y, right, y]);
        shape.labels.push({ x: left + 2, y: y - 3, text: `${level} (${price(value)})` });
      }
      shape.handles.push(a, b);
      break;
    }
    case 'text': {
      const text = drawing.text ?? '';
      shape.labels.push({ x: a[0], y: a[1], text });
      shape.area = {
        x: a[0],
        y: a[1] - LINE_HEIGHT + 3,
        width: Math.max(CHAR_WIDTH, text.length * CHAR_WIDTH),
        height: LINE_HEIGHT,
      };
      shape.handles.push(a);
      break;
    }
  }
  return shape;
}

/** The distance (px) from (px, py) to the segment from (x1, y1) to (x2, y2). */
export function distanceToSegment(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length2 = dx * dx + dy * dy;
  const along = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length2));
  return Math.hypot(px - (x1 + along * dx), py - (y1 + along * dy));
}

/** Whether the point (x, y) touches the shape: within the tolerance of a line, or inside its area. */
export function hitsShape(shape: DrawingShape, x: number, y: number, tolerance = HIT_TOLERANCE): boolean {
  const { area } = shape;
  if (
    area &&
    x >= area.x - tolerance &&
    x <= area.x + area.width + tolerance &&
    y >= area.y - tolerance &&
    y <= area.y + area.height + tolerance
  ) {
    return true;
  }
  return shape.segments.some(([x1, y1, x2, y2]) => distanceToSegment(x, y, x1, y1, x2, y2) <= tolerance);
}

/** The id of the topmost (latest) shape under (x, y), or null. */
export function hitDrawing(
  shapes: readonly DrawingShape[],
  x: number,
  y: number,
  tolerance = HIT_TOLERANCE,
): string | null {
  for (let i = shapes.length - 1; i >= 0; i--) if (hitsShape(shapes[i]!, x, y, tolerance)) return shapes[i]!.id;
  return null;
}
