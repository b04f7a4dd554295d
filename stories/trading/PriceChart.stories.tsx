import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { expect, fn, waitFor } from 'storybook/test';
import { ChartStatusOverlay } from '../../src/ui/chart/ChartStatusOverlay';
import { ChartReadout } from '../../src/ui/chart/ChartReadout';
import { ChartToolbar } from '../../src/ui/chart/ChartToolbar';
import { PaneDivider } from '../../src/ui/chart/PaneDivider';
import { PriceChart } from '../../src/ui/chart/PriceChart';
import type { PriceChartHandle, PriceChartProps } from '../../src/ui/chart/PriceChart';
import type { PricePoint } from '../../src/shared/chart-series';
import { makeCandles, makeTicks } from '../../tests/msw/trading-fixtures';
import { createIndicator } from '../../src/ui/chart/indicators/runtime';
import { INDICATOR_KINDS, INDICATOR_PALETTE, newIndicatorSettings } from '../../src/shared/chart-indicators';
import type { IndicatorKind } from '../../src/shared/chart-indicators';
import { expectNoSidewaysScroll } from '../support/layout-checks';
import { chartPixelOf } from '../support/chart-pixel';
import { moveDrawing } from '../../src/shared/chart-drawings';
import type { Drawing, DrawingKind, DrawingPoint } from '../../src/shared/chart-drawings';
import type { DrawingKeyHandlers } from '../../src/ui/chart/chart-keys';
import { DrawingStatus } from '../../src/ui/chart/DrawingTools';
import { chartDrawingMachine } from '../../src/machines/chart-drawing/chart-drawing.machine';
import { selectDrawingMode } from '../../src/machines/chart-drawing/chart-drawing.selectors';
import { chartDrawingHandlers } from '../../src/routes/home/use-chart-drawing';
import { formatNumber } from '../../src/shared/format';
import { storyI18n } from '../../.storybook/i18n';
import { fixtureFor, fixtureKey } from '../support/fixture-text';

const labels: PriceChartProps['labels'] = {
  title: fixtureKey('trading.chart.title', { symbol: 'EUR/USD' }),
  // Read by screen readers only, as the app writes it: the price in each language's digits.
  description: fixtureFor((locale) => storyI18n.getFixedT(locale)('trading.chart.description', { price: formatNumber(1.08512, locale, 5), bets: 1 })),
  loading: fixtureKey('trading.chart.loading'),
  empty: fixtureKey('trading.chart.empty'),
  error: fixtureKey('trading.chart.error'),
  retry: fixtureKey('shell.retry'),
  offline: fixtureKey('trading.chart.offline'),
  zoomIn: fixtureKey('trading.chart.zoomIn'),
  zoomOut: fixtureKey('trading.chart.zoomOut'),
  resetZoom: fixtureKey('trading.chart.resetZoom'),
  style: {
    label: fixtureKey('trading.chart.style.label'),
    options: {
      line: fixtureKey('trading.chart.style.line'),
      area: fixtureKey('trading.chart.style.area'),
      candles: fixtureKey('trading.chart.style.candles'),
      bars: fixtureKey('trading.chart.style.bars'),
      heikinAshi: fixtureKey('trading.chart.style.heikinAshi'),
    },
  },
};

const points = makeTicks('eurusd', 600);
const last = points[points.length - 1]!;

const meta = {
  title: 'Patterns/Trading/PriceChart',
  component: PriceChart,
  subcomponents: { ChartToolbar, ChartStatusOverlay, ChartReadout, PaneDivider },
  args: { series: { kind: 'line', points }, digits: 5, status: 'ready', labels, onRetry: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PriceChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the first paint: the axes are drawn in the overlay. */
const painted = async (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelectorAll('.y-axis .tick').length).toBeGreaterThan(0));

/** The axes' written labels: no two time labels read the same, no price label lies under the current price's tag. */
async function expectReadableAxes(canvasElement: HTMLElement) {
  const times = [...canvasElement.querySelectorAll('.x-axis .tick text')].map((text) => text.textContent);
  await expect(new Set(times).size).toBe(times.length);
  const tag = canvasElement.querySelector('.price .label-bg')!.getBoundingClientRect();
  const covered = [...canvasElement.querySelectorAll<SVGGElement>('.y-axis .tick')]
    .filter((tick) => tick.getAttribute('visibility') !== 'hidden')
    .map((tick) => tick.querySelector('text')!.getBoundingClientRect())
    .filter((text) => text.bottom > tag.top && text.top < tag.bottom);
  await expect(covered).toEqual([]);
}

export const Line: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const chart = canvas.getByRole('group', { name: labels.title });
    await expect(chart).toHaveAccessibleDescription(/1,08512/);
    await painted(canvasElement);
    // The current price is labelled on the price scale.
    await expect(canvasElement.querySelector('.price text')?.textContent).toBe(formatNumber(last.v, storyI18n.language, 5));
    await expectReadableAxes(canvasElement);
    // Keyboard: + zooms in (fewer time ticks span less time), 0 resets.
    const before = canvasElement.querySelector('.x-axis')?.textContent;
    chart.focus();
    await userEvent.keyboard('+++');
    await waitFor(() => expect(canvasElement.querySelector('.x-axis')?.textContent).not.toBe(before));
    await expectReadableAxes(canvasElement);
    await userEvent.keyboard('0');
    await waitFor(() => expect(canvasElement.querySelector('.x-axis')?.textContent).toBe(before));
  },
};

const candleSeries = { kind: 'candlestick', candles: makeCandles('eurusd', '1m', 300), intervalMs: 60_000 } as const;
/** The kind the engine painted last, which the canvas carries. */
const paintedStyle = (canvasElement: HTMLElement) => canvasElement.querySelector('canvas')?.dataset.style;

export const KindLine: Story = {
  args: { style: 'line' },
  play: async ({ canvasElement }) => {
    await painted(canvasElement);
    await waitFor(() => expect(paintedStyle(canvasElement)).toBe('line'));
  },
};

export const KindArea: Story = {
  args: { style: 'area', series: candleSeries },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(paintedStyle(canvasElement)).toBe('area'));
  },
};

/** Rising candles hollow, falling candles filled: told apart by shape as well as colour. */
export const KindCandles: Story = {
  args: { style: 'candles', series: candleSeries },
  play: async ({ canvasElement }) => {
    await painted(canvasElement);
    await waitFor(() => expect(paintedStyle(canvasElement)).toBe('candles'));
    await expectNoSidewaysScroll(canvasElement);
  },
};

export const KindOhlcBars: Story = {
  args: { style: 'bars', series: candleSeries },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(paintedStyle(canvasElement)).toBe('bars'));
  },
};

export const KindHeikinAshi: Story = {
  args: { style: 'heikinAshi', series: candleSeries },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(paintedStyle(canvasElement)).toBe('heikinAshi'));
  },
};

/** A candle kind over ticks draws the area: ticks have no open, high or low. */
export const KindCandlesOverTicks: Story = {
  args: { style: 'candles' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(paintedStyle(canvasElement)).toBe('area'));
  },
};

/** The kind picker in the toolbar: a labelled select, operable by keyboard. */
export const KindPicker: Story = {
  args: { series: candleSeries, onStyleChange: fn() },
  play: async ({ args, canvas, userEvent }) => {
    const picker = canvas.getByRole('combobox', { name: labels.style!.label });
    await expect(picker).toHaveValue('candles');
    await userEvent.selectOptions(picker, 'heikinAshi');
    await expect(args.onStyleChange).toHaveBeenCalledWith('heikinAshi');
  },
};

/** An indicator's name as the legend and a pane's label show it, in the workbench's language. */
const indicatorName = (kind: IndicatorKind) => storyI18n.t(`trading.chart.indicators.kind.${kind}`);

/** A chart of candles with one indicator of `kind`: overlays draw in the legend, panes get a scale. */
const withIndicator = (kind: IndicatorKind): Story => ({
  args: {
    series: candleSeries,
    indicators: [createIndicator(newIndicatorSettings(kind, [], INDICATOR_PALETTE[0]), indicatorName(kind))],
  },
  play: async ({ canvasElement }) => {
    await painted(canvasElement);
    const placement = ['rsi', 'macd', 'stochastic', 'adx', 'cci', 'williamsR', 'ao', 'atr', 'momentum', 'roc'].includes(
      kind,
    )
      ? 'pane'
      : 'overlay';
    if (placement === 'pane') {
      await waitFor(() =>
        expect(canvasElement.querySelector(`.pane-axis[data-pane-id="${kind}-1"] .pane-label`)?.textContent).toBe(
          indicatorName(kind),
        ),
      );
      await waitFor(() =>
        expect(canvasElement.querySelectorAll(`.pane-axis[data-pane-id="${kind}-1"] .tick`).length).toBeGreaterThan(0),
      );
    } else {
      await waitFor(() => expect(canvasElement.querySelector('.legend text')?.textContent).toBe(indicatorName(kind)));
    }
  },
});

export const IndicatorSma = withIndicator('sma');
export const IndicatorEma = withIndicator('ema');
export const IndicatorWma = withIndicator('wma');
export const IndicatorBollinger = withIndicator('bollinger');
export const IndicatorParabolicSar = withIndicator('psar');
export const IndicatorAlligator = withIndicator('alligator');
export const IndicatorIchimoku = withIndicator('ichimoku');
export const IndicatorDonchian = withIndicator('donchian');
export const IndicatorKeltner = withIndicator('keltner');
export const IndicatorEnvelopes = withIndicator('envelopes');
export const IndicatorZigZag = withIndicator('zigzag');
export const IndicatorRsi = withIndicator('rsi');
export const IndicatorMacd = withIndicator('macd');
export const IndicatorStochastic = withIndicator('stochastic');
export const IndicatorAdx = withIndicator('adx');
export const IndicatorCci = withIndicator('cci');
export const IndicatorWilliamsR = withIndicator('williamsR');
export const IndicatorAwesomeOscillator = withIndicator('ao');
export const IndicatorAtr = withIndicator('atr');
export const IndicatorMomentum = withIndicator('momentum');
export const IndicatorRateOfChange = withIndicator('roc');

/** Five overlays and three panes at once, as the benchmark draws them. */
export const ManyIndicators: Story = {
  args: {
    series: candleSeries,
    indicators: (['sma', 'ema', 'bollinger', 'ichimoku', 'psar', 'rsi', 'macd', 'stochastic'] as const).map((kind, i) =>
      createIndicator(newIndicatorSettings(kind, [], INDICATOR_PALETTE[i % INDICATOR_PALETTE.length]!), indicatorName(kind)),
    ),
  },
  play: async ({ canvasElement }) => {
    await painted(canvasElement);
    await waitFor(() => expect(canvasElement.querySelectorAll('.pane-axis')).toHaveLength(3));
    await expect(canvasElement.querySelectorAll('.legend text')).toHaveLength(5);
    void INDICATOR_KINDS;
  },
};

/** The expiry marker of a bet (its dashed line at expiry), or null while it is outside the view. */
const expiryMarker = (canvasElement: HTMLElement, betId: number) =>
  canvasElement.querySelector<SVGLineElement>(`.bets [data-bet-id="${betId}"] .expiry`);

export const WithOpenBets: Story = {
  args: {
    bets: [
      { id: 1, direction: 'up', openRate: points[500]!.v, openedAt: points[500]!.t, expiresAt: last.t + 30_000 },
      { id: 2, direction: 'down', openRate: points[560]!.v, openedAt: points[560]!.t, expiresAt: last.t - 10_000 },
    ],
  },
  play: async ({ canvasElement }) => {
    await painted(canvasElement);
    await waitFor(() => expect(canvasElement.querySelectorAll('.bets .bet')).toHaveLength(2));
    // Both expiries show: the 30-second bet's ahead of the last price, the other one behind it.
    await expect(expiryMarker(canvasElement, 1)).not.toBeNull();
    await expect(expiryMarker(canvasElement, 2)).not.toBeNull();
  },
};

/**
 * A bet placed just now that expires in 5 minutes: the window reaches right to its expiry, so the
 * marker shows left of the price scale while the latest price stays in view. Zooming in is the
 * user's choice and may leave the marker outside; resetting brings it back.
 */
export const LongBetExpiry: Story = {
  args: {
    bets: [{ id: 3, direction: 'up', openRate: last.v, openedAt: last.t, expiresAt: last.t + 5 * 60_000 }],
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await painted(canvasElement);
    await waitFor(() => expect(expiryMarker(canvasElement, 3)).not.toBeNull());
    const priceScale = canvasElement.querySelector('.y-axis .domain')!.getBoundingClientRect();
    const marker = expiryMarker(canvasElement, 3)!.getBoundingClientRect();
    await expect(marker.left).toBeLessThan(priceScale.left);
    // The bet opened at the latest price: its entry dot is inside the plot, well left of the expiry.
    const plot = canvasElement.querySelector('svg[role="presentation"]')!.getBoundingClientRect();
    const entry = canvasElement.querySelector('.bets [data-bet-id="3"] path.entry-mark')!.getBoundingClientRect();
    await expect(entry.left).toBeGreaterThan(plot.left + plot.width / 4);
    await expect(entry.right).toBeLessThan(marker.left);

    const chart = canvas.getByRole('group', { name: labels.title });
    chart.focus();
    await userEvent.keyboard('+++');
    await waitFor(() => expect(expiryMarker(canvasElement, 3)).toBeNull());
    await userEvent.keyboard('0');
    await waitFor(() => expect(expiryMarker(canvasElement, 3)).not.toBeNull());
  },
};

export const Crosshair: Story = {
  play: async ({ canvasElement }) => {
    await painted(canvasElement);
    const svg = canvasElement.querySelector('svg[role="presentation"]')!;
    const box = svg.getBoundingClientRect();
    svg.dispatchEvent(
      new PointerEvent('pointermove', {
        clientX: box.left + box.width / 2,
        clientY: box.top + box.height / 2,
        bubbles: true,
      }),
    );
    await waitFor(() => expect(canvasElement.querySelectorAll('.crosshair text')).toHaveLength(2));
  },
};

/** Live ticks arrive through the handle: the last price moves without a React render. */
/**
 * Five live ticks, 200 ms apart, each 0.0002 above the one before, then no more: the story ends on
 * the fifth one drawn, a picture that no longer moves.
 */
const LIVE_TICKS = 5;
const lastLive = Number((last.v + LIVE_TICKS * 0.0002).toFixed(5));

function LiveChart(props: PriceChartProps) {
  const ref = useRef<PriceChartHandle>(null);
  useEffect(() => {
    let next: PricePoint = last;
    const timer = setInterval(() => {
      next = { id: next.id + 1, t: next.t + 1000, v: Number((next.v + 0.0002).toFixed(5)) };
      ref.current?.pushTick(next);
      if (next.id - last.id === LIVE_TICKS) clearInterval(timer);
    }, 200);
    return () => clearInterval(timer);
  }, []);
  return <PriceChart ref={ref} {...props} />;
}

export const LiveTicks: Story = {
  render: (args) => <LiveChart {...args} />,
  play: async ({ canvasElement }) => {
    await painted(canvasElement);
    await waitFor(
      () => expect(Number(canvasElement.querySelector('.price text')?.textContent?.replace(',', '.'))).toBe(lastLive),
      { timeout: 3000 },
    );
  },
};

export const Loading: Story = {
  args: { status: 'loading', series: { kind: 'line', points: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status').some((region) => region.textContent?.includes(labels.loading))).toBe(
      true,
    );
  },
};

export const Empty: Story = {
  args: { status: 'empty', series: { kind: 'line', points: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(labels.empty)).toBeVisible();
  },
};

export const Error: Story = {
  args: { status: 'error', series: { kind: 'line', points: [] } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(labels.error);
    await userEvent.click(canvas.getByRole('button', { name: labels.retry }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Disconnected: Story = {
  args: { offline: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status').some((region) => region.textContent?.includes(labels.offline))).toBe(
      true,
    );
  },
};

export const CompactLayout: Story = {
  args: { height: 260 },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await painted(canvasElement);
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** A mouse press at `from`, moved in steps to `to` (if given), and released, on the chart's input layer. */
async function pressAndDrag(canvasElement: HTMLElement, from: [number, number], to = from) {
  const svg = canvasElement.querySelector('svg[role="presentation"]')!;
  const send = (type: string, [clientX, clientY]: [number, number]) =>
    svg.dispatchEvent(
      new PointerEvent(type, { clientX, clientY, pointerId: 1, pointerType: 'mouse', isPrimary: true, bubbles: true }),
    );
  send('pointerdown', from);
  for (const share of [0.25, 0.5, 0.75, 1])
    send('pointermove', [from[0] + (to[0] - from[0]) * share, from[1] + (to[1] - from[1]) * share]);
  send('pointerup', to);
}

/** Points inside the default view (its last five minutes), by tick. */
const at = (index: number): DrawingPoint => ({ t: points[index]!.t, v: points[index]!.v });
const DRAWN: Record<DrawingKind, DrawingPoint[]> = {
  trend: [at(420), at(560)],
  ray: [at(420), at(480)],
  extended: [at(440), at(520)],
  horizontal: [at(500)],
  vertical: [at(500)],
  channel: [at(420), at(540), at(470)],
  rectangle: [at(430), at(530)],
  fibonacci: [at(420), at(540)],
  fibonacciExtension: [at(400), at(480), at(530)],
  priceRange: [at(440), at(560)],
  text: [at(480)],
};
const placed = (kind: DrawingKind): Drawing => ({
  id: 'd1',
  kind,
  points: DRAWN[kind],
  ...(kind === 'text' ? { text: 'Поддержка' } : {}),
});
const HANDLER_NAMES: (keyof DrawingKeyHandlers)[] = [
  'onPlace',
  'onPreview',
  'onSelect',
  'onDragStart',
  'onDrag',
  'onDragEnd',
  'onNudge',
  'onDelete',
  'onCancel',
  'onLock',
  'onUndo',
  'onRedo',
  'onHandle',
];
const drawingArgs = (drawings: Drawing[]): PriceChartProps['drawing'] => ({
  drawings,
  view: { selectedId: null, draft: null, drag: { dt: 0, dv: 0 }, placing: false },
  // Every handler a spy: what the chart would tell the drawing statechart.
  handlers: Object.fromEntries(HANDLER_NAMES.map((name) => [name, fn()])) as unknown as DrawingKeyHandlers,
});

/**
 * A drawing of `kind` placed on the chart; a press on its first point takes its body (it is not
 * selected, so no handle is there yet): it is selected and its drag begins, of all of it.
 */
const withDrawing = (kind: DrawingKind): Story => ({
  args: { drawing: drawingArgs([placed(kind)]) },
  play: async ({ args, canvasElement }) => {
    await painted(canvasElement);
    await pressAndDrag(canvasElement, chartPixelOf(DRAWN[kind][0]!));
    const handlers = args.drawing!.handlers;
    await waitFor(() => expect(handlers.onSelect).toHaveBeenCalledWith('d1'));
    await expect(handlers.onDragStart).toHaveBeenCalledWith(undefined);
  },
});

export const DrawingTrendLine = withDrawing('trend');
export const DrawingRay = withDrawing('ray');
export const DrawingExtendedLine = withDrawing('extended');
export const DrawingHorizontalLine = withDrawing('horizontal');
export const DrawingVerticalLine = withDrawing('vertical');
export const DrawingParallelChannel = withDrawing('channel');
export const DrawingRectangle = withDrawing('rectangle');
export const DrawingFibonacciRetracement = withDrawing('fibonacci');
export const DrawingFibonacciExtension = withDrawing('fibonacciExtension');
export const DrawingPriceRange = withDrawing('priceRange');
export const DrawingText = withDrawing('text');

/** What the trend line's points are after each change (the story's layout). */
const drawingsChanged = fn();

/**
 * The chart with the drawing statechart live, as the room wires it: its moves applied to the
 * drawings here, the status at its foot.
 */
function EditableChart(props: PriceChartProps) {
  const tools = useActorRef(chartDrawingMachine);
  const [drawings, setDrawings] = useState<Drawing[]>(() => [placed('trend')]);
  const context = useSelector(tools, (s) => s.context);
  const mode = useSelector(tools, selectDrawingMode);
  const handlers = useMemo(() => chartDrawingHandlers(tools), [tools]);
  useEffect(() => {
    const moves = tools.on('drawing.move', ({ id, dt, dv, point }) =>
      setDrawings((list) => moveDrawing(list, id, dt, dv, point)),
    );
    tools.send({ type: 'drawings.load', drawings: [placed('trend')] });
    tools.send({ type: 'drawing.select', id: 'd1' });
    return () => moves.unsubscribe();
  }, [tools]);
  useEffect(() => {
    tools.send({ type: 'drawings.sync', drawings });
    drawingsChanged(drawings);
  }, [tools, drawings]);
  const { selectedId, drag, handle } = context;
  return (
    <PriceChart
      {...props}
      drawing={{ drawings, view: { selectedId, draft: null, drag, placing: false, handle }, handlers }}
      footer={
        <DrawingStatus
          mode={mode}
          tool="trend"
          placed={0}
          locked={false}
          point={handle === null ? null : { n: handle + 1, of: 2 }}
          onDelete={handlers.onDelete}
          onLock={handlers.onLock}
        />
      }
    />
  );
}

/**
 * Editing a point: the selected trend line's second handle dragged down and left moves only that
 * point, and the status says which point the arrow keys now move.
 */
export const EditingPoint: Story = {
  render: (args) => <EditableChart {...args} />,
  play: async ({ canvas, canvasElement }) => {
    await painted(canvasElement);
    drawingsChanged.mockClear();
    const [first, second] = DRAWN.trend as [DrawingPoint, DrawingPoint];
    const [x, y] = chartPixelOf(second);
    await pressAndDrag(canvasElement, [x, y], [x - 60, y + 40]);
    await waitFor(() => expect(canvas.getByText(/точка 2 из 2/)).toBeVisible());
    const [moved] = drawingsChanged.mock.lastCall![0] as Drawing[];
    await expect(moved!.points[0]).toEqual(first);
    await expect(moved!.points[1]!.t).toBeLessThan(second.t);
    await expect(moved!.points[1]!.v).toBeLessThan(second.v);
  },
};

/** The chart itself, focused as a Tab or the room's G key would: its keys work from there. */
const focusedChart = (canvasElement: HTMLElement) => {
  const chart = canvasElement.querySelector<HTMLElement>('[aria-roledescription="chart"]')!;
  chart.focus();
  return chart;
};
const keyboardCrosshair = (canvasElement: HTMLElement) => canvasElement.querySelectorAll('.crosshair text');

/**
 * The keyboard crosshair: the arrows show it on the newest bar in view and move it bar by bar and
 * price step by step; Escape hides it; Shift with an arrow and Page Up pan. Enter with no drawing
 * under it selects nothing.
 */
export const KeyboardCrosshair: Story = {
  args: { drawing: drawingArgs([placed('trend')]) },
  play: async ({ args, canvasElement, userEvent }) => {
    await painted(canvasElement);
    focusedChart(canvasElement);
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(keyboardCrosshair(canvasElement)).toHaveLength(2));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(keyboardCrosshair(canvasElement)).toHaveLength(0));
    // Escape with nothing shown is not the chart's: it goes on to the page.
    await userEvent.keyboard('{Escape}{Shift>}{ArrowLeft}{ArrowUp}{/Shift}{PageUp}');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowUp}{ArrowUp}{ArrowDown}{ArrowRight}');
    await waitFor(() => expect(keyboardCrosshair(canvasElement)).toHaveLength(2));
    await userEvent.keyboard('{Enter}');
    await expect(args.drawing!.handlers.onSelect).not.toHaveBeenCalled();
    await expect(args.drawing!.handlers.onNudge).not.toHaveBeenCalled();
  },
};

/** A tool placing with the keyboard: the arrows move the preview's point, Enter places it, Escape cancels. */
export const KeyboardPlacing: Story = {
  args: {
    drawing: {
      ...drawingArgs([])!,
      view: { selectedId: null, draft: null, drag: { dt: 0, dv: 0 }, placing: true },
    },
  },
  play: async ({ args, canvasElement, userEvent }) => {
    const handlers = args.drawing!.handlers;
    await painted(canvasElement);
    focusedChart(canvasElement);
    await userEvent.keyboard('{Enter}');
    await expect(handlers.onPlace).toHaveBeenCalledOnce();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(handlers.onPreview).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Enter}');
    await expect(handlers.onPlace).toHaveBeenCalledTimes(2);
    await userEvent.keyboard('{Escape}');
    await expect(handlers.onCancel).toHaveBeenCalledOnce();
    // Delete, L and the point keys wait for a selected drawing.
    await userEvent.keyboard('{Delete}l[BracketRight]');
    await expect(handlers.onDelete).not.toHaveBeenCalled();
    await expect(handlers.onLock).not.toHaveBeenCalled();
    await expect(handlers.onHandle).not.toHaveBeenCalled();
  },
};

/**
 * A selected drawing worked with the keyboard: the arrows nudge it, ] and [ choose its point, L
 * locks it, Delete removes it, Escape lets it go; Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo.
 */
export const KeyboardSelected: Story = {
  args: {
    drawing: {
      ...drawingArgs([placed('trend')])!,
      view: { selectedId: 'd1', draft: null, drag: { dt: 0, dv: 0 }, placing: false },
    },
  },
  play: async ({ args, canvasElement, userEvent }) => {
    const handlers = args.drawing!.handlers;
    await painted(canvasElement);
    focusedChart(canvasElement);
    await userEvent.keyboard('{ArrowUp}');
    const [dt, dv] = (handlers.onNudge as ReturnType<typeof fn>).mock.lastCall as [number, number];
    await expect(dt).toBe(0);
    await expect(dv).toBeGreaterThan(0);
    await userEvent.keyboard('[BracketRight]');
    await expect(handlers.onHandle).toHaveBeenLastCalledWith(1);
    await userEvent.keyboard('[BracketLeft]');
    await expect(handlers.onHandle).toHaveBeenLastCalledWith(-1);
    await userEvent.keyboard('l{Delete}{Escape}');
    await expect(handlers.onLock).toHaveBeenCalledOnce();
    await expect(handlers.onDelete).toHaveBeenCalledOnce();
    await expect(handlers.onCancel).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect(handlers.onUndo).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}y{/Control}');
    await expect(handlers.onRedo).toHaveBeenCalledTimes(2);
    // Alt with Z and Ctrl with another letter are not the chart's.
    await userEvent.keyboard('{Alt>}{Control>}z{/Control}{/Alt}{Control>}x{/Control}');
    await expect(handlers.onUndo).toHaveBeenCalledOnce();
  },
};
