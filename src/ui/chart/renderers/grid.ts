import type { PaneScales } from '../engine/types';

/** Horizontal grid lines at the y scale's ticks, half transparent, crisp on the pixel grid. */
export function renderGrid(ctx: CanvasRenderingContext2D, scales: PaneScales, ticks: readonly number[], color: string) {
  const { plot } = scales;
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.5;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const value of ticks) {
    const y = Math.round(scales.y(value)) + 0.5;
    ctx.moveTo(plot.left, y);
    ctx.lineTo(plot.right, y);
  }
  ctx.stroke();
  ctx.globalAlpha = 1;
}
