import type { ChartStyle, PriceCandle } from '../../../shared/chart-series';

/** A pane's plot area in CSS pixels: where its marks are clipped and its y scale maps to. */
export interface PlotRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What every renderer needs to place a value: time (epoch ms) to x, value to y, and the plot. */
export interface PaneScales {
  x: (t: number) => number;
  y: (v: number) => number;
  plot: PlotRect;
}

/** The visible index range [i0, i1) of a time-ordered array, with one element of slack each side. */
export interface VisibleRange {
  i0: number;
  i1: number;
}

export type { ChartStyle } from '../../../shared/chart-series';

/** Whether a style draws candles (and so needs candle data to show as itself). */
export const isCandleStyle = (style: ChartStyle) => style !== 'line' && style !== 'area';

export interface CandleColors {
  up: string;
  down: string;
}

export type { PriceCandle };
