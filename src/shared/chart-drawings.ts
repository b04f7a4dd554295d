/**
 * The trader's drawings on a chart and the pure rules that edit them. A drawing is anchored to time
 * (epoch ms) and price, not to pixels, so it stays in place through zoom, pan, a timeframe change
 * and a reload. The layout keeps them per pair; the chart-layout machine applies these rules and the
 * chart draws the result.
 */

export const DRAWING_KINDS = [
  'trend',
  'ray',
  'extended',
  'horizontal',
  'vertical',
  'channel',
  'rectangle',
  'fibonacci',
  'fibonacciExtension',
  'priceRange',
  'text',
] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** A point of a drawing: t in epoch ms, v a price. */
export interface DrawingPoint {
  t: number;
  v: number;
}

export interface Drawing {
  /** Unique within the pair's drawings: 'd1', 'd2', … */
  id: string;
  kind: DrawingKind;
  /**
   * One point (horizontal, vertical, text), two (trend, ray, extended line, rectangle, Fibonacci
   * retracement, price range) or three (a channel: its line's two and the offset of the parallel;
   * a Fibonacci extension: the move's two and where the pullback ended).
   */
  points: DrawingPoint[];
  /** The note of a text drawing. */
  text?: string;
  /** A locked drawing can be selected, unlocked and deleted, but not moved. */
  locked?: boolean;
}

/** A pair keeps at most this many drawings, so a layout stays far under its size limit. */
export const MAX_DRAWINGS_PER_PAIR = 40;
export const MAX_DRAWING_TEXT = 80;

/** The retracement levels a Fibonacci drawing shows between its two points. */
export const FIBONACCI_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

/**
 * The levels a Fibonacci extension projects from its third point, as multiples of the move from
 * its first point to its second.
 */
export const FIBONACCI_EXTENSION_LEVELS = [0, 0.618, 1, 1.272, 1.618, 2, 2.618] as const;

/** How many points a kind is placed with. */
export function pointsOf(kind: DrawingKind): 1 | 2 | 3 {
  if (kind === 'horizontal' || kind === 'vertical' || kind === 'text') return 1;
  return kind === 'channel' || kind === 'fibonacciExtension' ? 3 : 2;
}

/** A drawing to add: the next free id, and the list still within the limit (the oldest goes). */
export function addDrawing(drawings: readonly Drawing[], drawing: Omit<Drawing, 'id'>): Drawing[] {
  let next = 1;
  for (const item of drawings) next = Math.max(next, Number(item.id.slice(1)) + 1 || next);
  const added = [...drawings, { ...drawing, id: `d${next}` }];
  return added.length > MAX_DRAWINGS_PER_PAIR ? added.slice(added.length - MAX_DRAWINGS_PER_PAIR) : added;
}

/**
 * Drawing `id` moved by dt (ms) and dv (price): every point, or only point `point` (an index into
 * its points: a handle dragged) when given.
 */
export function moveDrawing(
  drawings: readonly Drawing[],
  id: string,
  dt: number,
  dv: number,
  point?: number,
): Drawing[] {
  return drawings.map((item) => (item.id === id ? shifted(item, dt, dv, point) : item));
}

/** Drawing `id` locked or unlocked (an unlocked one carries no flag, as drawings saved before locks). */
export const lockDrawing = (drawings: readonly Drawing[], id: string, locked: boolean): Drawing[] =>
  drawings.map((item) => {
    if (item.id !== id) return item;
    const { locked: _was, ...rest } = item;
    return locked ? { ...rest, locked } : rest;
  });

export const removeDrawing = (drawings: readonly Drawing[], id: string): Drawing[] =>
  drawings.filter((item) => item.id !== id);

/** The drawing moved by dt and dv: every point, or only the one at index `point` when given. */
export function shifted(drawing: Drawing, dt: number, dv: number, point?: number): Drawing {
  return {
    ...drawing,
    points: drawing.points.map((p, i) => (point === undefined || i === point ? { t: p.t + dt, v: p.v + dv } : p)),
  };
}
