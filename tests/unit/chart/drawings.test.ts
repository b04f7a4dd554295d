import { describe, expect, test } from 'vitest';
import {
  addDrawing,
  FIBONACCI_LEVELS,
  MAX_DRAWINGS_PER_PAIR,
  moveDrawing,
  removeDrawing,
} from '../../../src/shared/chart-drawings';
import type { Drawing } from '../../../src/shared/chart-drawings';
import { distanceToSegment, drawingShape, hitDrawing, hitsShape } from '../../../src/ui/chart/engine/drawing-geometry';
import { renderDrawings } from '../../../src/ui/chart/renderers/drawings';
import type { PaneScales } from '../../../src/ui/chart/engine/types';
import { drawingSchema } from '../../../src/api/contract/chart';
import { recordingContext } from './recording-context';
import { chartNumbers } from '../../../src/ui/chart/engine/chart-numbers';

/** x: 1 px per ms from 0; y: 10 px per unit, 0 at y = 100 (up is smaller y). */
const scales: PaneScales = { x: (t) => t, y: (v) => 100 - v * 10, plot: { left: 0, right: 200, top: 0, bottom: 100 } };
const numbers = chartNumbers(2, 'en');
const trend: Drawing = {
  id: 'd1',
  kind: 'trend',
  points: [
    { t: 10, v: 1 },
    { t: 110, v: 6 },
  ],
};

describe('drawing geometry', () => {
  test('distance to a segment: perpendicular inside it, to the nearer end outside it', () => {
    expect(distanceToSegment(5, 5, 0, 0, 10, 0)).toBe(5);
    expect(distanceToSegment(13, 4, 0, 0, 10, 0)).toBe(5);
    expect(distanceToSegment(3, 4, 0, 0, 0, 0)).toBe(5);
  });

  test('a trend line is its segment with a handle at each point; hit near it, missed away from it', () => {
    const shape = drawingShape(trend, scales, numbers);
    expect(shape.segments).toEqual([[10, 90, 110, 40]]);
    expect(shape.handles).toEqual([
      [10, 90],
      [110, 40],
    ]);
    expect(hitsShape(shape, 60, 65)).toBe(true);
    expect(hitsShape(shape, 60, 75)).toBe(false);
    // Past its end it is not hit (a segment, not a ray).
    expect(hitsShape(shape, 150, 20)).toBe(false);
  });

  test('horizontal and vertical lines span the plot; a horizontal one carries its price', () => {
    const horizontal = drawingShape({ id: 'd2', kind: 'horizontal', points: [{ t: 50, v: 3 }] }, scales, numbers);
    expect(horizontal.segments).toEqual([[0, 70, 200, 70]]);
    expect(horizontal.labels[0]!.text).toBe('3.00');
    expect(hitsShape(horizontal, 190, 72)).toBe(true);
    const vertical = drawingShape({ id: 'd3', kind: 'vertical', points: [{ t: 50, v: 3 }] }, scales, numbers);
    expect(vertical.segments).toEqual([[50, 0, 50, 100]]);
    expect(hitsShape(vertical, 48, 5)).toBe(true);
  });

  test('a rectangle is hit anywhere inside, whichever corner came first', () => {
    const shape = drawingShape(
      {
        id: 'd4',
        kind: 'rectangle',
        points: [
          { t: 100, v: 2 },
          { t: 20, v: 8 },
        ],
      },
      scales,
      numbers,
    );
    expect(shape.area).toEqual({ x: 20, y: 20, width: 80, height: 60 });
    expect(hitsShape(shape, 60, 50)).toBe(true);
    expect(hitsShape(shape, 150, 50)).toBe(false);
  });

  test('a Fibonacci retracement has a line per level: 0 at the second point, 1 at the first', () => {
    const shape = drawingShape(
      {
        id: 'd5',
        kind: 'fibonacci',
        points: [
          { t: 10, v: 0 },
          { t: 90, v: 10 },
        ],
      },
      scales,
      numbers,
    );
    expect(shape.segments).toHaveLength(FIBONACCI_LEVELS.length);
    expect(shape.segments[0]).toEqual([10, 0, 90, 0]);
    expect(shape.segments[3]![1]).toBeCloseTo(50);
    expect(shape.labels[3]!.text).toBe('0.5 (5.00)');
    expect(shape.segments[FIBONACCI_LEVELS.length - 1]).toEqual([10, 100, 90, 100]);
  });

  test('the topmost drawing under the pointer wins; none where nothing is', () => {
    const shapes = [
      drawingShape(trend, scales, numbers),
      drawingShape({ id: 'd9', kind: 'vertical', points: [{ t: 60, v: 0 }] }, scales, numbers),
    ];
    expect(hitDrawing(shapes, 60, 65)).toBe('d9');
    expect(hitDrawing(shapes, 12, 89)).toBe('d1');
    expect(hitDrawing(shapes, 180, 5)).toBeNull();
  });
});

describe('renderDrawings', () => {
  test('strokes each drawing, fills rectangles, writes labels, and puts handles on the selected one only', () => {
    const { context, ops } = recordingContext();
    const shapes = [
      drawingShape(trend, scales, numbers),
      drawingShape({ id: 'd2', kind: 'text', points: [{ t: 50, v: 5 }], text: 'note' }, scales, numbers),
    ];
    renderDrawings(context, shapes, { line: 'violet', selected: 'gold', fill: 'haze', text: 'white' }, 'd1');
    expect(ops('stroke').map((call) => call.stroke)).toEqual(['gold', 'violet']);
    expect(ops('fillText').map((call) => call.args[0])).toEqual(['note']);
    expect(ops('arc')).toHaveLength(2);
  });
});

describe('drawing rules', () => {
  test('ids are the next free number; the oldest goes past the limit; move and remove touch one drawing', () => {
    let drawings = addDrawing([], { kind: 'horizontal', points: [{ t: 1, v: 1 }] });
    drawings = addDrawing(drawings, { kind: 'vertical', points: [{ t: 2, v: 1 }] });
    expect(drawings.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(moveDrawing(drawings, 'd2', 10, 0.5)[1]!.points).toEqual([{ t: 12, v: 1.5 }]);
    // One point of a drawing (a handle dragged): the other stays.
    expect(moveDrawing([trend], 'd1', 10, 0.5, 0)[0]!.points).toEqual([{ t: 20, v: 1.5 }, trend.points[1]]);
    expect(removeDrawing(drawings, 'd1').map((d) => d.id)).toEqual(['d2']);
    for (let i = 0; i < MAX_DRAWINGS_PER_PAIR; i++)
      drawings = addDrawing(drawings, { kind: 'horizontal', points: [{ t: 1, v: i }] });
    expect(drawings).toHaveLength(MAX_DRAWINGS_PER_PAIR);
    expect(drawings[0]!.id).toBe('d3');
  });

  test('the contract takes a drawing with the points its kind needs, and nothing else', () => {
    expect(drawingSchema.safeParse(trend).success).toBe(true);
    expect(drawingSchema.safeParse({ ...trend, points: [trend.points[0]] }).success).toBe(false);
    expect(drawingSchema.safeParse({ ...trend, id: '<script>' }).success).toBe(false);
    expect(
      drawingSchema.safeParse({ id: 'd1', kind: 'text', points: [{ t: 1, v: 1 }], text: 'x'.repeat(81) }).success,
    ).toBe(false);
  });
});
