import {
  ADX,
  AO,
  ATR,
  Alligator,
  BollingerBands,
  CCI,
  DonchianChannels,
  EMA,
  IchimokuCloud,
  KeltnerChannels,
  MACD,
  MOM,
  ROC,
  RSI,
  SMA,
  StochasticOscillator,
  WMA,
  WilliamsR,
  ZigZag,
} from 'trading-signals';
import { INDICATOR_DEFAULTS, OVERLAY_INDICATORS } from '../../../shared/chart-indicators';
import type { IndicatorKind, IndicatorSettings, PriceSource } from '../../../shared/chart-indicators';
import type { PriceCandle } from '../engine/types';
import { ShallowStatePSAR } from './shallow-state-psar';

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

const hlc = (bar: PriceCandle) => ({ high: bar.h, low: bar.l, close: bar.c });
const one = (key: string, value: number | null | undefined) => (value == null ? null : { [key]: value });
const period = (settings: IndicatorSettings, i: number, fallback: number) => settings.periods[i] ?? fallback;

/** A moving average of the source price. */
const average = (kind: 'sma' | 'ema' | 'wma', Average: typeof SMA | typeof EMA | typeof WMA): IndicatorDefinition => ({
  kind,
  placement: 'overlay',
  defaults: INDICATOR_DEFAULTS[kind],
  periodCount: 1,
  usesSource: true,
  usesMultiplier: false,
  lines: [{ key: 'value', mark: 'line' }],
  create: (settings) => {
    const ma = new Average(period(settings, 0, 20));
    return (bar, replace) => one('value', ma.update(priceOf(bar, settings.source), replace));
  },
});

const SECOND = '#f5c451';
const THIRD = '#22c55e';
const FOURTH = '#ef4444';

export const INDICATORS: Record<IndicatorKind, IndicatorDefinition> = {
  sma: average('sma', SMA),
  ema: average('ema', EMA),
  wma: average('wma', WMA),
  bollinger: {
    kind: 'bollinger',
    placement: 'overlay',
    defaults: INDICATOR_DEFAULTS.bollinger,
    periodCount: 1,
    usesSource: true,
    usesMultiplier: true,
    lines: [
      { key: 'middle', mark: 'line' },
      { key: 'upper', mark: 'line' },
      { key: 'lower', mark: 'line' },
    ],
    bands: [{ upper: 'upper', lower: 'lower' }],
    create: (settings) => {
      const bands = new BollingerBands(period(settings, 0, 20), settings.multiplier);
      return (bar, replace) => bands.update(priceOf(bar, settings.source), replace);
    },
  },
  psar: {
    kind: 'psar',
    placement: 'overlay',
    defaults: INDICATOR_DEFAULTS.psar,
    periodCount: 0,
    usesSource: false,
    usesMultiplier: true,
    lines: [{ key: 'value', mark: 'dots' }],
    create: (settings) => {
      const sar = new ShallowStatePSAR({ accelerationStep: settings.multiplier, accelerationMax: 0.2 });
      return (bar, replace) => one('value', sar.update({ high: bar.h, low: bar.l }, replace));
    },
  },
  alligator: {
    kind: 'alligator',
    placement: 'overlay',
    defaults: INDICATOR_DEFAULTS.alligator,
    periodCount: 3,
    usesSource: false,
    usesMultiplier: false,
    lines: [
      { key: 'jaw', mark: 'line' },
      { key: 'teeth', mark: 'line', color: FOURTH },
      { key: 'lips', mark: 'line', color: THIRD },
    ],
    create: (settings) => {
      const alligator = new Alligator({
        jawInterval: period(settings, 0, 13),
        teethInterval: period(settings, 1, 8),
        lipsInterval: period(settings, 2, 5),
      });
      return (bar, replace) => alligator.update({ high: bar.h, low: bar.l }, replace);
    },
  },
  ichimoku: {
    kind: 'ichimoku',
    placement: 'overlay',
    defaults: INDICATOR_DEFAULTS.ichimoku,
    periodCount: 3,
    usesSource: false,
    usesMultiplier: false,
    lines: [
      { key: 'conversion', mark: 'line' },
      { key: 'base', mark: 'line', color: FOURTH },
      { key: 'spanA', mark: 'line', color: THIRD },
      { key: 'spanB', mark: 'line', color: SECOND },
    ],
    bands: [{ upper: 'spanA', lower: 'spanB' }],
    create: (settings) => {
      const cloud = new IchimokuCloud({
        conversionInterval: period(settings, 0, 9),
        baseInterval: period(settings, 1, 26),
        spanBInterval: period(settings, 2, 52),
      });
      return (bar, replace) => cloud.update({ high: bar.h, low: bar.l }, replace);
    },
  },
  donchian: {
    kind: 'donchian',
    placement: 'overlay',
    defaults: INDICATOR_DEFAULTS.donchian,
    periodCount: 1,
    usesSource: false,
    usesMultiplier: false,
    lines: [
      { key: 'middle', mark: 'line' },
      { key: 'upper', mark: 'line' },
      { key: 'lower', mark: 'line' },
    ],
    bands: [{ upper: 'upper', lower: 'lower' }],
    create: (settings) => {
      const channel = new DonchianChannels(period(settings, 0, 20));
      return (bar, replace) => channel.update({ high: bar.h, low: bar.l }, replace);
    },
  },
  keltner: {
    kind: 'keltner',
    placement: 'overlay',
    defaults: INDICATOR_DEFAULTS.keltner,
    periodCount: 2,
    usesSource: false,
    usesMultiplier: true,
    lines: [
      { key: 'middle', mark: 'line' },
      { key: 'upper', mark: 'line' },
      { key: 'lower', mark: 'line' },
    ],
    bands: [{ upper: 'upper', lower: 'lower' }],
    create: (settings) => {
      const channel = new KeltnerChannels({
        emaInterval: period(settings, 0, 20),
        atrInterval: period(settings, 1, 10),
        multiplier: settings.multiplier,
      });
      return (bar, replace) => channel.update(hlc(bar), replace);
    },
  },
  envelopes: {
    kind: 'envelopes',
    placement: 'overlay',
    defaults: INDICATOR_DEFAULTS.envelopes,
    periodCount: 1,
    usesSource: true,
    usesMultiplier: true,
    lines: [
      { key: 'middle', mark: 'line' },
      { key: 'upper', mark: 'line' },
      { key: 'lower', mark: 'line' },
    ],
    bands: [{ upper: 'upper', lower: 'lower' }],
    // The envelope is the SMA shifted up and down by `multiplier` percent; trading-signals has no
    // class of its own for it, so it is the library's SMA times (1 ± p/100).
    create: (settings) => {
      const sma = new SMA(period(settings, 0, 20));
      const share = settings.multiplier / 100;
      return (bar, replace) => {
        const middle = sma.update(priceOf(bar, settings.source), replace);
        return middle == null ? null : { middle, upper: middle * (1 + share), lower: middle * (1 - share) };
      };
    },
  },
  zigzag: {
    kind: 'zigzag',
    placement: 'overlay',
    defaults: INDICATOR_DEFAULTS.zigzag,
    periodCount: 0,
    usesSource: false,
    usesMultiplier: true,
    lines: [{ key: 'value', mark: 'line' }],
    create: (settings) => {
      // The multiplier is the reversal in percent of the price.
      const zigzag = new ZigZag({ deviation: settings.multiplier });
      return (bar, replace) => one('value', zigzag.update({ high: bar.h, low: bar.l }, replace));
    },
  },
  rsi: {
    kind: 'rsi',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.rsi,
    periodCount: 1,
    usesSource: true,
    usesMultiplier: false,
    lines: [{ key: 'value', mark: 'line' }],
    levels: [30, 70],
    range: [0, 100],
    create: (settings) => {
      const rsi = new RSI(period(settings, 0, 14));
      return (bar, replace) => one('value', rsi.update(priceOf(bar, settings.source), replace));
    },
  },
  macd: {
    kind: 'macd',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.macd,
    periodCount: 3,
    usesSource: true,
    usesMultiplier: false,
    lines: [
      { key: 'histogram', mark: 'histogram' },
      { key: 'macd', mark: 'line' },
      { key: 'signal', mark: 'line', color: SECOND },
    ],
    create: (settings) => {
      const macd = new MACD(
        new EMA(period(settings, 0, 12)),
        new EMA(period(settings, 1, 26)),
        new EMA(period(settings, 2, 9)),
      );
      return (bar, replace) => macd.update(priceOf(bar, settings.source), replace);
    },
  },
  stochastic: {
    kind: 'stochastic',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.stochastic,
    periodCount: 3,
    usesSource: false,
    usesMultiplier: false,
    lines: [
      { key: 'stochK', mark: 'line' },
      { key: 'stochD', mark: 'line', color: SECOND },
    ],
    levels: [20, 80],
    range: [0, 100],
    create: (settings) => {
      const stochastic = new StochasticOscillator({
        kPeriod: period(settings, 0, 14),
        kSlowingPeriod: period(settings, 1, 1),
        dPeriod: period(settings, 2, 3),
      });
      return (bar, replace) => {
        const result = stochastic.update(hlc(bar), replace);
        return result && { stochK: result.stochK, stochD: result.stochD };
      };
    },
  },
  adx: {
    kind: 'adx',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.adx,
    periodCount: 1,
    usesSource: false,
    usesMultiplier: false,
    lines: [
      { key: 'adx', mark: 'line' },
      { key: 'pdi', mark: 'line', color: THIRD },
      { key: 'mdi', mark: 'line', color: FOURTH },
    ],
    levels: [25],
    create: (settings) => {
      const adx = new ADX(period(settings, 0, 14));
      return (bar, replace) => {
        const value = adx.update(hlc(bar), replace);
        const pdi = adx.pdi;
        const mdi = adx.mdi;
        const out: Record<string, number> = {};
        // trading-signals gives the ADX in percent and the directional indicators as shares.
        if (value != null) out.adx = value;
        if (typeof pdi === 'number') out.pdi = pdi * 100;
        if (typeof mdi === 'number') out.mdi = mdi * 100;
        return Object.keys(out).length ? out : null;
      };
    },
  },
  cci: {
    kind: 'cci',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.cci,
    periodCount: 1,
    usesSource: false,
    usesMultiplier: false,
    lines: [{ key: 'value', mark: 'line' }],
    levels: [-100, 100],
    create: (settings) => {
      const cci = new CCI(period(settings, 0, 20));
      return (bar, replace) => one('value', cci.update(hlc(bar), replace));
    },
  },
  williamsR: {
    kind: 'williamsR',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.williamsR,
    periodCount: 1,
    usesSource: false,
    usesMultiplier: false,
    lines: [{ key: 'value', mark: 'line' }],
    levels: [-80, -20],
    range: [-100, 0],
    create: (settings) => {
      const williams = new WilliamsR(period(settings, 0, 14));
      return (bar, replace) => one('value', williams.update(hlc(bar), replace));
    },
  },
  ao: {
    kind: 'ao',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.ao,
    periodCount: 2,
    usesSource: false,
    usesMultiplier: false,
    lines: [{ key: 'value', mark: 'histogram' }],
    create: (settings) => {
      const ao = new AO(period(settings, 0, 5), period(settings, 1, 34));
      return (bar, replace) => one('value', ao.update({ high: bar.h, low: bar.l }, replace));
    },
  },
  atr: {
    kind: 'atr',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.atr,
    periodCount: 1,
    usesSource: false,
    usesMultiplier: false,
    lines: [{ key: 'value', mark: 'line' }],
    create: (settings) => {
      const atr = new ATR(period(settings, 0, 14));
      return (bar, replace) => one('value', atr.update(hlc(bar), replace));
    },
  },
  momentum: {
    kind: 'momentum',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.momentum,
    periodCount: 1,
    usesSource: true,
    usesMultiplier: false,
    lines: [{ key: 'value', mark: 'line' }],
    levels: [0],
    create: (settings) => {
      const momentum = new MOM(period(settings, 0, 10));
      return (bar, replace) => one('value', momentum.update(priceOf(bar, settings.source), replace));
    },
  },
  roc: {
    kind: 'roc',
    placement: 'pane',
    defaults: INDICATOR_DEFAULTS.roc,
    periodCount: 1,
    usesSource: true,
    usesMultiplier: false,
    lines: [{ key: 'value', mark: 'line' }],
    levels: [0],
    create: (settings) => {
      const roc = new ROC(period(settings, 0, 12));
      // trading-signals answers a share; traders read the rate of change in percent.
      return (bar, replace) => {
        const share = roc.update(priceOf(bar, settings.source), replace);
        return share == null ? null : { value: share * 100 };
      };
    },
  },
};

export const isOverlay = (kind: IndicatorKind) => (OVERLAY_INDICATORS as readonly string[]).includes(kind);

/** 'SMA 20', 'MACD 12, 26, 9', 'Bollinger Bands 20, 2'. */
export function indicatorTitle(settings: IndicatorSettings, name: string) {
  const definition = INDICATORS[settings.kind];
  const numbers = settings.periods.slice(0, definition.periodCount).map(String);
  if (definition.usesMultiplier) numbers.push(String(settings.multiplier));
  return numbers.length ? `${name} ${numbers.join(', ')}` : name;
}
