import type { ScaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { Selection } from 'd3-selection';
import { formatAxisTime } from '../../shared/format';
import { lastPrice } from '../../shared/chart-series';
import type { ChartSeries, PricePoint } from '../../shared/chart-series';
import { shifted } from '../../shared/chart-drawings';
import type { Drawing, DrawingPoint } from '../../shared/chart-drawings';
import { DEFAULT_MAIN_WEIGHT } from '../../shared/chart-panes';
import { clipped, sizeElements } from './engine/canvas';
import type { ChartElements } from './engine/canvas';
import { CHART_COLORS as COLORS } from './engine/colors';
import type { ChartBetMark } from './engine/bet-mark';
import { drawingShape, hitDrawing, hitDrawingAt } from './engine/drawing-geometry';
import type { DrawingShape } from './engine/drawing-geometry';
import { DrawingInput } from './engine/drawing-input';
import type { DrawingHandlers } from './engine/drawing-input';
import { paintIndicatorPanes } from './engine/indicator-panes';
import type { IndicatorRuntime } from './engine/indicator-view';
import { Interaction } from './engine/interaction';
import { KeyboardCursor, priceStep } from './engine/keyboard-cursor';
import { MainSeries } from './engine/main-series';
import { createOverlay, renderOverlay } from './engine/overlay';
import { chartNumbers } from './engine/chart-numbers';
import { layoutPanes } from './engine/panes';
import type { PaneLayout } from './engine/panes';
import { collectValues, paintIndicator } from './engine/series-marks';
import type { ChartStyle, PaneScales } from './engine/types';
import { Viewport, priceDomain, valueScale } from './engine/viewport';
import { visibleSummary } from './engine/visible-summary';
import type { CursorReading, VisibleSummary } from './engine/visible-summary';
import { renderDrawings } from './renderers/drawings';
import { renderGrid } from './renderers/grid';

export type { ChartBetMark } from './engine/bet-mark';
export type { ChartElements } from './engine/canvas';
export type { DrawingHandlers } from './engine/drawing-input';
export type { CursorReading, VisibleSummary } from './engine/visible-summary';

/**
 * How the drawings are shown: the one selected, the one being placed, the drag in progress (of one
 * point when `point` is set), and the point the keyboard has chosen (marked on its handle).
 */
export interface DrawingView {
  selectedId: string | null;
  draft: Omit<Drawing, 'id'> | null;
  drag: { dt: number; dv: number; point?: number };
  placing: boolean;
  handle?: number | null;
}

/**
 * The chart without React. It wires the parts: the main series (its data, live ticks and style,
 * engine/main-series), the viewport (zoom, pan, time scale), the panes (the main pane and indicator
 * panes, each with its own value scale), the renderers (pure functions that paint one kind of mark
 * on the canvas), the overlay (axes, current price, bets, crosshair, joined with D3) and the
 * interaction (pointer, wheel, keyboard crosshair, drawing input). Every change only marks the
 * frame dirty; one requestAnimationFrame paints it, so a burst of ticks costs one paint.
 */
export class ChartEngine {
  private readonly data = new MainSeries();
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
  private readonly cursor = new KeyboardCursor(this.data);
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
  /** The language of the chart's numbers and time labels (src/shared/format.ts, times in the trader's time zone). */
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
      drawingAt: (x, y) => hitDrawingAt(this.shapes, this.drawingView.selectedId, x, y),
    });
  }

  setSeries(series: ChartSeries, digits: number) {
    this.digits = digits;
    if (this.data.set(series, this.indicators)) {
      this.resetZoom();
      this.clearCursor();
    } else this.cursor.clampToBars();
    this.invalidate();
  }

  setLanguage(language: string) {
    if (language === this.language) return;
    this.language = language;
    this.invalidate();
  }

  /** How the main series is drawn; null draws ticks as an area and candles as candlesticks. */
  setStyle(style: ChartStyle | null) {
    if (this.data.setStyle(style)) this.invalidate();
  }

  setBets(bets: ChartBetMark[]) {
    this.bets = bets;
    this.invalidate();
  }

  /** The indicators drawn, in order; each is computed over the bars once here, then per tick. */
  setIndicators(indicators: IndicatorRuntime[]) {
    const known = new Set(this.indicators);
    for (const indicator of indicators) if (!known.has(indicator)) indicator.reset(this.data.bars);
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
    if (this.data.bars.length === 0 || !this.mainY) return;
    this.cursor.move(bars, steps, this.viewport.to, this.mainY.domain());
    this.invalidate();
    this.onCursor?.(this.cursor.reading());
  }

  /** Where the keyboard crosshair is, as a drawing point (null when it is not shown). */
  cursorPoint(): DrawingPoint | null {
    return this.cursor.point();
  }

  /** The drawing under the keyboard crosshair, if any. */
  drawingAtCursor(): string | null {
    const point = this.cursor.point();
    if (!point || !this.mainY) return null;
    return hitDrawing(this.shapes, this.viewport.x(point.t), this.mainY(point.v));
  }

  /** The price that one keyboard step moves (a fortieth of the visible range) and one bar's time. */
  keyboardSteps(): { dt: number; dv: number } {
    return { dt: this.data.barMs(), dv: priceStep(this.mainY?.domain() ?? [0, 0]) };
  }

  clearCursor() {
    if (!this.cursor.clear()) return;
    this.invalidate();
    this.onCursor?.(null);
  }

  /** A live tick: the last point or candle moves, the indicators fold it in, one repaint follows. */
  pushTick(tick: PricePoint) {
    if (this.data.pushTick(tick, this.indicators)) this.invalidate();
  }

  resize(width: number, height: number, dpr: number) {
    if (width === this.width && height === this.height && dpr === this.dpr) return;
    this.width = Math.max(0, Math.floor(width));
    this.height = Math.max(0, Math.floor(height));
    this.dpr = dpr;
    sizeElements(this.elements, this.width, this.height, dpr);
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

  private paint() {
    if (this.width === 0 || this.height === 0) return;
    const paneIds = this.indicators.filter((i) => i.placement === 'pane').map((i) => i.id);
    if (paneIds.join() !== this.layout.panes.map((p) => p.id).join()) this.relayout();
    const { main } = this.layout;
    const series = this.data.series;
    this.viewport.update(series, this.bets, main);
    const { x, from, to } = this.viewport;
    const xAt = (t: number) => x(t);
    const times = this.data.barTimes();
    const range = this.data.visibleRange(from, to);

    const overlays = this.indicators.filter((i) => i.placement === 'overlay');
    const extra: number[] = [];
    for (const indicator of overlays) collectValues(indicator, range, extra);
    const y = valueScale(priceDomain(series, this.bets, from, to, this.digits, extra), main);
    this.mainY = y;
    const mainScales: PaneScales = { x: xAt, y: (v) => y(v), plot: main };
    const numbers = chartNumbers(this.digits, this.language);
    const view = this.drawingView;
    this.shapes = this.drawings.map((drawing) =>
      drawingShape(
        drawing.id === view.selectedId ? shifted(drawing, view.drag.dt, view.drag.dv, view.drag.point) : drawing,
        mainScales,
        numbers,
      ),
    );

    const ctx = this.context;
    if (ctx) {
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      ctx.clearRect(0, 0, this.width, this.height);
      clipped(ctx, main, () => {
        renderGrid(ctx, mainScales, y.ticks(6), COLORS.grid);
        const style = this.data.paint(ctx, mainScales, from, to);
        // What was painted, for tests and the benchmark: the canvas says its kind.
        if (this.elements.marks.dataset.style !== style) this.elements.marks.dataset.style = style;
        for (const indicator of overlays) paintIndicator(ctx, indicator, times, range, mainScales);
        const draft = view.draft ? drawingShape(view.draft, mainScales, numbers) : null;
        renderDrawings(ctx, this.shapes, COLORS.drawing, view.selectedId, draft, view.handle ?? null);
      });
    }
    const panes = paintIndicatorPanes(ctx, this.layout, this.indicators, { x: xAt, times, range });
    renderOverlay(this.svg, {
      x,
      from,
      to,
      width: this.width,
      main,
      y,
      panes,
      overlayLabels: overlays.map((i) => ({ id: i.id, label: i.label, color: i.lines[0]?.color ?? COLORS.text })),
      numbers,
      last: lastPrice(series),
      bets: this.bets,
      hover: this.hover ?? this.cursorHover(y),
      timeLabel: (date) => formatAxisTime(date, this.language, 'seconds'),
      axisLabel: (date, precision) => formatAxisTime(date, this.language, precision),
    });
    this.reportVisible(from, to);
  }

  private cursorHover(y: ScaleLinear<number, number>): [number, number] | null {
    const point = this.cursor.point();
    return point ? [this.viewport.x(point.t), y(point.v)] : null;
  }

  /** Tells the owner the visible range's summary when it changed (not on every frame). */
  private reportVisible(from: number, to: number) {
    if (!this.onVisible) return;
    const summary = visibleSummary(this.data.bars, from, to);
    const key = summary ? `${summary.first.t} ${summary.last.t} ${summary.last.c} ${summary.high} ${summary.low}` : '';
    if (key === this.summaryKey) return;
    this.summaryKey = key;
    if (summary) this.onVisible(summary);
  }
}
