import { describe, expect, test } from 'vitest';
import { renderArea } from '../../../src/ui/chart/renderers/area';
import { renderBand } from '../../../src/ui/chart/renderers/band';
import { bodyWidth, renderCandles } from '../../../src/ui/chart/renderers/candles';
import { renderDots } from '../../../src/ui/chart/renderers/dots';
import { renderGrid } from '../../../src/ui/chart/renderers/grid';
import { heikinAshi, heikinAshiCandle } from '../../../src/ui/chart/renderers/heikin-ashi';
import { renderHistogram } from '../../../src/ui/chart/renderers/histogram';
import { renderLine } from '../../../src/ui/chart/renderers/line';
import { renderOhlcBars } from '../../../src/ui/chart/renderers/ohlc-bars';
import { visibleCandles, visiblePoints } from '../../../src/ui/chart/renderers/visible';
import type { PaneScales, PriceCandle } from '../../../src/ui/chart/engine/types';
import { recordingContext } from './recording-context';

/** x: 1 px per ms from 0; y: 10 px per unit, 0 at y = 100 (up is smaller y). */
const scales: PaneScales = { x: (t) => t, y: (v) => 100 - v * 10, plot: { left: 0, right: 200, top: 0, bottom: 100 } };
const colors = { up: 'green', down: 'red' };
const rising: PriceCandle = { t: 0, o: 2, h: 5, l: 1, c: 4 };
const falling: PriceCandle = { t: 20, o: 4, h: 6, l: 2, c: 3 };

describe('visible ranges', () => {
  const items = [0, 10, 20, 30, 40].map((t) => ({ t }));
  test('points keep one neighbour each side', () => {
    expect(visiblePoints(items, 15, 25)).toEqual({ i0: 1, i1: 4 });
  });
  test('a candle that started one interval before the window still shows', () => {
    // From the candle at 10 (it covers 15) to one of slack after the one at 20.
    expect(visibleCandles(items, 15, 25, 10)).toEqual({ i0: 1, i1: 4 });
  });
});

describe('renderLine', () => {
  test('traces the visible values and breaks at NaN', () => {
    const { context, ops } = recordingContext();
    renderLine(context, { times: [0, 10, 20, 30], values: [1, NaN, 3, 4], range: { i0: 0, i1: 4 } }, scales, { color: 'blue', width: 2 });
    expect(ops('moveTo').map((c) => c.args)).toEqual([[0, 90], [20, 70]]);
    expect(ops('lineTo').map((c) => c.args)).toEqual([[30, 60]]);
    expect(ops('stroke')[0]!.stroke).toBe('blue');
  });
  test('draws nothing for an empty range', () => {
    const { context, calls } = recordingContext();
    renderLine(context, { times: [], values: [], range: { i0: 0, i1: 0 } }, scales, { color: 'blue', width: 2 });
    expect(calls).toEqual([]);
  });
});

describe('renderArea', () => {
  test('closes the line down to the plot bottom and fills with a fading gradient', () => {
    const { context, ops, gradient } = recordingContext();
    renderArea(context, { times: [0, 10], values: [1, 2], range: { i0: 0, i1: 2 } }, scales, {
      color: 'blue',
      width: 2,
      fillTop: 'top',
      fillBottom: 'bottom',
    });
    expect(ops('lineTo').map((c) => c.args)).toEqual([[10, 80], [10, 100], [0, 100]]);
    expect(gradient.stops).toEqual([[0, 'top'], [1, 'bottom']]);
    expect(ops('fill')).toHaveLength(1);
  });
});

describe('renderCandles', () => {
  const marks = { candles: [rising, falling], intervalMs: 20, range: { i0: 0, i1: 2 } };
  test('a rising body is stroked, never filled; a falling body is filled; each in its direction colour', () => {
    const { context, ops, calls } = recordingContext();
    renderCandles(context, marks, scales, colors);
    expect(bodyWidth(scales, 20)).toBe(14);
    // The rising candle: an outline from open (y 80) to close (y 60), traced then stroked in green.
    expect(ops('rect')).toEqual([expect.objectContaining({ args: [3.5, 60.5, 14, 20], stroke: 'green' })]);
    const outlined = calls.findIndex((call) => call.op === 'rect');
    expect(calls.slice(outlined).find((call) => call.op === 'stroke' || call.op === 'fill' || call.op === 'fillRect')).toMatchObject({
      op: 'stroke',
      stroke: 'green',
    });
    // The falling candle alone is filled: its body from open (y 60) to close (y 70), in red.
    expect(ops('fillRect')).toEqual([expect.objectContaining({ args: [30 - 7, 60, 14, 10], fill: 'red' })]);
    expect(ops('fill')).toEqual([]);
  });
  test('the rising wick stops at the hollow body; the falling wick runs from high to low', () => {
    const { context, ops } = recordingContext();
    renderCandles(context, marks, scales, colors);
    // Rising: high (y 50) to close (y 60), then open (y 80) to low (y 90); falling: high (y 40) to low (y 80).
    expect(ops('moveTo').map((c) => c.args)).toEqual([[10.5, 50], [10.5, 80], [30.5, 40]]);
    expect(ops('lineTo').map((c) => c.args)).toEqual([[10.5, 60], [10.5, 90], [30.5, 80]]);
  });
  test('Heikin-Ashi candles follow the same rule: a rising one hollow, a falling one filled', () => {
    const { context, ops } = recordingContext();
    const [risingHa, fallingHa] = heikinAshi([rising, { t: 20, o: 4, h: 4.5, l: 1, c: 1.5 }]);
    expect(risingHa!.c).toBeGreaterThanOrEqual(risingHa!.o);
    expect(fallingHa!.c).toBeLessThan(fallingHa!.o);
    renderCandles(context, { candles: [risingHa!, fallingHa!], intervalMs: 20, range: { i0: 0, i1: 2 } }, scales, colors);
    expect(ops('rect')).toEqual([expect.objectContaining({ stroke: 'green' })]);
    expect(ops('fillRect')).toEqual([expect.objectContaining({ fill: 'red' })]);
  });
});

describe('renderOhlcBars', () => {
  test('a high-low bar, the open tick left and the close tick right', () => {
    const { context, ops } = recordingContext();
    renderOhlcBars(context, { candles: [rising], intervalMs: 20, range: { i0: 0, i1: 1 } }, scales, colors);
    expect(ops('moveTo').map((c) => c.args)).toEqual([[10.5, 50], [3.5, 80.5], [10.5, 60.5]]);
    expect(ops('lineTo').map((c) => c.args)).toEqual([[10.5, 90], [10.5, 80.5], [17.5, 60.5]]);
    expect(ops('stroke')[0]!.stroke).toBe('green');
  });
});

describe('heikinAshi', () => {
  test('close is the mean of OHLC, open the mid of the previous HA body', () => {
    const [first, second] = heikinAshi([rising, falling]);
    expect(first).toEqual({ t: 0, o: 3, h: 5, l: 1, c: 3 });
    expect(second).toEqual({ t: 20, o: 3, h: 6, l: 2, c: 3.75 });
    expect(heikinAshiCandle(falling, first)).toEqual(second);
  });
});

describe('renderHistogram', () => {
  test('bars from zero, coloured by sign', () => {
    const { context, ops } = recordingContext();
    renderHistogram(context, { times: [0, 10, 20], values: [2, -1, NaN], range: { i0: 0, i1: 3 } }, scales, { up: 'g', down: 'r', width: 4 });
    expect(ops('fillRect')).toEqual([
      expect.objectContaining({ args: [-2, 80, 4, 20], fill: 'g' }),
      expect.objectContaining({ args: [8, 100, 4, 10], fill: 'r' }),
    ]);
  });
});

describe('renderDots', () => {
  test('one circle per value', () => {
    const { context, ops } = recordingContext();
    renderDots(context, { times: [0, 10], values: [1, NaN], range: { i0: 0, i1: 2 } }, scales, { color: 'y', width: 2 });
    expect(ops('arc').map((c) => c.args.slice(0, 3))).toEqual([[0, 90, 2]]);
    expect(ops('fill')[0]!.fill).toBe('y');
  });
});

describe('renderBand', () => {
  test('fills between the lines, split where either is missing', () => {
    const { context, ops } = recordingContext();
    renderBand(context, { times: [0, 10, 20, 30], values: [3, 3, NaN, 3], range: { i0: 0, i1: 4 } }, [1, 1, 1, 1], scales, 'f');
    expect(ops('fill')).toHaveLength(2);
    expect(ops('lineTo').slice(0, 3).map((c) => c.args)).toEqual([[10, 70], [10, 90], [0, 90]]);
  });
});

describe('renderGrid', () => {
  test('a crisp line across the plot per tick', () => {
    const { context, ops } = recordingContext();
    renderGrid(context, scales, [1, 2], 'grey');
    expect(ops('moveTo').map((c) => c.args)).toEqual([[0, 90.5], [0, 80.5]]);
    expect(ops('lineTo').map((c) => c.args)).toEqual([[200, 90.5], [200, 80.5]]);
  });
});
