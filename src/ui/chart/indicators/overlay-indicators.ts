import {
  Alligator,
  BollingerBands,
  DonchianChannels,
  EMA,
  IchimokuCloud,
  KeltnerChannels,
  SMA,
  WMA,
  ZigZag,
} from 'trading-signals';
import { INDICATOR_DEFAULTS } from '../../../shared/chart-indicators';
import type { OVERLAY_INDICATORS } from '../../../shared/chart-indicators';
import { CHANNEL_LINES, FOURTH, SECOND, THIRD, hlc, one, period, priceOf } from './definition';
import type { IndicatorDefinition } from './definition';
import { ShallowStatePSAR } from './shallow-state-psar';

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

/** The indicators drawn over the price, in its scale. */
export const OVERLAY_DEFINITIONS: Record<(typeof OVERLAY_INDICATORS)[number], IndicatorDefinition> = {
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
    ...CHANNEL_LINES,
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
    ...CHANNEL_LINES,
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
    ...CHANNEL_LINES,
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
    ...CHANNEL_LINES,
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
};
