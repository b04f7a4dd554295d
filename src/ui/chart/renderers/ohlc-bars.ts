import type { CandleColors, PaneScales } from '../engine/types';
import { bodyWidth, eachCandleOf, type CandleMarks } from './candles';

/** OHLC bars: a vertical bar from high to low, the open as a tick left, the close as a tick right. */
export function renderOhlcBars(ctx: CanvasRenderingContext2D, marks: CandleMarks, scales: PaneScales, colors: CandleColors) {
  const tick = Math.max(1, bodyWidth(scales, marks.intervalMs) / 2);
  for (const rising of [true, false]) {
    ctx.strokeStyle = rising ? colors.up : colors.down;
    ctx.lineWidth = 1;
    ctx.beginPath();
    eachCandleOf(marks, scales, rising, (candle, center) => {
      const open = Math.round(scales.y(candle.o)) + 0.5;
      const close = Math.round(scales.y(candle.c)) + 0.5;
      ctx.moveTo(center, scales.y(candle.h));
      ctx.lineTo(center, scales.y(candle.l));
      ctx.moveTo(center - tick, open);
      ctx.lineTo(center, open);
      ctx.moveTo(center, close);
      ctx.lineTo(center + tick, close);
    });
    ctx.stroke();
  }
}
