import { formatNumber, formatScaleNumber, formatSignedPercent, MINUS } from '../../../shared/format';

/**
 * How the chart writes its numbers: in the reader's language, through the app's one formatter
 * (src/shared/format.ts), so the price axis, the price tag, the crosshair and the drawings' labels
 * read '1,08800' in Russian and '1.08800' in English, as the tables and the trade panel do.
 */
export interface ChartNumbers {
  /** A price with the pair's decimals. */
  price: (value: number) => string;
  /** A difference of prices with its sign, the pair's decimals. */
  change: (value: number) => string;
  /** A change in percent, with its sign. */
  percent: (value: number) => string;
  /** A value on an indicator pane's scale, short. */
  scale: (value: number) => string;
  /** A plain number as it is (a Fibonacci level: 0,618). */
  plain: (value: number) => string;
}

export function chartNumbers(digits: number, language: string): ChartNumbers {
  return {
    price: (value) => formatNumber(value, language, digits),
    change: (value) => `${value < 0 ? MINUS : '+'}${formatNumber(Math.abs(value), language, digits)}`,
    percent: (value) => formatSignedPercent(value, language),
    scale: (value) => formatScaleNumber(value, language),
    plain: (value) => formatNumber(value, language),
  };
}
