import { useTranslation } from 'react-i18next';
import type { KeyboardEvent, ReactNode } from 'react';
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { styled } from '../stitches.config';
import { VisuallyHidden } from '../primitives/VisuallyHidden';
import { ChartToolbar } from './ChartToolbar';
import { ChartStatusOverlay } from './ChartStatusOverlay';
import { ChartEngine } from './chart-engine';
import type { ChartBetMark, CursorReading, DrawingView, VisibleSummary } from './chart-engine';
import { chartKeyAction, historyKeyAction } from './chart-keys';
import type { DrawingKeyHandlers } from './chart-keys';
import { ChartReadout } from './ChartReadout';
import { PaneDivider } from './PaneDivider';
import type { PaneLayout } from './engine/panes';
import type { Drawing } from '../../shared/chart-drawings';
import { DEFAULT_MAIN_WEIGHT } from '../../shared/chart-panes';
import { isTypingTarget } from '../../shared/keyboard-shortcuts';
import type { ChartSeries, ChartStyle, PricePoint } from '../../shared/chart-series';
import type { IndicatorRuntime } from './engine/indicator-view';

export type ChartStatus = 'loading' | 'ready' | 'empty' | 'error';

export interface PriceChartLabels {
  /** The chart's name for assistive technology: 'EUR/USD price chart'. */
  title: string;
  /** A sentence about what is shown: last price, open bets, how to zoom and pan. */
  description: string;
  loading: string;
  empty: string;
  error: string;
  retry: string;
  /** Shown over the chart while live prices are not arriving. */
  offline: string;
  zoomIn: string;
  zoomOut: string;
  resetZoom: string;
  /** The chart kind picker: its label and each kind's name. */
  style?: { label: string; options: Record<ChartStyle, string> };
}

export interface PriceChartHandle {
  /** A live tick: moves the last point or candle and repaints without a React render. */
  pushTick: (tick: PricePoint) => void;
  /** Moves focus to the chart (its keyboard crosshair and drawing keys work from there). */
  focus: () => void;
}

/** The trader's drawings on this chart, how the tools show them, and what the input does. */
export interface PriceChartDrawing {
  drawings: readonly Drawing[];
  view: DrawingView;
  handlers: DrawingKeyHandlers;
}

/** The visible range's summary reaches React at most this often (ms), not on every tick. */
const SUMMARY_EVERY_MS = 2000;

export interface PriceChartProps {
  series: ChartSeries;
  /** Decimals of the pair's prices. */
  digits: number;
  status: ChartStatus;
  /** Live prices are not arriving (the socket is reconnecting). */
  offline?: boolean;
  bets?: ChartBetMark[];
  labels: PriceChartLabels;
  /** Another way to feed live ticks: the chart subscribes and unsubscribes by itself. */
  subscribeTicks?: (listener: (tick: PricePoint) => void) => () => void;
  onRetry?: () => void;
  /** Height of the plot in CSS pixels (the width follows the container). */
  height?: number | string;
  /** Called after every paint with its duration in ms (benchmarks). */
  onPaint?: (ms: number) => void;
  /** How the series is drawn; by default ticks as an area, candles as candlesticks. */
  style?: ChartStyle;
  /** With `labels.style`, shows the kind picker in the chart's toolbar. */
  onStyleChange?: (style: ChartStyle) => void;
  /** Indicators drawn over the prices or in panes below them (see ./indicators). */
  indicators?: IndicatorRuntime[];
  /** Extra controls at the start of the chart's toolbar (the indicator picker). */
  toolbar?: ReactNode;
  drawing?: PriceChartDrawing;
  /** Shown under the toolbar (the open drawing tools). */
  panel?: ReactNode;
  /** Shown at the chart's foot (what the drawing tools expect next). */
  footer?: ReactNode;
  /** The price pane's height against one indicator pane's; with the callback, a divider sets it. */
  mainWeight?: number;
  onMainWeightChange?: (weight: number) => void;
}

const Frame = styled('div', {
  position: 'relative',
  width: '100%',
  minWidth: 0,
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$lg',
  overflow: 'hidden',
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});

const Layer = styled('div', {
  position: 'absolute',
  inset: 0,
  '& canvas, & svg': { position: 'absolute', inset: 0, display: 'block' },
});

const PanelSlot = styled('div', { position: 'absolute', top: '3rem', left: '$2', right: '5rem', zIndex: 1 });
const FooterSlot = styled('div', { position: 'absolute', bottom: '1.75rem', left: '$2', right: '5rem' });

/**
 * The price chart: the line or the candles with their axes, the current price, open bets' entry
 * lines and expiry markers, and a crosshair. Until the user zooms or pans, the time window reaches
 * right to the latest expiry of `bets`, so every open bet's expiry marker shows from the moment it
 * is placed. Zoom with the wheel or +/-, pan by dragging or with the arrow keys, 0 resets (and
 * follows the expiries again). Live ticks come through the handle or `subscribeTicks` and repaint
 * without rendering React.
 */
export const PriceChart = forwardRef<PriceChartHandle, PriceChartProps>(function PriceChart(
  {
    series,
    digits,
    status,
    offline = false,
    bets,
    labels,
    subscribeTicks,
    onRetry,
    height = 360,
    onPaint,
    style,
    onStyleChange,
    indicators,
    toolbar,
    drawing,
    panel,
    footer,
    mainWeight = DEFAULT_MAIN_WEIGHT,
    onMainWeightChange,
  },
  ref,
) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const engineRef = useRef<ChartEngine | null>(null);
  const descriptionId = useId();
  const summaryId = useId();
  const [summary, setSummary] = useState<VisibleSummary | null>(null);
  const [reading, setReading] = useState<CursorReading | null>(null);
  const [layout, setLayout] = useState<PaneLayout | null>(null);

  useEffect(() => {
    const frame = frameRef.current;
    const marks = canvasRef.current;
    const overlay = svgRef.current;
    if (!frame || !marks || !overlay) return;
    const engine = new ChartEngine({ marks, overlay });
    engineRef.current = engine;
    // The summary follows the view and the ticks, but React hears of it at most every 2 s.
    let pending: VisibleSummary | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    engine.onVisible = (next) => {
      pending = next;
      timer ??= setTimeout(() => {
        timer = null;
        setSummary(pending);
      }, SUMMARY_EVERY_MS);
    };
    engine.onCursor = setReading;
    engine.onLayout = setLayout;
    const fit = () => engine.resize(frame.clientWidth, frame.clientHeight, window.devicePixelRatio || 1);
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(frame);
    return () => {
      if (timer) clearTimeout(timer);
      observer?.disconnect();
      engine.destroy();
      engineRef.current = null;
    };
  }, []);

  useEffect(() => {
    const engine = engineRef.current;
    if (engine) engine.onPaint = onPaint ?? null;
  }, [onPaint]);

  // The time axis and the crosshair's time are written in the reader's language.
  const { i18n } = useTranslation();
  useEffect(() => {
    engineRef.current?.setLanguage(i18n.language);
  }, [i18n.language]);

  useEffect(() => {
    engineRef.current?.setSeries(series, digits);
  }, [series, digits]);

  useEffect(() => {
    engineRef.current?.setBets(bets ?? []);
  }, [bets]);

  useEffect(() => {
    engineRef.current?.setStyle(style ?? null);
  }, [style]);

  useEffect(() => {
    engineRef.current?.setIndicators(indicators ?? []);
  }, [indicators]);

  useEffect(() => {
    engineRef.current?.setMainWeight(mainWeight);
  }, [mainWeight]);

  useEffect(() => {
    const engine = engineRef.current;
    if (!engine) return;
    engine.setDrawingHandlers(drawing?.handlers ?? null);
    engine.setDrawings(
      drawing?.drawings ?? [],
      drawing?.view ?? { selectedId: null, draft: null, drag: { dt: 0, dv: 0 }, placing: false },
    );
  }, [drawing]);

  useEffect(() => {
    if (!subscribeTicks) return;
    return subscribeTicks((tick) => engineRef.current?.pushTick(tick));
  }, [subscribeTicks]);

  useImperativeHandle(
    ref,
    () => ({ pushTick: (tick) => engineRef.current?.pushTick(tick), focus: () => frameRef.current?.focus() }),
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const engine = engineRef.current;
    // Undo and redo work from the chart and its toolbars alike, but a text field keeps its own.
    const step = isTypingTarget(event.target) ? null : historyKeyAction(event, drawing?.handlers ?? null);
    if (step) {
      event.preventDefault();
      step();
      return;
    }
    if (!engine || event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const view = drawing?.view;
    const action = chartKeyAction(event, engine, {
      placing: view?.placing ?? false,
      selected: Boolean(view?.selectedId),
      drawing: drawing?.handlers ?? null,
    });
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Frame
      ref={frameRef}
      css={{ height }}
      role="group"
      aria-roledescription="chart"
      aria-label={labels.title}
      aria-describedby={`${descriptionId} ${summaryId}`}
      aria-busy={status === 'loading' || undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-status={status}
      data-offline={offline || undefined}
    >
      <VisuallyHidden id={descriptionId}>{labels.description}</VisuallyHidden>
      <ChartReadout
        summaryId={summaryId}
        summary={status === 'ready' ? summary : null}
        reading={reading}
        digits={digits}
      />
      {/* No empty axis behind the spinner or the error: the drawing shows once there is data. */}
      {/* The drawing keeps its reading order in a right-to-left page: time runs left to right and
        the prices stay at the right edge, as on every chart. */}
      <Layer
        aria-hidden="true"
        dir="ltr"
        css={status === 'loading' || status === 'error' ? { visibility: 'hidden' } : undefined}
      >
        <canvas ref={canvasRef} />
        <svg ref={svgRef} role="presentation" style={{ touchAction: 'none', cursor: 'crosshair' }} />
      </Layer>
      {status === 'ready' && (
        <ChartToolbar
          labels={labels}
          series={series}
          style={style}
          onStyleChange={onStyleChange}
          toolbar={toolbar}
          onZoomIn={() => engineRef.current?.zoomIn()}
          onZoomOut={() => engineRef.current?.zoomOut()}
          onResetZoom={() => engineRef.current?.resetZoom()}
        />
      )}
      {status === 'ready' && panel && <PanelSlot>{panel}</PanelSlot>}
      {footer && <FooterSlot>{footer}</FooterSlot>}
      {status === 'ready' && onMainWeightChange && layout && layout.panes.length > 0 && (
        <PaneDivider
          top={layout.main.bottom}
          height={frameRef.current?.clientHeight ?? 0}
          panes={layout.panes.length}
          weight={mainWeight}
          onChange={onMainWeightChange}
        />
      )}
      <ChartStatusOverlay status={status} offline={offline} labels={labels} onRetry={onRetry} />
    </Frame>
  );
});
