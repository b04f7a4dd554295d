import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CHART_INTERVALS, CHART_INTERVAL_SECONDS } from '../../api/contract/market';
import { CHART_STYLES } from '../../shared/chart-series';
import type { ChartTimeframe } from '../../machines/market/market.machine';
import { selectChart, selectLayoutSaveFailed, selectTemplates } from '../../machines/chart-layout/chart-layout.selectors';
import {
  selectLinkStatus,
  selectPairs,
  selectPairsFailed,
  selectPairsLoading,
  selectPairId,
  selectRates,
  selectTimeframe,
} from '../../machines/market/market.selectors';
import type { IndicatorRuntime } from '../../ui/chart/engine/indicator-view';
import type { PriceChartHandle, PriceChartLabels } from '../../ui/chart/PriceChart';
import {
  DrawingActions,
  DrawingHistory,
  DrawingStatus,
  DrawingToolsButton,
  DrawingToolsMenu,
} from '../../ui/chart/DrawingTools';
import { useChartDrawing } from './use-chart-drawing';
import type { ChartBetMark } from '../../ui/chart/chart-engine';
import { LATEST_CARD_HEIGHT, styled, TRADE_BAR_HEIGHT } from '../../ui/stitches.config';
import { ToolbarSelect } from '../../ui/chart/ToolbarSelect';
import { Skeleton } from '../../ui/primitives/Skeleton';
import { PairSelector } from '../../ui/trading/PairSelector';
import { formatDuration } from '../../shared/duration';
import { formatRate } from '../../ui/trading/format';
import type { BetsRef, MarketRef } from './use-trading';
import type { LayoutRef } from './use-chart-drawing';
import { useChartSource } from './use-chart-source';

const Toolbar = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '$3',
  marginBottom: '$3',
});
const Rate = styled('p', {
  fontSize: '$xl',
  fontWeight: '$bold',
  fontVariantNumeric: 'tabular-nums',
  marginInlineEnd: 'auto',
  '@phone': { fontSize: '$lg' },
});
const ChartControls = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '$3' });
const ChartBox = styled('div', {
  height: '26rem',
  // In the one-column room the chart takes what the header, its toolbar and the docked trade bar leave.
  '@compact': { height: 'auto', flex: 1, minHeight: '12rem' },
  // Two rows of charts in the 2 x 2 grid.
  variants: { short: { true: { '@lg': { height: '20rem' } } } },
});
const Section = styled('section', {
  '@compact': {
    display: 'flex',
    flexDirection: 'column',
    height: `calc(100dvh - $sizes$header - ${TRADE_BAR_HEIGHT} - 1.5rem)`,
    // The header's latest-notification card sits above the room at its fixed height: leave it room.
    'body:has([data-latest-notification]) &': {
      height: `calc(100dvh - $sizes$header - ${LATEST_CARD_HEIGHT} - ${TRADE_BAR_HEIGHT} - 1.5rem)`,
    },
  },
});

// The chart, its indicators (trading-signals) and the picker load with the chart, not with the
// room's first script: they are the largest part of the page and nothing before the chart needs them.
const PriceChart = lazy(() => import('../../ui/chart/PriceChart').then((m) => ({ default: m.PriceChart })));
const IndicatorPicker = lazy(() =>
  import('../../ui/chart/IndicatorPicker').then((m) => ({ default: m.IndicatorPicker })),
);

const NO_INDICATORS: IndicatorRuntime[] = [];

/** A timeframe in the reader's words: 'Ticks', '15 s', '1 min', '4 h', '1 d'. */
function timeframeLabel(timeframe: ChartTimeframe, t: TFunction, language: string): string {
  if (timeframe === 'ticks') return t('trading.chart.timeframe.ticks');
  return formatDuration(CHART_INTERVAL_SECONDS[timeframe], language, 'short');
}
const TIMEFRAMES: ChartTimeframe[] = ['ticks', ...CHART_INTERVALS];

const SaveProblem = styled('p', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  color: '$warningText',
  fontSize: '$sm',
});
const RetryLink = styled('button', {
  background: 'none',
  border: 'none',
  color: '$secondaryText',
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: '$sm',
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});

export interface ChartPanelProps {
  market: MarketRef;
  bets: BetsRef;
  layout: LayoutRef;
  /** This chart's place in the grid (0 when there is one). */
  cell?: number;
  /** The trader works on this chart: its pair is the bet slip's. */
  active?: boolean;
  grid?: 1 | 2 | 4;
}

/**
 * The pair, the live rate and the chart: line or candles with their width, the open bets of the
 * pair drawn as entry lines with expiry markers. Live ticks reach the chart through its source's
 * `chart.tick` events (the market's for the active chart, else the chart's own feed), so a tick
 * repaints the canvas without rendering React.
 */
export function ChartPanel({ market, bets, layout, cell = 0, active = true, grid = 1 }: ChartPanelProps) {
  const { t, i18n } = useTranslation();
  const inGrid = grid > 1;
  const pairs = useSelector(market, selectPairs);
  const pairsLoading = useSelector(market, selectPairsLoading);
  const pairsFailed = useSelector(market, selectPairsFailed);
  const link = useSelector(market, selectLinkStatus);
  const opened = useSelector(bets, (s) => s.context.opened);

  // This chart's settings in the trader's layout (kept on the server). One chart shows what the
  // market shows; in a grid each chart shows its own pair and timeframe.
  const chart = useSelector(layout, selectChart(cell));
  const marketPairId = useSelector(market, selectPairId);
  const marketTimeframe = useSelector(market, selectTimeframe);
  const pairId = inGrid ? chart.pairId : marketPairId;
  const timeframe = inGrid ? chart.timeframe : marketTimeframe;
  const pair = pairs.find((item) => item.id === pairId) ?? null;
  // This pair's rate only: a tick of another pair renders nothing here.
  const rate = useSelector(market, (s) => (pairId ? selectRates(s)[pairId] : undefined));
  const templates = useSelector(layout, selectTemplates);
  const saveFailed = useSelector(layout, selectLayoutSaveFailed);
  const drawing = useChartDrawing(layout, pairId);
  const history = drawing.history;
  const chartRef = useRef<PriceChartHandle>(null);
  const drawingPanelId = useId();
  const source = useChartSource(market, { pairId, timeframe }, active, cell);
  const { series, status, subscribeTicks } = source;
  // The active chart's pair and timeframe are the market's too (the bet slip's pair).
  const choosePair = (id: string) => {
    if (active) market.send({ type: 'pair.choose', pairId: id });
    layout.send({ type: 'pair.choose', chart: cell, pairId: id });
  };
  const chooseTimeframe = (next: ChartTimeframe) => {
    if (active) market.send({ type: 'chart.timeframe', timeframe: next });
    layout.send({ type: 'timeframe.choose', chart: cell, timeframe: next });
  };

  // The live indicators of the chart's settings, built once their module has loaded (the settings
  // they were built from travel with them, so stale ones are never shown).
  const [built, setBuilt] = useState<{ from: unknown; indicators: IndicatorRuntime[] }>({ from: null, indicators: [] });
  useEffect(() => {
    if (chart.indicators.length === 0) return;
    let current = true;
    void import('../../ui/chart/indicators/runtime').then(({ createIndicators }) => {
      const indicators = createIndicators(chart.indicators, (kind) => t(`trading.chart.indicators.kind.${kind}`), i18n.language);
      if (current) setBuilt({ from: chart.indicators, indicators });
    });
    return () => {
      current = false;
    };
  }, [chart.indicators, t, i18n.language]);
  const indicators = built.from === chart.indicators ? built.indicators : NO_INDICATORS;

  const marks = useMemo<ChartBetMark[]>(
    () =>
      opened
        .filter((bet) => bet.pair_id === pairId)
        .map((bet) => ({
          id: bet.id,
          direction: bet.direction,
          openRate: bet.open_rate,
          openedAt: Date.parse(bet.opened_at),
          expiresAt: Date.parse(bet.expires_at),
        })),
    [opened, pairId],
  );

  const digits = pair?.digits ?? 5;
  const symbol = pair?.symbol ?? '';
  const labels: PriceChartLabels = {
    title: t('trading.chart.title', { symbol }),
    description: t('trading.chart.description', { price: formatRate(rate?.v, digits, i18n.language), bets: marks.length }),
    loading: t('trading.chart.loading'),
    empty: source.withoutPair ? t('trading.chart.grid.choosePair') : t('trading.chart.empty'),
    error: pairsFailed ? t('trading.pairs.error') : t('trading.chart.error'),
    retry: t('trading.retry'),
    offline: t('trading.chart.offline'),
    zoomIn: t('trading.chart.zoomIn'),
    zoomOut: t('trading.chart.zoomOut'),
    resetZoom: t('trading.chart.resetZoom'),
    style: {
      label: t('trading.chart.style.label'),
      options: Object.fromEntries(CHART_STYLES.map((style) => [style, t(`trading.chart.style.${style}`)])) as Record<
        (typeof CHART_STYLES)[number],
        string
      >,
    },
  };

  return (
    // In a grid the cell around it names each chart (a landmark per chart would repeat one name).
    <Section aria-label={inGrid ? undefined : t('trading.chart.section')}>
      <Toolbar>
        <PairSelector
          pairs={pairs}
          value={pairId}
          loading={pairsLoading}
          onChange={choosePair}
        />
        <Rate aria-live="off" data-testid="current-rate">
          {/* While the pairs load, a block of a price's width holds the price's place in the toolbar. */}
          {pair ? formatRate(rate?.v, digits, i18n.language) : pairsLoading && <Skeleton width="4rem" height="1lh" />}
        </Rate>
        <ChartControls>
          <ToolbarSelect
            aria-label={t('trading.chart.timeframe.label')}
            title={t('trading.chart.timeframe.label')}
            value={timeframe}
            onChange={(event) => chooseTimeframe(event.target.value as ChartTimeframe)}
          >
            {TIMEFRAMES.map((option) => (
              <option key={option} value={option}>
                {timeframeLabel(option, t, i18n.language)}
              </option>
            ))}
          </ToolbarSelect>
        </ChartControls>
      </Toolbar>
      {saveFailed && (
        <SaveProblem role="alert">
          {t('trading.chart.layout.saveFailed')}
          <RetryLink type="button" onClick={() => layout.send({ type: 'save.retry' })}>
            {t('trading.chart.layout.retry')}
          </RetryLink>
        </SaveProblem>
      )}
      <ChartBox short={grid === 4} data-open-bet-marks={marks.map((mark) => mark.id).join(' ')}>
        <Suspense fallback={null}>
          <PriceChart
            ref={chartRef}
            series={series}
            digits={digits}
            status={status}
            offline={link === 'offline' || link === 'backfilling'}
            bets={marks}
            labels={labels}
            subscribeTicks={subscribeTicks}
            onRetry={source.retry}
            height="100%"
            style={chart.style}
            onStyleChange={(style) => layout.send({ type: 'style.choose', style, chart: cell })}
            indicators={indicators}
            drawing={drawing.chart}
            mainWeight={chart.mainWeight}
            onMainWeightChange={(mainWeight) => layout.send({ type: 'panes.resize', mainWeight, chart: cell })}
            panel={
              drawing.mode === 'choosing' && (
                <DrawingToolsMenu
                  id={drawingPanelId}
                  drawings={drawing.hidden ? [] : drawing.drawings}
                  onChoose={(tool, text) => {
                    drawing.tools.send({ type: 'tool.choose', tool, text });
                    // The chart takes the keys from here: arrows aim, Enter places.
                    chartRef.current?.focus();
                  }}
                  onSelect={(id) => {
                    drawing.tools.send({ type: 'drawing.select', id });
                    chartRef.current?.focus();
                  }}
                />
              )
            }
            footer={
              <DrawingStatus
                mode={drawing.mode}
                tool={drawing.tool}
                placed={drawing.placed}
                locked={drawing.locked}
                point={drawing.point}
                stepped={history.stepped && { kind: history.stepped, left: history[history.stepped] }}
                onDelete={() => drawing.tools.send({ type: 'drawing.delete' })}
                onLock={() => drawing.tools.send({ type: 'drawing.lock' })}
              >
                <DrawingActions
                  count={drawing.drawings.length}
                  hidden={drawing.hidden}
                  onHide={(hidden) => drawing.tools.send({ type: 'drawings.hide', hidden })}
                />
                <DrawingHistory
                  undo={history.undo}
                  redo={history.redo}
                  onUndo={drawing.chart.handlers.onUndo}
                  onRedo={drawing.chart.handlers.onRedo}
                />
              </DrawingStatus>
            }
            toolbar={
              <>
                <DrawingToolsButton
                  mode={drawing.mode}
                  panelId={drawingPanelId}
                  onOpen={() => drawing.tools.send({ type: 'tools.open' })}
                  onClose={() => drawing.tools.send({ type: 'tools.close' })}
                />
                <IndicatorPicker
                  indicators={chart.indicators}
                  templates={templates.map((template) => ({ name: template.name, count: template.indicators.length }))}
                  onAdd={(kind) => layout.send({ type: 'indicator.add', kind, chart: cell })}
                  onChange={(settings) => layout.send({ type: 'indicator.change', settings, chart: cell })}
                  onRemove={(id) => layout.send({ type: 'indicator.remove', id, chart: cell })}
                  onSaveTemplate={(name) => layout.send({ type: 'template.save', name, chart: cell })}
                  onApplyTemplate={(name) => layout.send({ type: 'template.apply', name, chart: cell })}
                  onRemoveTemplate={(name) => layout.send({ type: 'template.remove', name })}
                />
              </>
            }
          />
        </Suspense>
      </ChartBox>
    </Section>
  );
}
