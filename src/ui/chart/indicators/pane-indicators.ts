import { ADX, AO, ATR, CCI, EMA, MACD, MOM, ROC, RSI, StochasticOscillator, WilliamsR } from 'trading-signals';
import { INDICATOR_DEFAULTS } from '../../../shared/chart-indicators';
import type { PANE_INDICATORS } from '../../../shared/chart-indicators';
import { FOURTH, SECOND, THIRD, hlc, one, period, priceOf } from './definition';
import type { IndicatorDefinition } from './definition';

/** The oscillators and measures drawn in a pane of their own under the price, in their own scale. */
export const PANE_DEFINITIONS: Record<(typeof PANE_INDICATORS)[number], IndicatorDefinition> = {
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
