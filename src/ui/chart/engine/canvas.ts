import type { PlotRect } from './types';

/** The chart's two layers: the canvas of marks and the SVG overlay above it. */
export interface ChartElements {
  marks: HTMLCanvasElement;
  overlay: SVGSVGElement;
}

/** Sizes both layers to `width` x `height` CSS px; the canvas backs them with `dpr` device px each. */
export function sizeElements({ marks, overlay }: ChartElements, width: number, height: number, dpr: number) {
  marks.width = Math.round(width * dpr);
  marks.height = Math.round(height * dpr);
  marks.style.width = `${width}px`;
  marks.style.height = `${height}px`;
  overlay.setAttribute('width', String(width));
  overlay.setAttribute('height', String(height));
}

/** Runs `paint` with the canvas clipped to `plot`, so a pane's marks never spill into its neighbour. */
export function clipped(ctx: CanvasRenderingContext2D, plot: PlotRect, paint: () => void) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top);
  ctx.clip();
  paint();
  ctx.restore();
}
