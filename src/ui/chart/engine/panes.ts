import { DEFAULT_MAIN_WEIGHT } from '../../../shared/chart-panes';
import type { PlotRect } from './types';

/** Room for the axes: the price scale on the right, the time scale at the bottom. */
export const MARGIN = { top: 12, right: 72, bottom: 24, left: 8 };
/** Space between two panes, where the divider is dragged. */
export const PANE_GAP = 8;
/** An indicator pane is never shorter than this (px), so its scale has room for two ticks. */
const MIN_PANE_HEIGHT = 48;

export interface PaneLayout {
  main: PlotRect;
  panes: { id: string; plot: PlotRect }[];
}

/**
 * Stacks the main pane and the indicator panes between the top margin and the time axis. Each
 * indicator pane has weight 1, the main pane `mainWeight` (the trader drags the divider to change
 * it); an indicator pane gets at least MIN_PANE_HEIGHT while the main pane keeps at least a fifth.
 */
export function layoutPanes(
  width: number,
  height: number,
  paneIds: readonly string[],
  mainWeight = DEFAULT_MAIN_WEIGHT,
): PaneLayout {
  const left = MARGIN.left;
  const right = Math.max(left + 1, width - MARGIN.right);
  const top = MARGIN.top;
  const bottom = Math.max(top + 1, height - MARGIN.bottom);
  if (paneIds.length === 0) return { main: { left, right, top, bottom }, panes: [] };
  const available = bottom - top - PANE_GAP * paneIds.length;
  const total = mainWeight + paneIds.length;
  const heights = paneIds.map(() => Math.max(MIN_PANE_HEIGHT, available / total));
  const panesTotal = Math.min(
    available * 0.8,
    heights.reduce((sum, h) => sum + h, 0),
  );
  const scale = panesTotal / heights.reduce((sum, h) => sum + h, 0);
  const mainBottom = top + (available - panesTotal);
  const panes: PaneLayout['panes'] = [];
  let y = mainBottom;
  paneIds.forEach((id, i) => {
    const h = heights[i]! * scale;
    panes.push({ id, plot: { left, right, top: y + PANE_GAP, bottom: y + PANE_GAP + h } });
    y += PANE_GAP + h;
  });
  return { main: { left, right, top, bottom: mainBottom }, panes };
}

/** The main weight that puts the divider under the main pane at `y` (px from the top). */
export function mainWeightAt(height: number, paneCount: number, y: number): number {
  const available = height - MARGIN.bottom - MARGIN.top - PANE_GAP * paneCount;
  const main = Math.max(1, y - MARGIN.top);
  const panes = Math.max(1, available - main);
  return (main / panes) * paneCount;
}
