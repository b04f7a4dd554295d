/**
 * The page bench/chart.ts drives in headless Chromium: the real PriceChart (React, D3 scales,
 * canvas marks, SVG overlay) with a generated series, fed live ticks through its handle while
 * requestAnimationFrame notes every frame. The bench script calls window.benchChart.
 */
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { PriceChart, type PriceChartHandle, type PriceChartLabels } from '../../src/ui/chart/PriceChart';
import type { ChartSeries, PricePoint } from '../../src/shared/chart-series';
import { createIndicator } from '../../src/ui/chart/indicators/runtime';
import { INDICATOR_KINDS, INDICATOR_PALETTE, newIndicatorSettings } from '../../src/shared/chart-indicators';
import type { IndicatorKind } from '../../src/shared/chart-indicators';
import type { IndicatorRuntime } from '../../src/ui/chart/engine/indicator-view';
import { DRAWING_KINDS, pointsOf } from '../../src/shared/chart-drawings';
import type { Drawing } from '../../src/shared/chart-drawings';

export interface ChartScenario {
  kind: 'candlestick' | 'line';
  /** Candles (one minute each) or line points (one second apart) in the series. */
  size: number;
  /** The goal's load: 5 overlays (SMA, EMA, Bollinger, Ichimoku, SAR) and 3 panes (RSI, MACD, Stochastic). */
  indicators?: boolean;
  /** Drawings of every kind in turn (the goal's 20), spread over the history. */
  drawings?: number;
}

/** The indicators of the goal's case. */
const GOAL_INDICATORS: IndicatorKind[] = ['sma', 'ema', 'bollinger', 'ichimoku', 'psar', 'rsi', 'macd', 'stochastic'];

export interface FrameMeasure {
  /** Intervals between consecutive frames (rAF timestamps), ms. */
  frames: number[];
  /** The chart's own paint per frame (the engine's onPaint), ms. */
  paints: number[];
  ticks: number;
  longTasks: number;
  longTaskMs: number;
}

declare global {
  interface Window {
    benchChart: {
      mount(scenario: ChartScenario): Promise<void>;
      measure(seconds: number, tickEveryMs: number): Promise<FrameMeasure>;
      /** ms to add each indicator kind to the mounted series (create it and compute it over every bar). */
      addIndicatorMs(): Record<string, number>;
    };
  }
}

const CANDLE_MS = 60_000;
const START = Date.UTC(2026, 10, 23, 0, 0, 0);

/** A deterministic walk around EUR/USD's price (the same figures every run). */
function walk(seed: number) {
  let state = seed;
  let price = 1.15;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    price *= 1 + (state / 2 ** 31 - 0.5) * 0.0004;
    return Math.round(price * 1e5) / 1e5;
  };
}

function makeSeries(scenario: ChartScenario): { series: ChartSeries; lastT: number } {
  const next = walk(7);
  if (scenario.kind === 'line') {
    const points: PricePoint[] = Array.from({ length: scenario.size }, (_, i) => ({
      id: i + 1,
      t: START + i * 1000,
      v: next(),
    }));
    return { series: { kind: 'line', points }, lastT: points[points.length - 1]!.t };
  }
  const candles = Array.from({ length: scenario.size }, (_, i) => {
    const values = [next(), next(), next(), next()];
    return { t: START + i * CANDLE_MS, o: values[0]!, h: Math.max(...values), l: Math.min(...values), c: values[3]! };
  });
  return { series: { kind: 'candlestick', candles, intervalMs: CANDLE_MS }, lastT: candles[candles.length - 1]!.t };
}

/**
 * `count` drawings of every kind in turn over the candles' history. Their prices stay in the middle
 * of the newest 60 candles' range (the first view), so the bench's pan press at the top of the
 * price pane lands on no drawing, and the lines at one time keep off those candles.
 */
function makeDrawings(series: ChartSeries, count: number): Drawing[] {
  if (series.kind !== 'candlestick' || count === 0) return [];
  const candles = series.candles;
  const recent = candles.slice(-60);
  const low = Math.min(...recent.map((c) => c.l));
  const high = Math.max(...recent.map((c) => c.h));
  const price = (i: number) => low + (high - low) * (0.35 + 0.3 * ((i * 7) % 10) / 10);
  const older = candles.length - 100;
  const time = (i: number) => candles[Math.floor((older * (i + 0.5)) / count)]!.t;
  return Array.from({ length: count }, (_, i) => {
    const kind = DRAWING_KINDS[i % DRAWING_KINDS.length]!;
    const first = { t: time(i), v: price(i) };
    // Two-point drawings reach into the newest candles, so they cross the view.
    const points = pointsOf(kind) === 1 ? [first] : [first, { t: candles[candles.length - 1 - i]!.t, v: price(i + 3) }];
    return { id: `d${i + 1}`, kind, points, ...(kind === 'text' ? { text: `Note ${i + 1}` } : {}) };
  });
}

const ignore = () => undefined;
const drawingView = { selectedId: null, draft: null, drag: { dt: 0, dv: 0 }, placing: false };
const drawingHandlers = {
  onPlace: ignore,
  onPreview: ignore,
  onSelect: ignore,
  onDragStart: ignore,
  onDrag: ignore,
  onDragEnd: ignore,
  onNudge: ignore,
  onDelete: ignore,
  onCancel: ignore,
  onLock: ignore,
  onUndo: ignore,
  onRedo: ignore,
  onHandle: ignore,
};

const labels: PriceChartLabels = {
  title: 'EUR/USD price chart',
  description: 'Live EUR/USD prices',
  loading: 'Loading',
  empty: 'No prices',
  error: 'Prices did not load',
  retry: 'Retry',
  offline: 'Reconnecting',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetZoom: 'Reset zoom',
};

const chart = createRef<PriceChartHandle>();
const root = createRoot(document.getElementById('root')!);
let paints: number[] = [];
let painted: (() => void) | null = null;
const onPaint = (ms: number) => {
  paints.push(ms);
  painted?.();
  painted = null;
};
let nextTick: () => PricePoint = () => ({ id: 0, t: START, v: 1.15 });
let mounted: ChartSeries | null = null;

window.benchChart = {
  mount(scenario) {
    const { series, lastT } = makeSeries(scenario);
    mounted = series;
    const indicators: IndicatorRuntime[] = scenario.indicators
      ? GOAL_INDICATORS.map((kind, i) => createIndicator(newIndicatorSettings(kind, [], INDICATOR_PALETTE[i % INDICATOR_PALETTE.length]!), kind))
      : [];
    const drawings = makeDrawings(series, scenario.drawings ?? 0);
    const price = walk(11);
    let id = scenario.size + 1;
    let t = lastT;
    // One simulated second per tick, so candles also open and the view scrolls.
    nextTick = () => ({ id: id++, t: (t += 1000), v: price() });
    const firstPaint = new Promise<void>((resolve) => (painted = resolve));
    root.render(
      <PriceChart
        ref={chart}
        series={series}
        digits={5}
        status="ready"
        labels={labels}
        height={420}
        onPaint={onPaint}
        indicators={indicators}
        drawing={drawings.length ? { drawings, view: drawingView, handlers: drawingHandlers } : undefined}
      />,
    );
    return firstPaint;
  },

  addIndicatorMs() {
    const bars = mounted?.kind === 'candlestick' ? mounted.candles : [];
    const times: Record<string, number> = {};
    for (const kind of INDICATOR_KINDS) {
      const started = performance.now();
      createIndicator(newIndicatorSettings(kind, [], INDICATOR_PALETTE[0]), kind).reset(bars);
      times[kind] = Math.round((performance.now() - started) * 100) / 100;
    }
    return times;
  },

  measure(seconds, tickEveryMs) {
    paints = [];
    const frames: number[] = [];
    let ticks = 0;
    let longTasks = 0;
    let longTaskMs = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        longTasks += 1;
        longTaskMs += entry.duration;
      }
    });
    observer.observe({ type: 'longtask', buffered: false });
    // No ticks (0) measures what the machine itself does to the frames: the baseline.
    const feeder =
      tickEveryMs > 0
        ? setInterval(() => {
            chart.current?.pushTick(nextTick());
            ticks += 1;
          }, tickEveryMs)
        : undefined;
    return new Promise((resolve) => {
      const end = performance.now() + seconds * 1000;
      let previous: number | undefined;
      const frame = (at: number) => {
        if (previous !== undefined) frames.push(at - previous);
        previous = at;
        if (performance.now() < end) {
          requestAnimationFrame(frame);
          return;
        }
        clearInterval(feeder);
        observer.disconnect();
        resolve({ frames, paints, ticks, longTasks, longTaskMs });
      };
      requestAnimationFrame(frame);
    });
  },
};
