import { extent } from 'd3-array';
import { scaleLinear, scaleTime } from 'd3-scale';
import type { ScaleLinear, ScaleTime } from 'd3-scale';
import { zoomIdentity } from 'd3-zoom';
import type { ZoomTransform } from 'd3-zoom';
import { lastPrice } from '../../../shared/chart-series';
import type { ChartSeries } from '../../../shared/chart-series';
import { visibleCandles, visiblePoints } from '../renderers/visible';
import type { PlotRect } from './types';

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

export interface ViewportBet {
  openRate: number;
  openedAt: number;
  expiresAt: number;
}

/**
 * The viewport: the user's zoom and pan (a d3-zoom transform) over a base window around the newest
 * data, the time scale it gives, and the visible time range. The base window reaches right to the
 * open bets' latest expiry until the user zooms or pans; from then on that reach is pinned, so a bet
 * opening or expiring does not move the view under the user's hand. Reset follows again.
 */
export class Viewport {
  transform: ZoomTransform = zoomIdentity;
  /** How far (ms) the base window reaches past its usual right edge (null = following the bets). */
  private pinnedExpiryReach: number | null = null;
  private expiryReach = 0;
  x: ScaleTime<number, number> = scaleTime();
  from = 0;
  to = 0;

  /** A new zoom transform from the interaction: pins the expiry reach once the view leaves identity. */
  setTransform(transform: ZoomTransform) {
    const following = this.pinnedExpiryReach === null;
    this.transform = transform;
    if (transform.k === 1 && transform.x === 0 && transform.y === 0) this.pinnedExpiryReach = null;
    else if (following) this.pinnedExpiryReach = this.expiryReach;
  }

  /** The time scale over `plot` for the series and the bets; sets `from` and `to`. */
  update(series: ChartSeries, bets: readonly ViewportBet[], plot: PlotRect) {
    const last = lastPrice(series);
    const end = last?.t ?? Date.now();
    let windowMs = LINE_WINDOW_MS;
    if (series.kind === 'candlestick') {
      windowMs = series.intervalMs * CANDLES_SHOWN;
    } else {
      const first = series.points[0];
      if (first) windowMs = Math.min(LINE_WINDOW_MS, Math.max(60_000, end - first.t));
    }
    const baseEnd = end + windowMs * RIGHT_PAD + (series.kind === 'candlestick' ? series.intervalMs : 0);
    const baseStart = baseEnd - windowMs;
    this.expiryReach = this.pinnedExpiryReach ?? reachForExpiries(bets, baseStart, baseEnd);
    const base = scaleTime()
      .domain([new Date(baseStart), new Date(baseEnd + this.expiryReach)])
      .range([plot.left, plot.right]);
    this.x = this.transform.rescaleX(base);
    const [from, to] = this.x.domain().map((d) => d.getTime()) as [number, number];
    this.from = from;
    this.to = to;
  }
}

/** How much later than `baseEnd` the window must end for the latest expiry to show with its flag. */
function reachForExpiries(bets: readonly ViewportBet[], baseStart: number, baseEnd: number) {
  let latest = -Infinity;
  for (const bet of bets) latest = Math.max(latest, bet.expiresAt);
  if (!Number.isFinite(latest)) return 0;
  const neededEnd = baseStart + (latest - baseStart) / (1 - EXPIRY_PAD);
  return Math.max(0, neededEnd - baseEnd);
}

/** The price range the main pane shows: the visible prices, the bets' entry rates and `extra` values. */
export function priceDomain(
  series: ChartSeries,
  bets: readonly ViewportBet[],
  from: number,
  to: number,
  digits: number,
  extra: readonly number[] = [],
): [number, number] {
  const values: number[] = [...extra];
  if (series.kind === 'line') {
    const { i0, i1 } = visiblePoints(series.points, from, to);
    for (let i = i0; i < i1; i++) values.push(series.points[i]!.v);
  } else {
    const { i0, i1 } = visibleCandles(series.candles, from, to, series.intervalMs);
    for (let i = i0; i < i1; i++) values.push(series.candles[i]!.h, series.candles[i]!.l);
  }
  for (const bet of bets) if (bet.expiresAt >= from && bet.openedAt <= to) values.push(bet.openRate);
  const [lo = 0, hi = 1] = extent(values);
  const pad = Math.max((hi - lo) * 0.12, Math.abs(hi) * 1e-5, 10 ** -digits);
  return [lo - pad, hi + pad];
}

/** A linear y scale for a pane over its plot, the domain padded so lines do not touch the edges. */
export function valueScale(domain: [number, number], plot: PlotRect): ScaleLinear<number, number> {
  return scaleLinear().domain(domain).range([plot.bottom, plot.top]);
}
