import { bisector, extent } from 'd3-array';
import { axisBottom, axisRight } from 'd3-axis';
import { scaleLinear, scaleTime } from 'd3-scale';
import type { ScaleLinear, ScaleTime } from 'd3-scale';
import { pointer, select } from 'd3-selection';
import type { Selection } from 'd3-selection';
import { timeFormat } from 'd3-time-format';
import { zoom, zoomIdentity } from 'd3-zoom';
import type { D3ZoomEvent, ZoomBehavior, ZoomTransform } from 'd3-zoom';
import { theme } from '../stitches.config';
import { applyTick, lastPrice } from '../../shared/chart-series';
import type { ChartSeries, PriceCandle, PricePoint } from '../../shared/chart-series';

/** An open bet as the chart marks it: its entry line and its expiry. */
export interface ChartBetMark {
  id: number;
  direction: 'up' | 'down';
  openRate: number;
  openedAt: number;
  expiresAt: number;
}

export interface ChartElements {
  marks: HTMLCanvasElement;
  overlay: SVGSVGElement;
}

/** Room for the axes: the price scale on the right, the time scale at the bottom. */
const MARGIN = { top: 12, right: 72, bottom: 24, left: 8 };
/** What the chart shows before any zoom: the last 5 minutes of the line, or the last 60 candles. */
const LINE_WINDOW_MS = 5 * 60_000;
const CANDLES_SHOWN = 60;
/** Empty space right of the last price, as a share of the window, so the live edge is visible. */
const RIGHT_PAD = 0.08;
/**
 * When an open bet expires after that edge, the window widens on the right until the latest
 * expiry sits this share of the width before the price scale, so its marker and flag show.
 */
const EXPIRY_PAD = 0.06;
const ZOOM_STEP = 1.25;
const PAN_STEP_PX = 48;

const color = (token: keyof typeof theme.colors) => theme.colors[token].value;
const COLORS = {
  line: color('secondaryText'),
  up: color('successText'),
  down: color('dangerText'),
  grid: color('border'),
  text: color('textMuted'),
  price: color('goldText'),
  crosshair: color('textSubtle'),
  labelBg: color('surfaceRaised'),
};

const byTime = bisector<{ t: number }, number>((d) => d.t);

function timeFormatFor(spanMs: number) {
  if (spanMs <= 3 * 60_000) return timeFormat('%H:%M:%S');
  if (spanMs <= 2 * 86_400_000) return timeFormat('%H:%M');
  return timeFormat('%d.%m');
}

/**
 * The chart without React: D3 scales, axes and zoom; the line or the candles painted on a canvas
 * (devicePixelRatio aware); an SVG overlay for the axes, the current price, the open bets and the
 * crosshair. Every change only marks the frame dirty; one requestAnimationFrame paints it, so a
 * burst of ticks costs one paint.
 */
export class ChartEngine {
  private series: ChartSeries = { kind: 'line', points: [] };
  private digits = 5;
  private bets: ChartBetMark[] = [];
  private width = 0;
  private height = 0;
  private dpr = 1;
  private transform: ZoomTransform = zoomIdentity;
  /**
   * How far (ms) the base window reaches past its usual right edge to show the open bets' expiries.
   * It follows the bets until the user zooms or pans; from then on it is pinned (null = following),
   * so a bet opening or expiring does not move the view under the user's hand. Reset follows again.
   */
  private pinnedExpiryReach: number | null = null;
  private expiryReach = 0;
  private hover: [number, number] | null = null;
  private frame = 0;
  private readonly context: CanvasRenderingContext2D | null;
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly zoomBehavior: ZoomBehavior<SVGSVGElement, unknown>;
  private readonly timeLabel: (date: Date) => string;
  private x: ScaleTime<number, number> = scaleTime();
  private y: ScaleLinear<number, number> = scaleLinear();
  /** Called after each paint with its duration (ms); the benchmark reads it. */
  onPaint: ((ms: number) => void) | null = null;

  constructor(
    private readonly elements: ChartElements,
    options: { timeLabel?: (date: Date) => string } = {},
  ) {
    this.context = elements.marks.getContext('2d');
    this.timeLabel = options.timeLabel ?? timeFormat('%H:%M:%S');
    this.svg = select(elements.overlay);
    this.svg.selectAll('*').remove();
    this.svg.append('g').attr('class', 'x-axis');
    this.svg.append('g').attr('class', 'y-axis');
    this.svg.append('g').attr('class', 'bets');
    this.svg.append('g').attr('class', 'price');
    this.svg.append('g').attr('class', 'crosshair').style('pointer-events', 'none');
    this.zoomBehavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.05, 40])
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        const following = this.pinnedExpiryReach === null;
        this.transform = event.transform;
        if (isIdentity(event.transform)) this.pinnedExpiryReach = null;
        else if (following) this.pinnedExpiryReach = this.expiryReach;
        this.invalidate();
      });
    this.svg.call(this.zoomBehavior).on('dblclick.zoom', null);
    this.svg
      .on('pointermove.crosshair', (event: PointerEvent) => {
        this.hover = pointer(event, elements.overlay);
        this.invalidate();
      })
      .on('pointerleave.crosshair', () => {
        this.hover = null;
        this.invalidate();
      });
  }

  setSeries(series: ChartSeries, digits: number) {
    const kindChanged = series.kind !== this.series.kind;
    this.series = series;
    this.digits = digits;
    if (kindChanged) this.resetZoom();
    this.invalidate();
  }

  setBets(bets: ChartBetMark[]) {
    this.bets = bets;
    this.invalidate();
  }

  /** A live tick: the last point or candle moves, one repaint follows, React is not involved. */
  pushTick(tick: PricePoint) {
    this.series = applyTick(this.series, tick);
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
    this.zoomBehavior.extent([
      [MARGIN.left, MARGIN.top],
      [Math.max(MARGIN.left + 1, this.width - MARGIN.right), Math.max(MARGIN.top + 1, this.height - MARGIN.bottom)],
    ]);
    this.invalidate();
  }

  zoomBy(factor: number) {
    this.zoomBehavior.scaleBy(this.svg, factor);
  }

  zoomIn() {
    this.zoomBy(ZOOM_STEP);
  }

  zoomOut() {
    this.zoomBy(1 / ZOOM_STEP);
  }

  /** Positive moves the view towards older prices. */
  pan(steps: number) {
    this.zoomBehavior.translateBy(this.svg, steps * PAN_STEP_PX, 0);
  }

  resetZoom() {
    this.zoomBehavior.transform(this.svg, zoomIdentity);
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
    this.svg.on('.zoom', null).on('.crosshair', null);
    this.svg.selectAll('*').remove();
  }

  /**
   * The visible time window: the base window around the newest data, widened on the right to the
   * open bets' latest expiry, then the user's zoom and pan.
   */
  private scales() {
    const innerRight = this.width - MARGIN.right;
    const innerBottom = this.height - MARGIN.bottom;
    const last = lastPrice(this.series);
    const end = last?.t ?? Date.now();
    let windowMs = LINE_WINDOW_MS;
    if (this.series.kind === 'candlestick') {
      windowMs = this.series.intervalMs * CANDLES_SHOWN;
    } else {
      const first = this.series.points[0];
      if (first) windowMs = Math.min(LINE_WINDOW_MS, Math.max(60_000, end - first.t));
    }
    const baseEnd = end + windowMs * RIGHT_PAD + (this.series.kind === 'candlestick' ? this.series.intervalMs : 0);
    const baseStart = baseEnd - windowMs;
    this.expiryReach = this.pinnedExpiryReach ?? this.reachForExpiries(baseStart, baseEnd);
    const base = scaleTime()
      .domain([new Date(baseStart), new Date(baseEnd + this.expiryReach)])
      .range([MARGIN.left, innerRight]);
    this.x = this.transform.rescaleX(base);
    const [from, to] = this.x.domain().map((d) => d.getTime()) as [number, number];

    const values: number[] = [];
    if (this.series.kind === 'line') {
      const points = this.series.points;
      const i0 = Math.max(0, byTime.left(points, from) - 1);
      const i1 = Math.min(points.length, byTime.right(points, to) + 1);
      for (let i = i0; i < i1; i++) values.push(points[i]!.v);
    } else {
      const candles = this.series.candles;
      const i0 = Math.max(0, byTime.left(candles, from - this.series.intervalMs));
      const i1 = Math.min(candles.length, byTime.right(candles, to) + 1);
      for (let i = i0; i < i1; i++) values.push(candles[i]!.h, candles[i]!.l);
    }
    for (const bet of this.bets) if (bet.expiresAt >= from && bet.openedAt <= to) values.push(bet.openRate);
    const [lo = 0, hi = 1] = extent(values);
    const pad = Math.max((hi - lo) * 0.12, Math.abs(hi) * 1e-5, 10 ** -this.digits);
    this.y = scaleLinear()
      .domain([lo - pad, hi + pad])
      .range([innerBottom, MARGIN.top]);
    return { from, to };
  }

  /** How much later than `baseEnd` the window must end for the latest expiry to show with its flag. */
  private reachForExpiries(baseStart: number, baseEnd: number) {
    let latest = -Infinity;
    for (const bet of this.bets) latest = Math.max(latest, bet.expiresAt);
    if (!Number.isFinite(latest)) return 0;
    const neededEnd = baseStart + (latest - baseStart) / (1 - EXPIRY_PAD);
    return Math.max(0, neededEnd - baseEnd);
  }

  private paint() {
    if (this.width === 0 || this.height === 0) return;
    const { from, to } = this.scales();
    this.paintMarks(from, to);
    this.paintOverlay(from, to);
  }

  private paintMarks(from: number, to: number) {
    const ctx = this.context;
    if (!ctx) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    ctx.save();
    ctx.beginPath();
    ctx.rect(
      MARGIN.left,
      MARGIN.top,
      this.width - MARGIN.left - MARGIN.right,
      this.height - MARGIN.top - MARGIN.bottom,
    );
    ctx.clip();
    this.paintGrid(ctx);
    if (this.series.kind === 'line') this.paintLine(ctx, this.series.points, from, to);
    else this.paintCandles(ctx, this.series.candles, this.series.intervalMs, from, to);
    ctx.restore();
  }

  private paintGrid(ctx: CanvasRenderingContext2D) {
    ctx.strokeStyle = COLORS.grid;
    ctx.globalAlpha = 0.5;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const value of this.y.ticks(6)) {
      const y = Math.round(this.y(value)) + 0.5;
      ctx.moveTo(MARGIN.left, y);
      ctx.lineTo(this.width - MARGIN.right, y);
    }
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  private paintLine(ctx: CanvasRenderingContext2D, points: PricePoint[], from: number, to: number) {
    const i0 = Math.max(0, byTime.left(points, from) - 1);
    const i1 = Math.min(points.length, byTime.right(points, to) + 1);
    if (i1 - i0 < 1) return;
    const bottom = this.height - MARGIN.bottom;
    ctx.beginPath();
    for (let i = i0; i < i1; i++) {
      const point = points[i]!;
      const x = this.x(point.t);
      const y = this.y(point.v);
      if (i === i0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.strokeStyle = COLORS.line;
    ctx.lineWidth = 2;
    ctx.lineJoin = 'round';
    ctx.stroke();
    // The area under the line, fading down.
    const lastX = this.x(points[i1 - 1]!.t);
    ctx.lineTo(lastX, bottom);
    ctx.lineTo(this.x(points[i0]!.t), bottom);
    ctx.closePath();
    const fill = ctx.createLinearGradient(0, MARGIN.top, 0, bottom);
    fill.addColorStop(0, 'rgba(143, 180, 255, 0.28)');
    fill.addColorStop(1, 'rgba(143, 180, 255, 0)');
    ctx.fillStyle = fill;
    ctx.fill();
  }

  private paintCandles(
    ctx: CanvasRenderingContext2D,
    candles: PriceCandle[],
    intervalMs: number,
    from: number,
    to: number,
  ) {
    const i0 = Math.max(0, byTime.left(candles, from - intervalMs));
    const i1 = Math.min(candles.length, byTime.right(candles, to) + 1);
    const slot = this.x(intervalMs) - this.x(0);
    const body = Math.max(1, Math.min(slot * 0.7, 24));
    // Two passes (rising, then falling) so the fill colour changes twice per frame, not per candle.
    for (const rising of [true, false]) {
      ctx.strokeStyle = rising ? COLORS.up : COLORS.down;
      ctx.fillStyle = ctx.strokeStyle;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let i = i0; i < i1; i++) {
        const candle = candles[i]!;
        if (candle.c >= candle.o !== rising) continue;
        const center = Math.round(this.x(candle.t + intervalMs / 2)) + 0.5;
        ctx.moveTo(center, this.y(candle.h));
        ctx.lineTo(center, this.y(candle.l));
      }
      ctx.stroke();
      for (let i = i0; i < i1; i++) {
        const candle = candles[i]!;
        if (candle.c >= candle.o !== rising) continue;
        const center = this.x(candle.t + intervalMs / 2);
        const top = this.y(Math.max(candle.o, candle.c));
        const height = Math.max(1, this.y(Math.min(candle.o, candle.c)) - top);
        ctx.fillRect(center - body / 2, top, body, height);
      }
    }
  }

  private paintOverlay(from: number, to: number) {
    const right = this.width - MARGIN.right;
    const bottom = this.height - MARGIN.bottom;
    const priceText = (value: number) => value.toFixed(this.digits);

    const xAxis = axisBottom(this.x)
      .ticks(Math.max(2, Math.floor(this.width / 110)))
      .tickFormat((d) => timeFormatFor(to - from)(d as Date))
      .tickSizeOuter(0);
    const yAxis = axisRight(this.y)
      .ticks(6)
      .tickFormat((d) => priceText(Number(d)))
      .tickSizeOuter(0);
    this.svg.select<SVGGElement>('.x-axis').attr('transform', `translate(0,${bottom})`).call(xAxis).call(styleAxis);
    this.svg.select<SVGGElement>('.y-axis').attr('transform', `translate(${right},0)`).call(yAxis).call(styleAxis);

    // The current price: a dashed line across and its value on the price scale.
    const last = lastPrice(this.series);
    const price = this.svg.select<SVGGElement>('.price');
    price.selectAll('*').remove();
    if (last) {
      const y = Math.round(this.y(last.v)) + 0.5;
      if (y >= MARGIN.top && y <= bottom) {
        price
          .append('line')
          .attr('x1', MARGIN.left)
          .attr('x2', right)
          .attr('y1', y)
          .attr('y2', y)
          .attr('stroke', COLORS.price)
          .attr('stroke-dasharray', '4 3');
        label(price, right, y, priceText(last.v), COLORS.price, '#1a1403');
      }
    }

    // Open bets: the entry line from opening to expiry, and a flag at the expiry.
    const bets = this.svg.select<SVGGElement>('.bets');
    bets.selectAll('*').remove();
    for (const bet of this.bets) {
      if (bet.expiresAt < from || bet.openedAt > to) continue;
      const stroke = bet.direction === 'up' ? COLORS.up : COLORS.down;
      const y = this.y(bet.openRate);
      const x0 = Math.max(MARGIN.left, this.x(bet.openedAt));
      const x1 = Math.min(right, this.x(bet.expiresAt));
      const group = bets.append('g').attr('class', `bet bet-${bet.direction}`).attr('data-bet-id', bet.id);
      group
        .append('line')
        .attr('x1', x0)
        .attr('x2', x1)
        .attr('y1', y)
        .attr('y2', y)
        .attr('stroke', stroke)
        .attr('stroke-width', 2);
      group.append('circle').attr('cx', x0).attr('cy', y).attr('r', 3.5).attr('fill', stroke);
      if (this.x(bet.expiresAt) <= right) {
        const ex = this.x(bet.expiresAt);
        group
          .append('line')
          .attr('class', 'expiry')
          .attr('x1', ex)
          .attr('x2', ex)
          .attr('y1', MARGIN.top)
          .attr('y2', bottom)
          .attr('stroke', stroke)
          .attr('stroke-dasharray', '2 3');
        group.append('path').attr('d', `M${ex},${MARGIN.top} l8,4 l-8,4 z`).attr('fill', stroke);
      }
    }

    // The crosshair under the pointer, with its time and price.
    const cross = this.svg.select<SVGGElement>('.crosshair');
    cross.selectAll('*').remove();
    if (this.hover) {
      const [hx, hy] = this.hover;
      if (hx >= MARGIN.left && hx <= right && hy >= MARGIN.top && hy <= bottom) {
        cross
          .append('path')
          .attr('d', `M${MARGIN.left},${hy}H${right}M${hx},${MARGIN.top}V${bottom}`)
          .attr('stroke', COLORS.crosshair)
          .attr('stroke-dasharray', '3 3');
        label(cross, right, hy, priceText(this.y.invert(hy)), COLORS.labelBg, COLORS.text);
        const time = this.timeLabel(this.x.invert(hx));
        cross
          .append('rect')
          .attr('x', hx - 34)
          .attr('y', bottom + 2)
          .attr('width', 68)
          .attr('height', 18)
          .attr('rx', 3)
          .attr('fill', COLORS.labelBg);
        cross
          .append('text')
          .attr('x', hx)
          .attr('y', bottom + 15)
          .attr('text-anchor', 'middle')
          .attr('font-size', 11)
          .attr('fill', COLORS.text)
          .text(time);
      }
    }
  }
}

function isIdentity(transform: ZoomTransform) {
  return transform.k === 1 && transform.x === 0 && transform.y === 0;
}

function styleAxis(group: Selection<SVGGElement, unknown, null, undefined>) {
  group.select('.domain').attr('stroke', COLORS.grid);
  group.selectAll('.tick line').attr('stroke', COLORS.grid);
  group.selectAll('.tick text').attr('fill', COLORS.text).attr('font-size', 11);
}

function label(
  group: Selection<SVGGElement, unknown, null, undefined>,
  x: number,
  y: number,
  text: string,
  background: string,
  foreground: string,
) {
  group
    .append('rect')
    .attr('x', x + 1)
    .attr('y', y - 9)
    .attr('width', MARGIN.right - 4)
    .attr('height', 18)
    .attr('rx', 3)
    .attr('fill', background);
  group
    .append('text')
    .attr('x', x + 6)
    .attr('y', y + 4)
    .attr('font-size', 11)
    .attr('font-weight', 700)
    .attr('fill', foreground)
    .text(text);
}
