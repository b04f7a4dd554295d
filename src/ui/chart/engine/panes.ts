import type { PlotRect } from './types';

/** Room for the axes: the price scale on the right, the time scale at the bottom. */
export const MARGIN = { top: 12, right: 72, bottom: 24, left: 8 };
/** Space between two panes, where the divider is dragged. */
export const PANE_GAP = 8;
/** An indicator pane is never shorter than this (px), so its scale has room for two ticks. */
const MIN_PANE_HEIGHT = 48;
/** The main pane's default share against an indicator pane's 1. */
const MAIN_WEIGHT = 3;

export interface PaneLayout {
  main: PlotRect;
  panes: { id: string; plot: PlotRect }[];
}

/**
 * Stacks the main pane and the indicator panes between the top margin and the time axis. Each
 * indicator pane has weight 1 (or the weight the user dragged it to), the main pane `MAIN_WEIGHT`;
 * an indicator pane gets at least MIN_PANE_HEIGHT while the main pane keeps at least half.
 */
export function layoutPanes(
  width: number,
  height: number,
  paneIds: readonly string[],
  weights: Readonly<Record<string, number>> = {},
): PaneLayout {
  const left = MARGIN.left;
  const right = Math.max(left + 1, width - MARGIN.right);
  const top = MARGIN.top;
  const bottom = Math.max(top + 1, height - MARGIN.bottom);
  if (paneIds.length === 0) return { main: { left, right, top, bottom }, panes: [] };
  const available = bottom - top - PANE_GAP * paneIds.length;
  const total = MAIN_WEIGHT + paneIds.reduce((sum, id) => sum + (weights[id] ?? 1), 0);
  const heights = paneIds.map((id) => Math.max(MIN_PANE_HEIGHT, (available * (weights[id] ?? 1)) / total));
  const panesTotal = Math.min(
    available / 2,
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

/** The pane under a y position: 'main', an indicator pane's id, or null between or outside them. */
export function paneAt(layout: PaneLayout, y: number): string | null {
  if (y >= layout.main.top && y <= layout.main.bottom) return 'main';
  return layout.panes.find((pane) => y >= pane.plot.top && y <= pane.plot.bottom)?.id ?? null;
}
