import type { PriceCandle } from '../engine/types';

/**
 * Heikin-Ashi candles from ordinary ones: close = (o+h+l+c)/4, open = the previous HA candle's
 * (open+close)/2 (the first: (o+c)/2), high and low widened to include them. `previous` lets a
 * live tick recompute only the last candle from the one before it.
 */
export function heikinAshiCandle(candle: PriceCandle, previous: PriceCandle | undefined): PriceCandle {
  const c = (candle.o + candle.h + candle.l + candle.c) / 4;
  const o = previous ? (previous.o + previous.c) / 2 : (candle.o + candle.c) / 2;
  return { t: candle.t, o, h: Math.max(candle.h, o, c), l: Math.min(candle.l, o, c), c };
}

export function heikinAshi(candles: readonly PriceCandle[]): PriceCandle[] {
  const out: PriceCandle[] = new Array(candles.length);
  let previous: PriceCandle | undefined;
  for (let i = 0; i < candles.length; i++) {
    previous = heikinAshiCandle(candles[i]!, previous);
    out[i] = previous;
  }
  return out;
}
