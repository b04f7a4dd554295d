import type { CandleColors, PaneScales } from '../engine/types';
import { bodyWidth, type CandleMarks } from './candles';

/** OHLC bars: a vertical bar from high to low, the open as a tick left, the close as a tick right. */
export function renderOhlcBars(ctx: CanvasRenderingContext2D, marks: CandleMarks, scales: PaneScales, colors: CandleColors) {
  const { candles, intervalMs, range } = marks;
  const tick = Math.max(1, bodyWidth(scales, intervalMs) / 2);
  for (const rising of [true, false]) {
    ctx.strokeStyle = rising ? colors.up : colors.down;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = range.i0; i < range.i1; i++) {
      const candle = candles[i]!;
      if (candle.c >= candle.o !== rising) continue;
      const center = Math.round(scales.x(candle.t + intervalMs / 2)) + 0.5;
      const open = Math.round(scales.y(candle.o)) + 0.5;
      const close = Math.round(scales.y(candle.c)) + 0.5;
      ctx.moveTo(center, scales.y(candle.h));
      ctx.lineTo(center, scales.y(candle.l));
      ctx.moveTo(center - tick, open);
      ctx.lineTo(center, open);
      ctx.moveTo(center, close);
      ctx.lineTo(center + tick, close);
    }
    ctx.stroke();
  }
}
