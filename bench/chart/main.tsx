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

export interface ChartScenario {
  kind: 'candlestick' | 'line';
  /** Candles (one minute each) or line points (one second apart) in the series. */
  size: number;
  /** The goal's load: 5 overlays (SMA, EMA, Bollinger, Ichimoku, SAR) and 3 panes (RSI, MACD, Stochastic). */
  indicators?: boolean;
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
