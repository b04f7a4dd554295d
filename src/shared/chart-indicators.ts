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
export const PANE_INDICATORS = [
  'rsi',
  'macd',
  'stochastic',
  'adx',
  'cci',
  'williamsR',
  'ao',
  'atr',
  'momentum',
  'roc',
] as const;
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
/** Named indicator templates a trader keeps. */
export const MAX_TEMPLATES = 20;

type IndicatorDefaults = Pick<IndicatorSettings, 'periods' | 'multiplier' | 'source'>;

/** The settings a new instance of each kind starts with (the usual ones in trading terminals). */
export const INDICATOR_DEFAULTS: Record<IndicatorKind, IndicatorDefaults> = {
  sma: { periods: [20], multiplier: 1, source: 'close' },
  ema: { periods: [20], multiplier: 1, source: 'close' },
  wma: { periods: [20], multiplier: 1, source: 'close' },
  bollinger: { periods: [20], multiplier: 2, source: 'close' },
  psar: { periods: [1], multiplier: 0.02, source: 'close' },
  alligator: { periods: [13, 8, 5], multiplier: 1, source: 'hl2' },
  ichimoku: { periods: [9, 26, 52], multiplier: 1, source: 'close' },
  donchian: { periods: [20], multiplier: 1, source: 'close' },
  keltner: { periods: [20, 10], multiplier: 2, source: 'close' },
  envelopes: { periods: [20], multiplier: 2.5, source: 'close' },
  zigzag: { periods: [1], multiplier: 0.05, source: 'close' },
  rsi: { periods: [14], multiplier: 1, source: 'close' },
  macd: { periods: [12, 26, 9], multiplier: 1, source: 'close' },
  stochastic: { periods: [14, 1, 3], multiplier: 1, source: 'close' },
  adx: { periods: [14], multiplier: 1, source: 'close' },
  cci: { periods: [20], multiplier: 1, source: 'close' },
  williamsR: { periods: [14], multiplier: 1, source: 'close' },
  ao: { periods: [5, 34], multiplier: 1, source: 'hl2' },
  atr: { periods: [14], multiplier: 1, source: 'close' },
  momentum: { periods: [10], multiplier: 1, source: 'close' },
  roc: { periods: [12], multiplier: 1, source: 'close' },
};

/** A new instance's settings: the kind's defaults, a colour, and an id unique among `existing`. */
export function newIndicatorSettings(
  kind: IndicatorKind,
  existing: readonly IndicatorSettings[],
  color: string,
): IndicatorSettings {
  let n = 1;
  while (existing.some((item) => item.id === `${kind}-${n}`)) n++;
  const defaults = INDICATOR_DEFAULTS[kind];
  return {
    id: `${kind}-${n}`,
    kind,
    periods: [...defaults.periods],
    multiplier: defaults.multiplier,
    source: defaults.source,
    color,
    width: 2,
  };
}

/** Colours new instances take in turn, so two lines of one chart differ. */
export const INDICATOR_PALETTE = [
  '#8fb4ff',
  '#f5c451',
  '#22c55e',
  '#ef4444',
  '#c084fc',
  '#2dd4bf',
  '#fb923c',
  '#f472b6',
] as const;
