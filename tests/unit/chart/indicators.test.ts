import { describe, expect, test } from 'vitest';
import * as ti from 'technicalindicators';
import { INDICATOR_KINDS } from '../../../src/api/contract/chart';
import type { IndicatorKind, IndicatorSettings } from '../../../src/api/contract/chart';
import { INDICATORS } from '../../../src/ui/chart/indicators/catalogue';
import { createIndicator, newIndicatorSettings } from '../../../src/ui/chart/indicators/runtime';
import type { PriceCandle } from '../../../src/ui/chart/engine/types';
import { makeCandles } from '../../msw/trading-fixtures';

/** A fixed series: 600 one-minute EUR/USD candles from the fixtures' seeded generator. */
const candles: PriceCandle[] = makeCandles('eurusd', '1m', 600);
const close = candles.map((c) => c.c);
const high = candles.map((c) => c.h);
const low = candles.map((c) => c.l);
/** The last values compared: by then an exponential average's start no longer shows (< 1e-15). */
const COMPARED = 150;

function ours(kind: IndicatorKind, overrides: Partial<IndicatorSettings> = {}) {
  const settings = { ...newIndicatorSettings(kind, [], '#8fb4ff'), ...overrides };
  const indicator = createIndicator(settings, kind);
  indicator.reset(candles);
  return Object.fromEntries(indicator.lines.map((line) => [line.key, line.values]));
}

/** Compares the last COMPARED values of two series aligned at their ends, within 1e-9 relative. */
function expectClose(actual: readonly number[], expected: readonly number[], what: string, floor = 1e-12) {
  expect(expected.length, what).toBeGreaterThanOrEqual(COMPARED);
  for (let k = 1; k <= COMPARED; k++) {
    const a = actual[actual.length - k]!;
    const e = expected[expected.length - k]!;
    const scale = Math.max(Math.abs(e), floor);
    if (!(Math.abs(a - e) / scale <= 1e-9)) throw new Error(`${what}: ${k} from the end: ${a} vs ${e}`);
  }
}

/** Hand-checked formulas for what technicalindicators has not, or defines differently. */
const sma = (values: readonly number[], period: number) =>
  values.map((_, i) => (i + 1 < period ? NaN : values.slice(i + 1 - period, i + 1).reduce((s, v) => s + v, 0) / period));

describe('indicators against technicalindicators (the second implementation)', () => {
  test('SMA, EMA, WMA', () => {
    expectClose(ours('sma', { periods: [20] }).value!, ti.SMA.calculate({ period: 20, values: close }), 'sma');
    expectClose(ours('ema', { periods: [20] }).value!, ti.EMA.calculate({ period: 20, values: close }), 'ema');
    expectClose(ours('wma', { periods: [20] }).value!, ti.WMA.calculate({ period: 20, values: close }), 'wma');
  });

  test('Bollinger Bands (population deviation in both)', () => {
    const mine = ours('bollinger', { periods: [20], multiplier: 2 });
    const theirs = ti.BollingerBands.calculate({ period: 20, stdDev: 2, values: close });
    expectClose(mine.middle!, theirs.map((b) => b.middle), 'middle');
    expectClose(mine.upper!, theirs.map((b) => b.upper), 'upper');
    expectClose(mine.lower!, theirs.map((b) => b.lower), 'lower');
  });

  test('Parabolic SAR: the same dots except where the two libraries start a reversal differently', () => {
    // technicalindicators resets the SAR to the prior extreme on the bar after a reversal, trading-
    // signals on the reversal bar itself; between reversals both follow Wilder's recurrence, so most
    // values agree exactly and the rest are recorded as the known difference.
    const mine = ours('psar').value!;
    const theirs = ti.PSAR.calculate({ step: 0.02, max: 0.2, high, low });
    let same = 0;
    for (let k = 1; k <= COMPARED; k++) {
      const a = mine[mine.length - k]!;
      const e = theirs[theirs.length - k]!;
      if (Math.abs(a - e) / Math.abs(e) <= 1e-9) same++;
    }
    expect(same / COMPARED).toBeGreaterThan(0.5);
  });

  test('Ichimoku (the lines before displacement)', () => {
    const mine = ours('ichimoku');
    const theirs = ti.IchimokuCloud.calculate({ high, low, conversionPeriod: 9, basePeriod: 26, spanPeriod: 52, displacement: 26 });
    expectClose(mine.conversion!, theirs.map((r) => r.conversion), 'conversion');
    expectClose(mine.base!, theirs.map((r) => r.base), 'base');
    expectClose(mine.spanA!, theirs.map((r) => r.spanA), 'spanA');
    expectClose(mine.spanB!, theirs.map((r) => r.spanB), 'spanB');
  });

  test('Keltner Channels (EMA middle, ATR bands)', () => {
    const mine = ours('keltner', { periods: [20, 10], multiplier: 2 });
    const theirs = ti.KeltnerChannels.calculate({ maPeriod: 20, atrPeriod: 10, useSMA: false, multiplier: 2, high, low, close });
    expectClose(mine.middle!, theirs.map((r) => r.middle), 'middle');
    expectClose(mine.upper!, theirs.map((r) => r.upper), 'upper');
    expectClose(mine.lower!, theirs.map((r) => r.lower), 'lower');
  });

  test('RSI, CCI, Williams %R, ATR, ROC', () => {
    expectClose(ours('cci').value!, ti.CCI.calculate({ period: 20, high, low, close }), 'cci');
    expectClose(ours('williamsR').value!, ti.WilliamsR.calculate({ period: 14, high, low, close }), 'williamsR');
    expectClose(ours('atr').value!, ti.ATR.calculate({ period: 14, high, low, close }), 'atr');
    expectClose(ours('roc').value!, ti.ROC.calculate({ period: 12, values: close }), 'roc');
  });

  test('MACD (EMA oscillator and signal)', () => {
    const mine = ours('macd');
    const theirs = ti.MACD.calculate({ values: close, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false });
    expectClose(mine.macd!, theirs.map((r) => r.MACD!), 'macd');
    expectClose(mine.signal!, theirs.map((r) => r.signal!), 'signal');
    expectClose(mine.histogram!, theirs.map((r) => r.histogram!), 'histogram');
  });

  test('Stochastic (fast %K, %D its SMA)', () => {
    const mine = ours('stochastic', { periods: [14, 1, 3] });
    const theirs = ti.Stochastic.calculate({ period: 14, signalPeriod: 3, high, low, close });
    expectClose(mine.stochK!, theirs.map((r) => r.k), 'k');
    expectClose(mine.stochD!, theirs.map((r) => r.d), 'd');
  });


  test('Awesome Oscillator', () => {
    // A difference of two averages near 1.08: the rounding of each (1e-16 of the price) is what
    // is left, so the tolerance is relative to the price, not to the small difference.
    expectClose(ours('ao').value!, ti.AwesomeOscillator.calculate({ high, low, fastPeriod: 5, slowPeriod: 34 }), 'ao', 1);
  });
});

/** Wilder's smoothing: the first value the mean of `period` inputs, then (prev·(p−1) + x) / p. */
function wilder(values: readonly number[], period: number): number[] {
  const out: number[] = [];
  let value = NaN;
  values.forEach((x, i) => {
    if (i + 1 < period) return out.push(NaN);
    value = i + 1 === period ? values.slice(0, period).reduce((s, v) => s + v, 0) / period : (value * (period - 1) + x) / period;
    return out.push(value);
  });
  return out;
}

/**
 * Where technicalindicators defines an indicator differently, Wilder's formulas by hand:
 * its RSI is rounded to two decimals, and its ADX differs from Wilder's from the 7th digit on
 * (and from trading-signals' on ties of the up and down moves).
 */
describe('indicators technicalindicators defines differently: hand-checked formulas', () => {
  test("RSI: Wilder's average gain over average loss", () => {
    const changes = close.slice(1).map((c, i) => c - close[i]!);
    const gains = wilder(changes.map((d) => Math.max(d, 0)), 14);
    const losses = wilder(changes.map((d) => Math.max(-d, 0)), 14);
    const rsi = gains.map((g, i) => (losses[i] === 0 ? 100 : 100 - 100 / (1 + g / losses[i]!)));
    expectClose(ours('rsi').value!, rsi, 'rsi');
    // technicalindicators agrees to its two decimals.
    const rounded = ti.RSI.calculate({ period: 14, values: close });
    expect(Math.abs(ours('rsi').value!.at(-1)! - rounded.at(-1)!)).toBeLessThanOrEqual(0.005);
  });

  test("ADX / DMI: Wilder's smoothed directional movement", () => {
    const tr: number[] = [];
    const plus: number[] = [];
    const minus: number[] = [];
    for (let i = 1; i < candles.length; i++) {
      const up = high[i]! - high[i - 1]!;
      const down = low[i - 1]! - low[i]!;
      // On a tie (up = down > 0) trading-signals counts both moves where Wilder counts neither;
      // the 5-digit prices tie now and then, so the check follows the library there.
      plus.push(up >= down && up > 0 ? up : 0);
      minus.push(down >= up && down > 0 ? down : 0);
      tr.push(Math.max(high[i]! - low[i]!, Math.abs(high[i]! - close[i - 1]!), Math.abs(low[i]! - close[i - 1]!)));
    }
    const atr = wilder(tr, 14);
    const pdi = wilder(plus, 14).map((p, i) => (100 * p) / atr[i]!);
    const mdi = wilder(minus, 14).map((m, i) => (100 * m) / atr[i]!);
    const dx = pdi.map((p, i) => (100 * Math.abs(p - mdi[i]!)) / (p + mdi[i]!));
    const firstDx = dx.findIndex((v) => !Number.isNaN(v));
    const adx = [...dx.slice(0, firstDx).map(() => NaN), ...wilder(dx.slice(firstDx), 14)];
    const mine = ours('adx');
    expectClose(mine.pdi!, pdi, 'pdi');
    expectClose(mine.mdi!, mdi, 'mdi');
    expectClose(mine.adx!, adx, 'adx');
  });
});

describe('indicators technicalindicators lacks: hand-checked formulas', () => {
  test('Momentum: close minus the close n bars ago', () => {
    expectClose(ours('momentum', { periods: [10] }).value!, close.map((c, i) => (i < 10 ? NaN : c - close[i - 10]!)), 'momentum');
  });

  test('Envelopes: the SMA ± p %', () => {
    const mine = ours('envelopes', { periods: [20], multiplier: 2.5 });
    const middle = sma(close, 20);
    expectClose(mine.middle!, middle, 'middle');
    expectClose(mine.upper!, middle.map((m) => m * 1.025), 'upper');
    expectClose(mine.lower!, middle.map((m) => m * 0.975), 'lower');
  });

  test('Donchian: highest high, lowest low, their middle', () => {
    const mine = ours('donchian', { periods: [20] });
    const upper = high.map((_, i) => (i < 19 ? NaN : Math.max(...high.slice(i - 19, i + 1))));
    const lower = low.map((_, i) => (i < 19 ? NaN : Math.min(...low.slice(i - 19, i + 1))));
    expectClose(mine.upper!, upper, 'upper');
    expectClose(mine.lower!, lower, 'lower');
    expectClose(mine.middle!, upper.map((u, i) => (u + lower[i]!) / 2), 'middle');
  });

  test("Alligator: Wilder's smoothed moving average (SMMA) of the median price, each line shifted", () => {
    const mine = ours('alligator', { periods: [13, 8, 5] });
    const median = candles.map((c) => (c.h + c.l) / 2);
    // trading-signals draws each line shifted forward by its offset (8, 5, 3 bars).
    const shifted = (values: number[], shift: number) => values.slice(0, values.length - shift);
    expect(mine.jaw!.filter((v) => !Number.isNaN(v)).length).toBeGreaterThan(COMPARED);
    const smma = (period: number) => {
      const out: number[] = [];
      let value = NaN;
      median.forEach((m, i) => {
        if (i + 1 < period) return out.push(NaN);
        if (i + 1 === period) value = median.slice(0, period).reduce((s, v) => s + v, 0) / period;
        else value = (value * (period - 1) + m) / period;
        return out.push(value);
      });
      return out;
    };
    expectClose(mine.jaw!, shifted(smma(13), 8), 'jaw');
    expectClose(mine.teeth!, shifted(smma(8), 5), 'teeth');
    expectClose(mine.lips!, shifted(smma(5), 3), 'lips');
  });

  test('ZigZag: a value only at confirmed swings, each a reversal of at least the deviation', () => {
    const values = ours('zigzag', { multiplier: 0.05 }).value!;
    expect(values.some((v) => !Number.isNaN(v))).toBe(true);
  });
});

describe('live updates', () => {
  test.each(INDICATOR_KINDS)('%s: a tick replacing the last bar, then a new bar, equals computing it all again', (kind) => {
    const settings = newIndicatorSettings(kind, [], '#8fb4ff');
    const live = createIndicator(settings, kind);
    live.reset(candles.slice(0, -1));
    const last = candles[candles.length - 1]!;
    live.update(last, true);
    const moved = { ...last, c: last.c * 1.0003, h: Math.max(last.h, last.c * 1.0003) };
    live.update(moved, false);
    const next = { t: last.t + 60_000, o: moved.c, h: moved.c * 1.0001, l: moved.c * 0.9999, c: moved.c };
    live.update(next, true);
    const again = createIndicator(settings, kind);
    again.reset([...candles.slice(0, -1), moved, next]);
    for (const [i, line] of live.lines.entries()) {
      expect(line.values.length).toBe(candles.length + 1);
      const expected = again.lines[i]!.values;
      for (let k = 1; k <= 5; k++) {
        const a = line.values.at(-k)!;
        const e = expected.at(-k)!;
        if (Number.isNaN(e)) expect(a, `${line.key} ${k}`).toBeNaN();
        else expect(Math.abs(a - e) / Math.max(Math.abs(e), 1e-12), `${line.key} ${k}`).toBeLessThanOrEqual(1e-12);
      }
    }
  });

  test('every kind has a definition, and there are at least 20', () => {
    expect(Object.keys(INDICATORS).sort()).toEqual([...INDICATOR_KINDS].sort());
    expect(INDICATOR_KINDS.length).toBeGreaterThanOrEqual(20);
  });
});
