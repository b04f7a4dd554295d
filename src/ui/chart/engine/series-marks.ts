import type { IndicatorRuntime } from './indicator-view';
import type { PaneScales, PriceCandle } from './types';
import type { ChartSeries } from '../../../shared/chart-series';
import { CHART_COLORS as COLORS } from './colors';
import { renderBand } from '../renderers/band';
import { renderDots } from '../renderers/dots';
import { renderHistogram } from '../renderers/histogram';
import { renderLine } from '../renderers/line';
import type { LineMarks } from '../renderers/line';

/** The series as bars: candles as they are, ticks as bars of one price. Reuses `previous` bars. */
export function toBars(series: ChartSeries, previous?: PriceCandle[]): PriceCandle[] {
  if (series.kind === 'candlestick') return series.candles;
  const points = series.points;
  if (previous && previous.length && points.length) {
    // A tick appended (maybe dropping the oldest): reuse the converted bars instead of mapping 7200.
    const start = points[0]!.t === previous[0]!.t ? 0 : 1;
    if (previous.length - start === points.length - 1) {
      const next = start ? previous.slice(start) : previous.slice();
      const last = points[points.length - 1]!;
      next.push({ t: last.t, o: last.v, h: last.v, l: last.v, c: last.v });
      return next;
    }
  }
  return points.map((p) => ({ t: p.t, o: p.v, h: p.v, l: p.v, c: p.v }));
}

export function collectValues(indicator: IndicatorRuntime, range: { i0: number; i1: number }, into: number[]) {
  for (const line of indicator.lines) {
    for (let i = range.i0; i < range.i1; i++) {
      const v = line.values[i];
      if (v !== undefined && !Number.isNaN(v)) into.push(v);
    }
  }
}

export function paddedDomain(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!Number.isFinite(lo)) return [0, 1];
  const pad = Math.max((hi - lo) * 0.08, Math.abs(hi) * 1e-9, 1e-12);
  return [lo - pad, hi + pad];
}

export function paintIndicator(
  ctx: CanvasRenderingContext2D,
  indicator: IndicatorRuntime,
  times: number[],
  range: { i0: number; i1: number },
  scales: PaneScales,
) {
  const byKey = new Map(indicator.lines.map((line) => [line.key, line]));
  for (const band of indicator.bands) {
    const upper = byKey.get(band.upper);
    const lower = byKey.get(band.lower);
    if (upper && lower) renderBand(ctx, { times, values: upper.values, range }, lower.values, scales, band.fill);
  }
  if (indicator.levels.length) {
    ctx.save();
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = COLORS.text;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const level of indicator.levels) {
      const y = Math.round(scales.y(level)) + 0.5;
      ctx.moveTo(scales.plot.left, y);
      ctx.lineTo(scales.plot.right, y);
    }
    ctx.stroke();
    ctx.restore();
  }
  for (const line of indicator.lines) {
    const marks: LineMarks = { times, values: line.values, range };
    if (line.mark === 'histogram') {
      const slot = times.length > 1 ? Math.abs(scales.x(times[1]!) - scales.x(times[0]!)) : 4;
      renderHistogram(ctx, marks, scales, {
        up: COLORS.up,
        down: COLORS.down,
        width: Math.max(1, Math.min(slot * 0.6, 12)),
      });
    } else if (line.mark === 'dots') renderDots(ctx, marks, scales, line);
    else renderLine(ctx, marks, scales, line);
  }
}
