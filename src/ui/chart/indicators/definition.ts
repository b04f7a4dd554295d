import type { IndicatorKind, IndicatorSettings, PriceSource } from '../../../shared/chart-indicators';
import type { PriceCandle } from '../engine/types';

/** One step of an indicator: folds a bar in (or replaces the last one) and answers the lines' values. */
export type IndicatorStep = (bar: PriceCandle, replace: boolean) => Record<string, number> | null;

export interface IndicatorDefinition {
  kind: IndicatorKind;
  placement: 'overlay' | 'pane';
  /** The settings a new instance starts with. */
  defaults: Pick<IndicatorSettings, 'periods' | 'multiplier' | 'source'>;
  /** How many of `periods` the kind reads. */
  periodCount: number;
  /** Whether the price source applies (indicators of one series), and the multiplier. */
  usesSource: boolean;
  usesMultiplier: boolean;
  /** The lines drawn; the first takes the instance's colour, the others fixed companions. */
  lines: { key: string; mark: 'line' | 'dots' | 'histogram'; color?: string }[];
  bands?: { upper: string; lower: string }[];
  levels?: number[];
  range?: [number, number];
  create: (settings: IndicatorSettings) => IndicatorStep;
}

/** The price of a bar an indicator of one series reads. */
export function priceOf(bar: PriceCandle, source: PriceSource): number {
  switch (source) {
    case 'open':
      return bar.o;
    case 'high':
      return bar.h;
    case 'low':
      return bar.l;
    case 'hl2':
      return (bar.h + bar.l) / 2;
    case 'hlc3':
      return (bar.h + bar.l + bar.c) / 3;
    case 'ohlc4':
      return (bar.o + bar.h + bar.l + bar.c) / 4;
    default:
      return bar.c;
  }
}

export const hlc = (bar: PriceCandle) => ({ high: bar.h, low: bar.l, close: bar.c });
export const one = (key: string, value: number | null | undefined) => (value == null ? null : { [key]: value });
export const period = (settings: IndicatorSettings, i: number, fallback: number) => settings.periods[i] ?? fallback;

// The companions' fixed colours; the first line of an indicator takes the instance's own colour.
export const SECOND = '#f5c451';
export const THIRD = '#22c55e';
export const FOURTH = '#ef4444';

/** A channel around the price (Bollinger, Donchian, Keltner, envelopes): a middle line, its two edges, and the band between them shaded. */
export const CHANNEL_LINES: Pick<IndicatorDefinition, 'lines' | 'bands'> = {
  lines: [
    { key: 'middle', mark: 'line' },
    { key: 'upper', mark: 'line' },
    { key: 'lower', mark: 'line' },
  ],
  bands: [{ upper: 'upper', lower: 'lower' }],
};
