import { FIBONACCI_EXTENSION_LEVELS, FIBONACCI_LEVELS } from '../../../shared/chart-drawings';
import type { Drawing, DrawingPoint } from '../../../shared/chart-drawings';
import type { ChartNumbers } from './chart-numbers';
import type { PaneScales } from './types';

/** A drawing in pixels: what the renderer paints and what the pointer hits. */
export interface DrawingShape {
  id: string;
  /** Line segments [x1, y1, x2, y2]. */
  segments: [number, number, number, number][];
  /** A filled area (rectangle), hit anywhere inside. */
  area: { x: number; y: number; width: number; height: number } | null;
  labels: { x: number; y: number; text: string }[];
  /**
   * Where the drawing's anchor points are, shown while it is selected: one per point, in the
   * order of its points, so a handle's index is the index of the point it moves.
   */
  handles: [number, number][];
}

/** Pixels around a line within which the pointer still hits it. */
const HIT_TOLERANCE = 6;
/** Pixels around a handle's centre within which a press takes the handle (the dot is 4 px). */
const HANDLE_TOLERANCE = 8;
/** The size a text note is hit by: about 7 px a character, one line of 14 px. */
const CHAR_WIDTH = 7;
const LINE_HEIGHT = 14;

type Pixel = [number, number];
type Plot = PaneScales['plot'];

/**
 * The shape of `drawing` under `scales`; `numbers` writes its labels (the Fibonacci levels, a
 * price range's difference) in the reader's language. A drawing still being placed may have fewer points than its kind: the
 * missing ones sit on the last one placed.
 */
export function drawingShape(
  drawing: Pick<Drawing, 'kind' | 'points' | 'text'> & { id?: string },
  scales: PaneScales,
  numbers: ChartNumbers,
): DrawingShape {
  const { plot } = scales;
  const [a, b = a, c = b] = drawing.points.map((p) => [scales.x(p.t), scales.y(p.v)] as Pixel);
  const shape: DrawingShape = { id: drawing.id ?? '', segments: [], area: null, labels: [], handles: [] };
  if (!a || !b || !c) return shape;
  const [from, to = from, third = to] = drawing.points as [DrawingPoint, DrawingPoint?, DrawingPoint?];
  switch (drawing.kind) {
    case 'trend':
      shape.segments.push([a[0], a[1], b[0], b[1]]);
      shape.handles.push(a, b);
      break;
    case 'ray':
      shape.segments.push([a[0], a[1], ...extendedTo(a, b, plot)]);
      shape.handles.push(a, b);
      break;
    case 'extended':
      shape.segments.push([...extendedTo(b, a, plot), ...extendedTo(a, b, plot)]);
      shape.handles.push(a, b);
      break;
    case 'channel': {
      // The parallel passes through the third point: the line moved by how far that point is above
      // or below the line at its own time.
      const offset = c[1] - yOnLine(a, b, c[0]);
      shape.segments.push([a[0], a[1], b[0], b[1]], [a[0], a[1] + offset, b[0], b[1] + offset]);
      shape.handles.push(a, b, c);
      break;
    }
    case 'horizontal':
      shape.segments.push([plot.left, a[1], plot.right, a[1]]);
      shape.labels.push({ x: plot.left + 4, y: a[1] - 4, text: numbers.price(from.v) });
      shape.handles.push([Math.min(plot.right, Math.max(plot.left, a[0])), a[1]]);
      break;
    case 'vertical':
      shape.segments.push([a[0], plot.top, a[0], plot.bottom]);
      shape.handles.push([a[0], Math.min(plot.bottom, Math.max(plot.top, a[1]))]);
      break;
    case 'rectangle':
      boxBetween(shape, a, b);
      break;
    case 'priceRange': {
      boxBetween(shape, a, b);
      const middle = (a[0] + b[0]) / 2;
      const change = to.v - from.v;
      const percent = from.v === 0 ? 0 : (change / from.v) * 100;
      shape.segments.push([middle, a[1], middle, b[1]]);
      shape.labels.push({
        x: Math.min(a[0], b[0]) + 2,
        y: Math.min(a[1], b[1]) - 4,
        text: `${numbers.change(change)} (${numbers.percent(percent)})`,
      });
      break;
    }
    case 'fibonacci':
      // Level 0 at the second point, 1 at the first: drawn from a low to a high, the levels are
      // how far a pullback from the high retraces.
      levelLines(shape, scales, numbers, FIBONACCI_LEVELS, [a, b], (level) => to.v - (to.v - from.v) * level);
      shape.handles.push(a, b);
      break;
    case 'fibonacciExtension':
      // The move from the first point to the second, projected from the third (where the
      // pullback ended): 1 is where the same move again would reach.
      shape.segments.push([a[0], a[1], b[0], b[1]], [b[0], b[1], c[0], c[1]]);
      levelLines(
        shape,
        scales,
        numbers,
        FIBONACCI_EXTENSION_LEVELS,
        [a, b, c],
        (level) => third.v + (to.v - from.v) * level,
      );
      shape.handles.push(a, b, c);
      break;
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

/** Where the line from `from` through `to` leaves the plot, past `to` (`to` itself when they meet). */
function extendedTo(from: Pixel, to: Pixel, plot: Plot): Pixel {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  if (dx === 0 && dy === 0) return to;
  const reach = (d: number, at: number, low: number, high: number) =>
    d > 0 ? (high - at) / d : d < 0 ? (low - at) / d : Infinity;
  const k = Math.max(0, Math.min(reach(dx, to[0], plot.left, plot.right), reach(dy, to[1], plot.top, plot.bottom)));
  return [to[0] + dx * k, to[1] + dy * k];
}

/** The y of the line through `a` and `b` at x (a vertical line's own y at `a`). */
const yOnLine = (a: Pixel, b: Pixel, x: number) =>
  b[0] === a[0] ? a[1] : a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]);

/** A box with corners `a` and `b`: filled, outlined, a handle at each of the two. */
function boxBetween(shape: DrawingShape, a: Pixel, b: Pixel) {
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
}

/** A labelled level line at each of `levels`, from the leftmost to the rightmost point of `span`. */
function levelLines(
  shape: DrawingShape,
  scales: PaneScales,
  numbers: ChartNumbers,
  levels: readonly number[],
  span: Pixel[],
  valueAt: (level: number) => number,
) {
  const left = Math.min(...span.map((p) => p[0]));
  const right = Math.max(...span.map((p) => p[0]));
  for (const level of levels) {
    const value = valueAt(level);
    const y = scales.y(value);
    shape.segments.push([left, y, right, y]);
    shape.labels.push({ x: left + 2, y: y - 3, text: `${numbers.plain(level)} (${numbers.price(value)})` });
  }
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

/** The index of the shape's handle nearest to (x, y) within the tolerance, or null. */
export function hitHandle(shape: DrawingShape, x: number, y: number, tolerance = HANDLE_TOLERANCE): number | null {
  let nearest: number | null = null;
  let best = tolerance;
  for (const [index, [hx, hy]] of shape.handles.entries()) {
    const distance = Math.hypot(x - hx, y - hy);
    if (distance <= best) {
      nearest = index;
      best = distance;
    }
  }
  return nearest;
}

/** What a press at (x, y) takes: a drawing, and the point of it when the press is on a handle. */
export interface DrawingHit {
  id: string;
  /** The index of the point whose handle was hit; absent for the drawing's body. */
  point?: number;
}

/**
 * What is under (x, y): a handle of the selected drawing first (only the selected one shows its
 * handles, and a handle may lie over another drawing's line), then the topmost drawing's body.
 */
export function hitDrawingAt(
  shapes: readonly DrawingShape[],
  selectedId: string | null,
  x: number,
  y: number,
): DrawingHit | null {
  const selected = selectedId === null ? undefined : shapes.find((shape) => shape.id === selectedId);
  const point = selected ? hitHandle(selected, x, y) : null;
  if (selected && point !== null) return { id: selected.id, point };
  const id = hitDrawing(shapes, x, y);
  return id === null ? null : { id };
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
