import { describe, expect, test } from 'vitest';
import { DRAWING_KINDS, moveDrawing, pointsOf } from '../../../src/shared/chart-drawings';
import type { Drawing, DrawingKind } from '../../../src/shared/chart-drawings';
import { drawingShape, hitDrawingAt, hitHandle } from '../../../src/ui/chart/engine/drawing-geometry';
import type { PaneScales } from '../../../src/ui/chart/engine/types';
import { renderDrawings } from '../../../src/ui/chart/renderers/drawings';
import { recordingContext } from './recording-context';
import { chartNumbers } from '../../../src/ui/chart/engine/chart-numbers';

/** x: 1 px per ms from 0; y: 10 px per unit, 0 at y = 100 (up is smaller y). */
const scales: PaneScales = { x: (t) => t, y: (v) => 100 - v * 10, plot: { left: 0, right: 200, top: 0, bottom: 100 } };
const numbers = chartNumbers(2, 'en');
/** Three points far apart: (20, 90), (120, 40), (160, 70) in pixels. */
const POINTS = [
  { t: 20, v: 1 },
  { t: 120, v: 6 },
  { t: 160, v: 3 },
];
const drawingOf = (kind: DrawingKind, id = 'd1'): Drawing => ({
  id,
  kind,
  points: POINTS.slice(0, pointsOf(kind)),
  ...(kind === 'text' ? { text: 'note' } : {}),
});
const shapeOf = (drawing: Drawing) => drawingShape(drawing, scales, numbers);

describe('drawing handles', () => {
  test.each(DRAWING_KINDS)('%s: a handle per point, in the order of its points, each hit as that point', (kind) => {
    const drawing = drawingOf(kind);
    const shape = shapeOf(drawing);
    expect(shape.handles).toHaveLength(drawing.points.length);
    shape.handles.forEach(([x, y], index) => {
      // The handle is where its point is.
      expect([x, y]).toEqual([scales.x(drawing.points[index]!.t), scales.y(drawing.points[index]!.v)]);
      // A few pixels off still takes it; selected, the handle wins over the body under it.
      expect(hitHandle(shape, x + 3, y - 3)).toBe(index);
      expect(hitDrawingAt([shape], 'd1', x + 3, y - 3)).toEqual({ id: 'd1', point: index });
      // Not selected, the same press takes the drawing's body (or nothing): handles are not shown.
      expect(hitDrawingAt([shape], null, x, y)?.point).toBeUndefined();
    });
    // Away from every handle: no handle.
    expect(hitHandle(shape, 0, 0)).toBeNull();
  });

  test.each(DRAWING_KINDS)('%s: moving one point by its index moves that handle only', (kind) => {
    const drawing = drawingOf(kind);
    const before = shapeOf(drawing).handles;
    const last = drawing.points.length - 1;
    const [moved] = moveDrawing([drawing], 'd1', 10, 1, last);
    const after = shapeOf(moved!).handles;
    expect(after.slice(0, last)).toEqual(before.slice(0, last));
    expect(after[last]).toEqual([before[last]![0] + 10, before[last]![1] - 10]);
    expect(moved!.points.slice(0, last)).toEqual(drawing.points.slice(0, last));
  });

  test('the body is hit where no handle is; the selected drawing\'s handle beats a drawing on top of it', () => {
    const trend = shapeOf(drawingOf('trend'));
    const over = shapeOf({ id: 'd2', kind: 'vertical', points: [{ t: 20, v: 5 }] });
    // The middle of the trend line is its body.
    expect(hitDrawingAt([trend, over], 'd1', 70, 65)).toEqual({ id: 'd1' });
    // On the first point, the vertical line on top is hit unless the trend line is selected.
    expect(hitDrawingAt([trend, over], null, 20, 90)).toEqual({ id: 'd2' });
    expect(hitDrawingAt([trend, over], 'd1', 20, 90)).toEqual({ id: 'd1', point: 0 });
    expect(hitDrawingAt([trend, over], 'd1', 190, 5)).toBeNull();
  });

  test('the two nearest handles: the nearer one wins', () => {
    const shape = shapeOf({ id: 'd1', kind: 'trend', points: [POINTS[0]!, { t: 30, v: 1 }] });
    expect(hitHandle(shape, 23, 90)).toBe(0);
    expect(hitHandle(shape, 27, 90)).toBe(1);
  });

  test('the renderer rings the chosen handle of the selected drawing, and nothing without one', () => {
    const colors = { line: 'violet', selected: 'gold', fill: 'haze', text: 'white' };
    const shapes = [shapeOf(drawingOf('channel'))];
    const plain = recordingContext();
    renderDrawings(plain.context, shapes, colors, 'd1');
    const chosen = recordingContext();
    renderDrawings(chosen.context, shapes, colors, 'd1', null, 2);
    expect(chosen.ops('arc')).toHaveLength(plain.ops('arc').length + 1);
    expect(chosen.ops('arc').at(-1)!.args.slice(0, 3)).toEqual([160, 70, 8]);
  });
});
