import { applyTick } from '../../../shared/chart-series';
import type { ChartSeries, PriceCandle, PricePoint } from '../../../shared/chart-series';
import { CHART_COLORS as COLORS } from './colors';
import type { IndicatorRuntime } from './indicator-view';
import { toBars } from './series-marks';
import { isCandleStyle } from './types';
import type { ChartStyle, PaneScales, VisibleRange } from './types';
import { renderArea } from '../renderers/area';
import { renderCandles } from '../renderers/candles';
import { heikinAshi, heikinAshiCandle } from '../renderers/heikin-ashi';
import { renderLine } from '../renderers/line';
import type { LineMarks } from '../renderers/line';
import { renderOhlcBars } from '../renderers/ohlc-bars';
import { visibleCandles, visiblePoints } from '../renderers/visible';

/**
 * The main pane's data: the series, the same as bars (what the indicators and the crosshair read),
 * the Heikin-Ashi candles while that style is shown, and how it is painted. A live tick updates all
 * of them and folds into the indicators without recomputing any series.
 */
export class MainSeries {
  series: ChartSeries = { kind: 'line', points: [] };
  /** The series as bars for the indicators (a tick is a bar with o = h = l = c). */
  bars: PriceCandle[] = [];
  /** How the series is drawn; null draws ticks as an area and candles as candlesticks. */
  style: ChartStyle | null = null;
  /** Heikin-Ashi candles of the series, kept while that style is shown. */
  private heikin: PriceCandle[] | null = null;
  /** Where each bar is drawn: a tick at its time, a candle at its middle. */
  private timesCache: { bars: PriceCandle[]; times: number[] } | null = null;

  /** A new series; says whether it is a different view (kind or interval) that resets the zoom. */
  set(series: ChartSeries, indicators: readonly IndicatorRuntime[]): boolean {
    const before = this.series;
    const kindChanged = series.kind !== before.kind;
    const intervalChanged =
      series.kind === 'candlestick' && before.kind === 'candlestick' && series.intervalMs !== before.intervalMs;
    this.series = series;
    this.bars = toBars(series);
    this.heikin = null;
    for (const indicator of indicators) indicator.reset(this.bars);
    return kindChanged || intervalChanged;
  }

  setStyle(style: ChartStyle | null): boolean {
    if (style === this.style) return false;
    this.style = style;
    this.heikin = null;
    return true;
  }

  /** A live tick: the last point or candle moves and the indicators fold it in. False when ignored. */
  pushTick(tick: PricePoint, indicators: readonly IndicatorRuntime[]): boolean {
    const after = applyTick(this.series, tick);
    if (after === this.series) return false;
    this.series = after;
    const beforeBars = this.bars;
    const firstBefore = beforeBars[0]?.t;
    this.bars = toBars(after, beforeBars);
    const lastBar = this.bars[this.bars.length - 1];
    if (!lastBar) return true;
    const dropped = firstBefore !== undefined && this.bars[0]!.t !== firstBefore ? 1 : 0;
    const appended = this.bars.length - beforeBars.length + dropped > 0;
    for (const indicator of indicators) {
      if (dropped) indicator.dropFirst(dropped);
      indicator.update(lastBar, appended);
    }
    if (this.heikin) this.updateHeikin(appended, dropped);
    return true;
  }

  barTimes(): number[] {
    const cache = this.timesCache;
    if (cache && cache.bars === this.bars) return cache.times;
    const half = this.series.kind === 'candlestick' ? this.series.intervalMs / 2 : 0;
    const times = this.bars.map((bar) => bar.t + half);
    this.timesCache = { bars: this.bars, times };
    return times;
  }

  /** The bars between `from` and `to` (epoch ms), with a neighbour each side. */
  visibleRange(from: number, to: number): VisibleRange {
    const series = this.series;
    return series.kind === 'line'
      ? visiblePoints(this.bars, from, to)
      : visibleCandles(this.bars, from, to, series.intervalMs);
  }

  /** One bar's time: a candle's interval, or a second between ticks. */
  barMs(): number {
    return this.series.kind === 'candlestick' ? this.series.intervalMs : 1000;
  }

  effectiveStyle(): ChartStyle {
    const style = this.style ?? (this.series.kind === 'line' ? 'area' : 'candles');
    // Ticks have no candles: a candle style over ticks draws the area.
    return this.series.kind === 'line' && isCandleStyle(style) ? 'area' : style;
  }

  /** Paints the visible part of the series in its style; returns the style painted. */
  paint(ctx: CanvasRenderingContext2D, scales: PaneScales, from: number, to: number): ChartStyle {
    const style = this.effectiveStyle();
    const series = this.series;
    if (style === 'line' || style === 'area') {
      const values = series.kind === 'line' ? series.points.map((p) => p.v) : series.candles.map((c) => c.c);
      const marks: LineMarks = { times: this.barTimes(), values, range: this.visibleRange(from, to) };
      const line = { color: COLORS.line, width: 2 };
      if (style === 'line') renderLine(ctx, marks, scales, line);
      else renderArea(ctx, marks, scales, { ...line, fillTop: COLORS.areaTop, fillBottom: COLORS.areaBottom });
      return style;
    }
    if (series.kind !== 'candlestick') return style;
    let candles = series.candles;
    if (style === 'heikinAshi') {
      if (!this.heikin || this.heikin.length !== candles.length) this.heikin = heikinAshi(candles);
      candles = this.heikin;
    }
    const marks = { candles, intervalMs: series.intervalMs, range: visibleCandles(candles, from, to, series.intervalMs) };
    const colors = { up: COLORS.up, down: COLORS.down };
    if (style === 'bars') renderOhlcBars(ctx, marks, scales, colors);
    else renderCandles(ctx, marks, scales, colors);
    return style;
  }

  private updateHeikin(appended: boolean, dropped: number) {
    const heikin = this.heikin!;
    if (dropped) heikin.splice(0, dropped);
    if (!appended) heikin.pop();
    heikin.push(heikinAshiCandle(this.bars[this.bars.length - 1]!, heikin[heikin.length - 1]));
  }
}
