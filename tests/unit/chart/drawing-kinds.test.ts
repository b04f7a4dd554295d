import { describe, expect, test } from 'vitest';
import { FIBONACCI_EXTENSION_LEVELS, lockDrawing } from '../../../src/shared/chart-drawings';
import type { DrawingKind, DrawingPoint } from '../../../src/shared/chart-drawings';
import { drawingShape, hitsShape } from '../../../src/ui/chart/engine/drawing-geometry';
import type { PaneScales } from '../../../src/ui/chart/engine/types';
import { chartLayoutSchema, drawingSchema } from '../../../src/api/contract/chart';
import { chartNumbers } from '../../../src/ui/chart/engine/chart-numbers';

/** x: 1 px per ms from 0; y: 10 px per unit, 0 at y = 100 (up is smaller y). */
const scales: PaneScales = { x: (t) => t, y: (v) => 100 - v * 10, plot: { left: 0, right: 200, top: 0, bottom: 100 } };
const numbers = chartNumbers(2, 'en');
/** (10, 90) and (110, 40) in pixels: half a pixel up for each pixel right. */
const A = { t: 10, v: 1 };
const B = { t: 110, v: 6 };
const shapeOf = (kind: DrawingKind, ...points: DrawingPoint[]) =>
  drawingShape({ id: 'd1', kind, points }, scales, numbers);

describe('the ray, the extended line and the parallel channel', () => {
  test('a ray starts at its first point and runs through the second to the edge of the plot', () => {
    const shape = shapeOf('ray', A, B);
    expect(shape.segments).toEqual([[10, 90, 190, 0]]);
    expect(shape.handles).toEqual([
      [10, 90],
      [110, 40],
    ]);
    // Past the second point it is hit (a trend line is not there); behind the first it is not.
    expect(hitsShape(shape, 150, 20)).toBe(true);
    expect(hitsShape(shape, 0, 95)).toBe(false);
  });

  test('an extended line runs to the edge of the plot both ways', () => {
    const shape = shapeOf('extended', A, B);
    expect(shape.segments).toEqual([[0, 95, 190, 0]]);
    expect(hitsShape(shape, 2, 94)).toBe(true);
    expect(hitsShape(shape, 150, 20)).toBe(true);
    expect(hitsShape(shape, 100, 80)).toBe(false);
  });

  test('a level or vertical extended line meets the edges straight', () => {
    expect(shapeOf('extended', { t: 50, v: 5 }, { t: 80, v: 5 }).segments).toEqual([[0, 50, 200, 50]]);
    expect(shapeOf('ray', { t: 50, v: 5 }, { t: 50, v: 8 }).segments).toEqual([[50, 50, 50, 0]]);
    // Both points in one place: nothing to extend, the point itself.
    expect(shapeOf('ray', A, A).segments).toEqual([[10, 90, 10, 90]]);
  });

  test('a channel is its line and the parallel through the third point, with three handles', () => {
    const shape = shapeOf('channel', A, B, { t: 60, v: 5 });
    expect(shape.segments).toEqual([
      [10, 90, 110, 40],
      [10, 75, 110, 25],
    ]);
    expect(shape.handles).toEqual([
      [10, 90],
      [110, 40],
      [60, 50],
    ]);
    expect(hitsShape(shape, 60, 50)).toBe(true);
    expect(hitsShape(shape, 60, 65)).toBe(true);
    // Halfway between the two lines is neither.
    expect(hitsShape(shape, 60, 57.5)).toBe(false);
  });

  test('a channel still being placed (two points) draws its line twice until the third is known', () => {
    expect(shapeOf('channel', A, B).segments).toEqual([
      [10, 90, 110, 40],
      [10, 90, 110, 40],
    ]);
  });
});

describe('the Fibonacci extension and the price range', () => {
  test('a Fibonacci extension projects the first move from the third point, level by level', () => {
    const shape = shapeOf('fibonacciExtension', { t: 10, v: 0 }, { t: 50, v: 4 }, { t: 90, v: 2 });
    // The move and the pullback, then one line per level.
    expect(shape.segments).toHaveLength(2 + FIBONACCI_EXTENSION_LEVELS.length);
    expect(shape.segments.slice(0, 2)).toEqual([
      [10, 100, 50, 60],
      [50, 60, 90, 80],
    ]);
    expect(shape.segments[2]).toEqual([10, 80, 90, 80]);
    const one = FIBONACCI_EXTENSION_LEVELS.indexOf(1);
    expect(shape.segments[2 + one]).toEqual([10, 40, 90, 40]);
    expect(shape.labels[one]!.text).toBe('1 (6.00)');
    expect(shape.handles).toHaveLength(3);
    expect(hitsShape(shape, 70, 41)).toBe(true);
    expect(hitsShape(shape, 150, 41)).toBe(false);
  });

  test('a price range is a box with the difference and the percent, up with a plus and down with a minus', () => {
    const up = shapeOf('priceRange', { t: 20, v: 2 }, { t: 100, v: 3 });
    expect(up.area).toEqual({ x: 20, y: 70, width: 80, height: 10 });
    expect(up.segments).toContainEqual([60, 80, 60, 70]);
    expect(up.labels.map((label) => label.text)).toEqual(['+1.00 (+50.00%)']);
    expect(hitsShape(up, 40, 75)).toBe(true);
    expect(hitsShape(up, 40, 50)).toBe(false);
    const down = shapeOf('priceRange', { t: 20, v: 4 }, { t: 100, v: 3 });
    expect(down.labels.map((label) => label.text)).toEqual(['−1.00 (−25.00%)']);
  });
});

describe('the contract for the new kinds', () => {
  test('three-point kinds need all three; a two-point kind takes no third', () => {
    const C = { t: 60, v: 5 };
    expect(drawingSchema.safeParse({ id: 'd1', kind: 'channel', points: [A, B, C] }).success).toBe(true);
    expect(drawingSchema.safeParse({ id: 'd1', kind: 'fibonacciExtension', points: [A, B] }).success).toBe(false);
    expect(drawingSchema.safeParse({ id: 'd1', kind: 'ray', points: [A, B, C] }).success).toBe(false);
    expect(drawingSchema.safeParse({ id: 'd1', kind: 'priceRange', points: [A, B] }).success).toBe(true);
    expect(drawingSchema.safeParse({ id: 'd1', kind: 'trend', points: [A, B, C, C] }).success).toBe(false);
  });
});

describe('locks and hiding', () => {
  test('a lock marks one drawing; unlocking drops the flag, as drawings saved before locks had none', () => {
    const drawings = [
      { id: 'd1', kind: 'trend' as const, points: [A, B] },
      { id: 'd2', kind: 'ray' as const, points: [A, B] },
    ];
    const locked = lockDrawing(drawings, 'd2', true);
    expect(locked[1]).toEqual({ ...drawings[1], locked: true });
    expect(locked[0]).toBe(drawings[0]);
    expect(lockDrawing(locked, 'd2', false)).toEqual(drawings);
  });

  test('the layout takes locked drawings and hidden drawings, and an old layout without either still reads', () => {
    const old = {
      grid: 1,
      charts: [{ pairId: null, timeframe: 'ticks', style: 'candles', indicators: [] }],
      templates: [],
    };
    expect(chartLayoutSchema.safeParse(old).success).toBe(true);
    const now = {
      ...old,
      drawings: { eurusd: [{ id: 'd1', kind: 'channel', points: [A, B, A], locked: true }] },
      drawingsHidden: true,
    };
    expect(chartLayoutSchema.parse(now)).toEqual(now);
  });
});
