import type { PriceCandle } from './types';

/** One drawn line of an indicator: its values aligned with the bars (NaN where there is none). */
export interface IndicatorLine {
  key: string;
  values: number[];
  color: string;
  width: number;
  mark: 'line' | 'dots' | 'histogram';
}

/**
 * A live indicator as the engine draws it. `reset` computes it over all bars; `update` folds the
 * last bar in, O(1): `appended` says whether the bar is new or replaces the last one (a tick inside
 * the same candle). When the series drops its oldest bar to stay within its cap, `dropFirst` keeps
 * the values aligned.
 */
export interface IndicatorRuntime {
  id: string;
  placement: 'overlay' | 'pane';
  label: string;
  lines: IndicatorLine[];
  /** Pairs of line keys filled between (Bollinger, Keltner, Donchian, the Ichimoku cloud). */
  bands: { upper: string; lower: string; fill: string }[];
  /** Horizontal guide levels in a pane (RSI 30/70, Stochastic 20/80). */
  levels: number[];
  /** A fixed value range for the pane (RSI 0..100), or null to fit the visible values. */
  range: [number, number] | null;
  reset: (bars: readonly PriceCandle[]) => void;
  update: (bar: PriceCandle, appended: boolean) => void;
  dropFirst: (count: number) => void;
}
