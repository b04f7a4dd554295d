/** A price at one moment for one pair. */
export interface PricePoint {
  pairId: string;
  v: number;
}

/**
 * Where the feed's prices come from. The feed asks once per second; a source answers with one
 * price per pair it has a price for (a pair left out has a gap in its record for that second).
 */
export interface PriceSource {
  next(t: number): PricePoint[];
}

/** What a source needs to know about a pair. */
export interface PairModel {
  id: string;
  /** The last known price: where the walk continues from. */
  price: number;
  /** Annualized volatility (0.07 = 7 %). */
  volatility: number;
  digits: number;
}

export const roundTo = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
