import { CHART_COLORS as COLORS } from './colors';
import { clipped } from './canvas';
import type { IndicatorRuntime } from './indicator-view';
import type { OverlayPane } from './overlay';
import type { PaneLayout } from './panes';
import { collectValues, paddedDomain, paintIndicator } from './series-marks';
import type { PaneScales, VisibleRange } from './types';
import { valueScale } from './viewport';
import { renderGrid } from '../renderers/grid';

/**
 * Paints each indicator pane below the main one on its own y scale: fixed (RSI 0..100) or fitted to
 * the visible values, its guide levels and zero line included. Returns the panes for the overlay's
 * scales and labels; without a canvas (`ctx` null) it only computes them.
 */
export function paintIndicatorPanes(
  ctx: CanvasRenderingContext2D | null,
  layout: PaneLayout,
  indicators: readonly IndicatorRuntime[],
  frame: { x: (t: number) => number; times: number[]; range: VisibleRange },
): OverlayPane[] {
  const panes: OverlayPane[] = [];
  for (const pane of layout.panes) {
    const indicator = indicators.find((i) => i.id === pane.id);
    if (!indicator) continue;
    const values: number[] = [...indicator.levels];
    if (indicator.range) values.push(...indicator.range);
    else collectValues(indicator, frame.range, values);
    if (indicator.lines.some((line) => line.mark === 'histogram')) values.push(0);
    const y = valueScale(paddedDomain(values), pane.plot);
    const scales: PaneScales = { x: frame.x, y: (v) => y(v), plot: pane.plot };
    if (ctx) {
      clipped(ctx, pane.plot, () => {
        renderGrid(ctx, scales, indicator.levels.length ? indicator.levels : y.ticks(3), COLORS.grid);
        paintIndicator(ctx, indicator, frame.times, frame.range, scales);
      });
    }
    panes.push({ id: pane.id, label: indicator.label, plot: pane.plot, y });
  }
  return panes;
}
