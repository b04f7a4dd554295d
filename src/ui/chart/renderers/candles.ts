import type { CandleColors, PaneScales, PriceCandle, VisibleRange } from '../engine/types';

export interface CandleMarks {
  candles: readonly PriceCandle[];
  intervalMs: number;
  range: VisibleRange;
}

/** The body width for a candle slot: 70 % of it, at least 1 px, at most 24 px. */
export function bodyWidth(scales: PaneScales, intervalMs: number) {
  const slot = scales.x(intervalMs) - scales.x(0);
  return Math.max(1, Math.min(slot * 0.7, 24));
}

/**
 * Calls `draw` for each visible candle that rises (or, with `rising` false, falls), with its slot's
 * centre on the pixel grid: a renderer strokes one colour's candles in one path.
 */
export function eachCandleOf(
  marks: CandleMarks,
  scales: PaneScales,
  rising: boolean,
  draw: (candle: PriceCandle, center: number) => void,
) {
  const { candles, intervalMs, range } = marks;
  for (let i = range.i0; i < range.i1; i++) {
    const candle = candles[i]!;
    if (candle.c >= candle.o !== rising) continue;
    draw(candle, Math.round(scales.x(candle.t + intervalMs / 2)) + 0.5);
  }
}

/**
 * Candlesticks: the wick from high to low, the body from open to close. A rising body is an
 * outline and a falling one is filled, so the two differ by shape as well as colour (in monochrome,
 * in forced colours, to a colour-blind eye). Two passes (rising, then falling) so the colour
 * changes twice per frame, not per candle.
 */
export function renderCandles(ctx: CanvasRenderingContext2D, marks: CandleMarks, scales: PaneScales, colors: CandleColors) {
  const { candles, intervalMs, range } = marks;
  const body = bodyWidth(scales, intervalMs);
  for (const rising of [true, false]) {
    ctx.strokeStyle = rising ? colors.up : colors.down;
    ctx.fillStyle = ctx.strokeStyle;
    ctx.lineWidth = 1;
    ctx.beginPath();
    eachCandleOf(marks, scales, rising, (candle, center) => {
      if (rising) {
        // The wick stops at the body so the hollow body stays empty.
        ctx.moveTo(center, scales.y(candle.h));
        ctx.lineTo(center, scales.y(candle.c));
        ctx.moveTo(center, scales.y(candle.o));
        ctx.lineTo(center, scales.y(candle.l));
      } else {
        ctx.moveTo(center, scales.y(candle.h));
        ctx.lineTo(center, scales.y(candle.l));
      }
    });
    ctx.stroke();
    if (rising) ctx.beginPath();
    for (let i = range.i0; i < range.i1; i++) {
      const candle = candles[i]!;
      if (candle.c >= candle.o !== rising) continue;
      const center = scales.x(candle.t + intervalMs / 2);
      const top = scales.y(Math.max(candle.o, candle.c));
      const height = Math.max(1, scales.y(Math.min(candle.o, candle.c)) - top);
      if (rising) ctx.rect(Math.round(center - body / 2) + 0.5, Math.round(top) + 0.5, Math.round(body), Math.round(height));
      else ctx.fillRect(center - body / 2, top, body, height);
    }
    if (rising) ctx.stroke();
  }
}
