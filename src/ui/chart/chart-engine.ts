import type { ScaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { Selection } from 'd3-selection';
import { formatAxisTime } from '../../shared/format';
import { applyTick, lastPrice } from '../../shared/chart-series';
import type { ChartSeries, PriceCandle, PricePoint } from '../../shared/chart-series';
import { CHART_COLORS as COLORS } from './engine/colors';
import type { ChartBetMark } from './engine/bet-mark';
import { drawingShape, hitDrawing } from './engine/drawing-geometry';
import type { DrawingShape } from './engine/drawing-geometry';
import { DrawingInput } from './engine/drawing-input';
import type { DrawingHandlers } from './engine/drawing-input';
import { collectValues, paddedDomain, paintIndicator, toBars } from './engine/series-marks';
import { visibleSummary } from './engine/visible-summary';
import type { CursorReading, VisibleSummary } from './engine/visible-summary';
import { shifted } from '../../shared/chart-drawings';
import type { Drawing, DrawingPoint } from '../../shared/chart-drawings';
import { DEFAULT_MAIN_WEIGHT } from '../../shared/chart-panes';
import type { IndicatorRuntime } from './engine/indicator-view';
import { Interaction } from './engine/interaction';
import { createOverlay, renderOverlay } from './engine/overlay';
import type { OverlayPane } from './engine/overlay';
import { layoutPanes } from './engine/panes';
import type { PaneLayout } from './engine/panes';
import { isCandleStyle } from './engine/types';
import type { ChartStyle, PaneScales, PlotRect } from './engine/types';
import { Viewport, priceDomain, valueScale } from './engine/viewport';
import { renderArea } from './renderers/area';
import { renderCandles } from './renderers/candles';
import { renderDrawings } from './renderers/drawings';
import { renderGrid } from './renderers/grid';
import { heikinAshi, heikinAshiCandle } from './renderers/heikin-ashi';
import { renderLine } from './renderers/line';
import type { LineMarks } from './renderers/line';
import { renderOhlcBars } from './renderers/ohlc-bars';
import { visibleCandles, visiblePoints } from './renderers/visible';

export type { ChartBetMark } from './engine/bet-mark';
export type { DrawingHandlers } from './engine/drawing-input';
export type { CursorReading, VisibleSummary } from './engine/visible-summary';

/** How the drawings are shown: the one selected, the one being placed, the drag in progress. */
export interface DrawingView {
  selectedId: string | null;
  draft: Omit<Drawing, 'id'> | null;
  drag: { dt: number; dv: number };
  placing: boolean;
}
/** The keyboard crosshair moves up and down by this share of the visible price range. */
const CURSOR_PRICE_STEPS = 40;

export interface ChartElements {
  marks: HTMLCanvasElement;
  overlay: SVGSVGElement;
}

/**
 * The chart without React. It wires the parts: the viewport (zoom, pan, time scale), the panes
 * (the main pane and indicator panes, each with its own value scale), the renderers (pure
 * functions that paint one kind of mark on the canvas), the overlay (axes, current price, bets,
 * crosshair, joined with D3) and the interaction (pointer, wheel, keyboard). Every change only
 * marks the frame dirty; one requestAnimationFrame paints it, so a burst of ticks costs one paint.
 */
export class ChartEngine {
  private series: ChartSeries = { kind: 'line', points: [] };
  /** The series as bars for the indicators (a tick is a bar with o = h = l = c). */
  private bars: PriceCandle[] = [];
  /** Heikin-Ashi candles of the series, kept while that style is shown. */
  private heikin: PriceCandle[] | null = null;
  private style: ChartStyle | null = null;
  private digits = 5;
  private bets: ChartBetMark[] = [];
  private indicators: IndicatorRuntime[] = [];
  private width = 0;
  private height = 0;
  private dpr = 1;
  private hover: [number, number] | null = null;
  private frame = 0;
  private layout: PaneLayout = layoutPanes(0, 0, []);
  private mainWeight = DEFAULT_MAIN_WEIGHT;
  private drawings: readonly Drawing[] = [];
  private drawingView: DrawingView = { selectedId: null, draft: null, drag: { dt: 0, dv: 0 }, placing: false };
  /** The drawings in pixels as last painted: what the pointer hits. */
  private shapes: DrawingShape[] = [];
  private mainY: ScaleLinear<number, number> | null = null;
  /** The keyboard crosshair: a bar and a price, or null while the pointer leads. */
  private cursor: { index: number; v: number } | null = null;
  private summaryKey = '';
  private readonly drawingInput: DrawingInput;
  /** The O/H/L/C under the keyboard crosshair, for the chart's live region. */
  onCursor: ((reading: CursorReading | null) => void) | null = null;
  /** The visible range's change, high and low, when they change. */
  onVisible: ((summary: VisibleSummary) => void) | null = null;
  /** The panes' places after a layout, for the divider the trader drags. */
  onLayout: ((layout: PaneLayout) => void) | null = null;
  private readonly context: CanvasRenderingContext2D | null;
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly viewport = new Viewport();
  readonly interaction: Interaction;
  /** The language of the time labels (src/shared/format.ts, in the trader's time zone). */
  private language = 'ru';
  /** Called after each paint with its duration (ms); the benchmark reads it. */
  onPaint: ((ms: number) => void) | null = null;

  constructor(
    private readonly elements: ChartElements,
    options: { language?: string } = {},
  ) {
    this.context = elements.marks.getContext('2d');
    this.language = options.language ?? this.language;
    this.svg = select(elements.overlay);
    createOverlay(this.svg);
    this.interaction = new Interaction(this.svg, {
      onTransform: (transform) => {
        this.viewport.setTransform(transform);
        this.invalidate();
      },
      onHover: (point) => {
        this.hover = point;
        this.invalidate();
      },
      grabbed: () => this.drawingInput.grabbed,
    });
    this.drawingInput = new DrawingInput(this.svg, {
      placing: () => this.drawingView.placing,
      selectedId: () => this.drawingView.selectedId,
      pointAt: (x, y) => this.pointAt(x, y),
      drawingAt: (x, y) => hitDrawing(this.shapes, x, y),
    });
  }

  setSeries(series: ChartSeries, digits: number) {
    const kindChanged = series.kind !== this.series.kind;
    const intervalChanged =
      series.kind === 'candlestick' &&
      this.series.kind === 'candlestick' &&
      series.intervalMs !== this.series.intervalMs;
    this.series = series;
    this.digits = digits;
    this.bars = toBars(series);
    this.heikin = null;
    for (const indicator of this.indicators) indicator.reset(this.bars);
    if (kindChanged || intervalChanged) {
      this.resetZoom();
      this.clearCursor();
    } else if (this.cursor) this.cursor.index = Math.min(this.cursor.index, this.bars.length - 1);
    this.invalidate();
  }

  setLanguage(language: string) {
    if (language === this.language) return;
    this.language = language;
    this.invalidate();
  }

  /** How the main series is drawn; null draws ticks as an area and candles as candlesticks. */
  setStyle(style: ChartStyle | null) {
    if (style === this.style) return;
    this.style = style;
    this.heikin = null;
    this.invalidate();
  }

  setBets(bets: ChartBetMark[]) {
    this.bets = bets;
    this.invalidate();
  }

  /** The indicators drawn, in order; each is computed over the bars once here, then per tick. */
  setIndicators(indicators: IndicatorRuntime[]) {
    const known = new Set(this.indicators);
    for (const indicator of indicators) if (!known.has(indicator)) indicator.reset(this.bars);
    this.indicators = indicators;
    this.invalidate();
  }

  setDrawings(drawings: readonly Drawing[], view: DrawingView) {
    this.drawings = drawings;
    this.drawingView = view;
    this.invalidate();
  }

  setDrawingHandlers(handlers: DrawingHandlers | null) {
    this.drawingInput.handlers = handlers;
  }

  /** The main pane's height against one indicator pane's. */
  setMainWeight(weight: number) {
    if (weight === this.mainWeight) return;
    this.mainWeight = weight;
    this.relayout();
    this.invalidate();
  }

  /** The time and price at (x, y) in the main pane, or null outside it. */
  pointAt(x: number, y: number): DrawingPoint | null {
    const { main } = this.layout;
    if (!this.mainY || x < main.left || x > main.right || y < main.top || y > main.bottom) return null;
    return { t: Math.round(this.viewport.x.invert(x).getTime()), v: this.mainY.invert(y) };
  }

  /**
   * Moves the keyboard crosshair by `bars` bars and `steps` price steps; the first move puts it on
   * the newest visible bar at its close.
   */
  moveCursor(bars: number, steps: number) {
    const count = this.bars.length;
    if (count === 0 || !this.mainY) return;
    if (!this.cursor) {
      const visible = this.barTimes().filter((t) => t <= this.viewport.to).length;
      const index = Math.max(0, Math.min(count - 1, visible - 1));
      this.cursor = { index, v: this.bars[index]!.c };
    } else {
      const [lo, hi] = this.mainY.domain() as [number, number];
      const index = Math.max(0, Math.min(count - 1, this.cursor.index + bars));
      this.cursor = { index, v: this.cursor.v + (steps * (hi - lo)) / CURSOR_PRICE_STEPS };
    }
    this.invalidate();
    this.onCursor?.(this.cursorReading());
  }

  /** Where the keyboard crosshair is, as a drawing point (null when it is not shown). */
  cursorPoint(): DrawingPoint | null {
    return this.cursor ? { t: this.barTimes()[this.cursor.index]!, v: this.cursor.v } : null;
  }

  /** The drawing under the keyboard crosshair, if any. */
  drawingAtCursor(): string | null {
    const point = this.cursorPoint();
    if (!point || !this.mainY) return null;
    return hitDrawing(this.shapes, this.viewport.x(point.t), this.mainY(point.v));
  }

  /** The price that one keyboard step moves (a fortieth of the visible range) and one bar's time. */
  keyboardSteps(): { dt: number; dv: number } {
    const [lo, hi] = (this.mainY?.domain() ?? [0, 0]) as [number, number];
    const dt = this.series.kind === 'candlestick' ? this.series.intervalMs : 1000;
    return { dt, dv: (hi - lo) / CURSOR_PRICE_STEPS };
  }

  clearCursor() {
    if (!this.cursor) return;
    this.cursor = null;
    this.invalidate();
    this.onCursor?.(null);
  }

  private cursorReading(): CursorReading | null {
    const cursor = this.cursor;
    const bar = cursor ? this.bars[cursor.index] : undefined;
    return cursor && bar
      ? { t: bar.t, o: bar.o, h: bar.h, l: bar.l, c: bar.c, v: cursor.v, candles: this.series.kind === 'candlestick' }
      : null;
  }

  /** A live tick: the last point or candle moves, the indicators fold it in, one repaint follows. */
  pushTick(tick: PricePoint) {
    const before = this.series;
    const after = applyTick(before, tick);
    if (after === before) return;
    this.series = after;
    const beforeBars = this.bars;
    const firstBefore = beforeBars[0]?.t;
    this.bars = toBars(after, beforeBars);
    const lastBar = this.bars[this.bars.length - 1];
    if (lastBar) {
      const dropped = firstBefore !== undefined && this.bars[0]!.t !== firstBefore ? 1 : 0;
      const appended = this.bars.length - beforeBars.length + dropped > 0;
      for (const indicator of this.indicators) {
        if (dropped) indicator.dropFirst(dropped);
        indicator.update(lastBar, appended);
      }
      if (this.heikin) this.updateHeikin(appended, dropped);
    }
    this.invalidate();
  }

  resize(width: number, height: number, dpr: number) {
    if (width === this.width && height === this.height && dpr === this.dpr) return;
    this.width = Math.max(0, Math.floor(width));
    this.height = Math.max(0, Math.floor(height));
    this.dpr = dpr;
    const { marks, overlay } = this.elements;
    marks.width = Math.round(this.width * dpr);
    marks.height = Math.round(this.height * dpr);
    marks.style.width = `${this.width}px`;
    marks.style.height = `${this.height}px`;
    overlay.setAttribute('width', String(this.width));
    overlay.setAttribute('height', String(this.height));
    this.relayout();
    this.invalidate();
  }

  zoomIn() {
    this.interaction.zoomIn();
  }

  zoomOut() {
    this.interaction.zoomOut();
  }

  /** Positive moves the view towards older prices. */
  pan(steps: number) {
    this.interaction.pan(steps);
  }

  resetZoom() {
    this.interaction.reset();
  }

  invalidate() {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const started = performance.now();
      this.paint();
      this.onPaint?.(performance.now() - started);
    });
  }

  destroy() {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.interaction.destroy();
    this.drawingInput.destroy();
    this.svg.selectAll('*').remove();
  }

  private relayout() {
    const paneIds = this.indicators.filter((i) => i.placement === 'pane').map((i) => i.id);
    this.layout = layoutPanes(this.width, this.height, paneIds, this.mainWeight);
    this.interaction.setPlot(this.layout.main);
    this.onLayout?.(this.layout);
  }

  private effectiveStyle(): ChartStyle {
    const style = this.style ?? (this.series.kind === 'line' ? 'area' : 'candles');
    // Ticks have no candles: a candle style over ticks draws the area.
    return this.series.kind === 'line' && isCandleStyle(style) ? 'area' : style;
  }

  private updateHeikin(appended: boolean, dropped: number) {
    const heikin = this.heikin!;
    if (dropped) heikin.splice(0, dropped);
    const bars = this.bars;
    const last = bars.length - 1;
    if (!appended) heikin.pop();
    heikin.push(heikinAshiCandle(bars[last]!, heikin[heikin.length - 1]));
  }

  private paint() {
    if (this.width === 0 || this.height === 0) return;
    const paneIds = this.indicators.filter((i) => i.placement === 'pane').map((i) => i.id);
    if (paneIds.join() !== this.layout.panes.map((p) => p.id).join()) this.relayout();
    const { main } = this.layout;
    this.viewport.update(this.series, this.bets, main);
    const { x, from, to } = this.viewport;
    const xAt = (t: number) => x(t);
    const barTimes = this.barTimes();
    const range =
      this.series.kind === 'line'
        ? visiblePoints(this.bars, from, to)
        : visibleCandles(this.bars, from, to, this.series.intervalMs);

    const overlays = this.indicators.filter((i) => i.placement === 'overlay');
    const extra: number[] = [];
    for (const indicator of overlays) collectValues(indicator, range, extra);
    const y = valueScale(priceDomain(this.series, this.bets, from, to, this.digits, extra), main);
    this.mainY = y;
    const mainScales: PaneScales = { x: xAt, y: (v) => y(v), plot: main };
    const price = (v: number) => v.toFixed(this.digits);
    const view = this.drawingView;
    this.shapes = this.drawings.map((drawing) =>
      drawingShape(
        drawing.id === view.selectedId ? { ...shifted(drawing, view.drag.dt, view.drag.dv), id: drawing.id } : drawing,
        mainScales,
        price,
      ),
    );

    const ctx = this.context;
    const panes: OverlayPane[] = [];
    if (ctx) {
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      ctx.clearRect(0, 0, this.width, this.height);
      this.clipped(ctx, main, () => {
        renderGrid(ctx, mainScales, y.ticks(6), COLORS.grid);
        this.paintSeries(ctx, mainScales, from, to);
        for (const indicator of overlays) paintIndicator(ctx, indicator, barTimes, range, mainScales);
        const draft = view.draft ? drawingShape(view.draft, mainScales, price) : null;
        renderDrawings(ctx, this.shapes, COLORS.drawing, view.selectedId, draft);
      });
    }
    for (const pane of this.layout.panes) {
      const indicator = this.indicators.find((i) => i.id === pane.id);
      if (!indicator) continue;
      const values: number[] = [...indicator.levels];
      if (indicator.range) values.push(...indicator.range);
      else collectValues(indicator, range, values);
      if (indicator.lines.some((line) => line.mark === 'histogram')) values.push(0);
      const paneY = valueScale(paddedDomain(values), pane.plot);
      const scales: PaneScales = { x: xAt, y: (v) => paneY(v), plot: pane.plot };
      if (ctx) {
        this.clipped(ctx, pane.plot, () => {
          renderGrid(ctx, scales, indicator.levels.length ? indicator.levels : paneY.ticks(3), COLORS.grid);
          paintIndicator(ctx, indicator, barTimes, range, scales);
        });
      }
      panes.push({ id: pane.id, label: indicator.label, plot: pane.plot, y: paneY });
    }
    renderOverlay(this.svg, {
      x,
      from,
      to,
      width: this.width,
      main,
      y,
      panes,
      overlayLabels: overlays.map((i) => ({ id: i.id, label: i.label, color: i.lines[0]?.color ?? COLORS.text })),
      digits: this.digits,
      last: lastPrice(this.series),
      bets: this.bets,
      hover: this.hover ?? this.cursorHover(y),
      timeLabel: (date) => formatAxisTime(date, this.language, 'seconds'),
      axisLabel: (date, precision) => formatAxisTime(date, this.language, precision),
    });
    this.reportVisible(from, to);
  }

  private cursorHover(y: ScaleLinear<number, number>): [number, number] | null {
    const point = this.cursorPoint();
    return point ? [this.viewport.x(point.t), y(point.v)] : null;
  }

  /** Tells the owner the visible range's summary when it changed (not on every frame). */
  private reportVisible(from: number, to: number) {
    if (!this.onVisible) return;
    const summary = visibleSummary(this.bars, from, to);
    const key = summary ? `${summary.first.t} ${summary.last.t} ${summary.last.c} ${summary.high} ${summary.low}` : '';
    if (key === this.summaryKey) return;
    this.summaryKey = key;
    if (summary) this.onVisible(summary);
  }

  private clipped(ctx: CanvasRenderingContext2D, plot: PlotRect, paint: () => void) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top);
    ctx.clip();
    paint();
    ctx.restore();
  }

  /** Where each bar is drawn: a tick at its time, a candle at its middle. */
  private barTimesCache: { bars: PriceCandle[]; times: number[] } | null = null;
  private barTimes(): number[] {
    const cache = this.barTimesCache;
    if (cache && cache.bars === this.bars) return cache.times;
    const half = this.series.kind === 'candlestick' ? this.series.intervalMs / 2 : 0;
    const times = this.bars.map((bar) => bar.t + half);
    this.barTimesCache = { bars: this.bars, times };
    return times;
  }

  private paintSeries(ctx: CanvasRenderingContext2D, scales: PaneScales, from: number, to: number) {
    const style = this.effectiveStyle();
    // What was painted, for tests and the benchmark: the canvas says its kind.
    if (this.elements.marks.dataset.style !== style) this.elements.marks.dataset.style = style;
    const series = this.series;
    if (style === 'line' || style === 'area') {
      const times = this.barTimes();
      const values = series.kind === 'line' ? series.points.map((p) => p.v) : series.candles.map((c) => c.c);
      const range =
        series.kind === 'line'
          ? visiblePoints(this.bars, from, to)
          : visibleCandles(this.bars, from, to, series.intervalMs);
      const marks: LineMarks = { times, values, range };
      if (style === 'line') renderLine(ctx, marks, scales, { color: COLORS.line, width: 2 });
      else
        renderArea(ctx, marks, scales, {
          color: COLORS.line,
          width: 2,
          fillTop: COLORS.areaTop,
          fillBottom: COLORS.areaBottom,
        });
      return;
    }
    if (series.kind !== 'candlestick') return;
    let candles = series.candles;
    if (style === 'heikinAshi') {
      if (!this.heikin || this.heikin.length !== candles.length) this.heikin = heikinAshi(candles);
      candles = this.heikin;
    }
    const marks = {
      candles,
      intervalMs: series.intervalMs,
      range: visibleCandles(candles, from, to, series.intervalMs),
    };
    const colors = { up: COLORS.up, down: COLORS.down };
    if (style === 'bars') renderOhlcBars(ctx, marks, scales, colors);
    else renderCandles(ctx, marks, scales, colors, style === 'hollow');
  }
}
