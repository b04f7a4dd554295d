/**
 * The indicators the chart offers and an instance's settings. The API contract validates them
 * (src/api/contract/chart.ts builds its schema from these lists); they live in src/shared because
 * src/ui may not import src/api.
 */

/** Indicators drawn over the prices. */
export const OVERLAY_INDICATORS = [
  'sma',
  'ema',
  'wma',
  'bollinger',
  'psar',
  'alligator',
  'ichimoku',
  'donchian',
  'keltner',
  'envelopes',
  'zigzag',
] as const;
/** Indicators drawn in a pane of their own below the prices. */
export const PANE_INDICATORS = ['rsi', 'macd', 'stochastic', 'adx', 'cci', 'williamsR', 'ao', 'atr', 'momentum', 'roc'] as const;
export const INDICATOR_KINDS = [...OVERLAY_INDICATORS, ...PANE_INDICATORS] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

/** The price an indicator of one series reads from each candle. */
export const PRICE_SOURCES = ['close', 'open', 'high', 'low', 'hl2', 'hlc3', 'ohlc4'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export interface IndicatorSettings {
  /** Tells two instances of one kind apart (two SMAs of different periods). */
  id: string;
  kind: IndicatorKind;
  /** The periods the kind reads: SMA one, MACD fast, slow and signal, Stochastic K, slowing and D. */
  periods: number[];
  /** Deviations (Bollinger), ATR multiple (Keltner), percent (Envelopes, ZigZag), step (SAR). */
  multiplier: number;
  source: PriceSource;
  color: string;
  width: number;
  hidden?: boolean | undefined;
}

export const MAX_INDICATORS_PER_CHART = 12;
