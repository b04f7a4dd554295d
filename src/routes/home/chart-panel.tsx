import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CHART_INTERVALS, CHART_INTERVAL_SECONDS } from '../../api/contract/market';
import { CHART_STYLES } from '../../shared/chart-series';
import type { ChartTimeframe } from '../../machines/market/market.machine';
import { chartLayoutMachine } from '../../machines/chart-layout/chart-layout.machine';
import { chartLayoutActors } from '../../machines/chart-layout/chart-layout.actors';
import {
  selectChart,
  selectLayoutRestored,
  selectLayoutSaveFailed,
  selectTemplates,
} from '../../machines/chart-layout/chart-layout.selectors';
import {
  selectChartStatus,
  selectCurrentPair,
  selectCurrentRate,
  selectLinkStatus,
  selectPairId,
  selectPairs,
  selectPairsFailed,
  selectPairsLoading,
  selectSeriesRevision,
  selectTimeframe,
} from '../../machines/market/market.selectors';
import type { IndicatorRuntime } from '../../ui/chart/engine/indicator-view';
import { useApi, useRegisteredActor } from '../app-services';
import type { PriceChartHandle, PriceChartLabels } from '../../ui/chart/PriceChart';
import { DrawingStatus, DrawingToolsButton, DrawingToolsMenu } from '../../ui/chart/DrawingTools';
import { useChartDrawing } from './use-chart-drawing';
import type { ChartBetMark } from '../../ui/chart/chart-engine';
import type { PricePoint } from '../../shared/chart-series';
import { LATEST_CARD_HEIGHT, styled, TRADE_BAR_HEIGHT } from '../../ui/stitches.config';
import { ToolbarSelect } from '../../ui/chart/ToolbarSelect';
import { PairSelector } from '../../ui/trading/PairSelector';
import { formatDuration } from '../../shared/duration';
import { formatRate } from '../../ui/trading/format';
import type { BetsRef, MarketRef } from './use-trading';

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

/**
 * The pair, the live rate and the chart: line or candles with their width, the open bets of the
 * pair drawn as entry lines with expiry markers. Live ticks reach the chart through the market's
 * `chart.tick` events, so a tick repaints the canvas without rendering React.
 */
export function ChartPanel({ market, bets }: { market: MarketRef; bets: BetsRef }) {
  const { t, i18n } = useTranslation();
  const pairs = useSelector(market, selectPairs);
  const pairId = useSelector(market, selectPairId);
  const pair = useSelector(market, selectCurrentPair);
  const rate = useSelector(market, selectCurrentRate);
  const pairsLoading = useSelector(market, selectPairsLoading);
  const pairsFailed = useSelector(market, selectPairsFailed);
  const timeframe = useSelector(market, selectTimeframe);
  const status = useSelector(market, selectChartStatus);
  const link = useSelector(market, selectLinkStatus);
  const revision = useSelector(market, selectSeriesRevision);
  const opened = useSelector(bets, (s) => s.context.opened);

  // The trader's layout (kind, timeframe, indicators, templates), kept on the server.
  const api = useApi();
  const layout = useRegisteredActor('chartLayout', chartLayoutMachine.provide({ actors: chartLayoutActors(api.chart) }));
  const chart = useSelector(layout, selectChart(0));
  const templates = useSelector(layout, selectTemplates);
  const restored = useSelector(layout, selectLayoutRestored);
  const saveFailed = useSelector(layout, selectLayoutSaveFailed);
  const drawing = useChartDrawing(layout, pairId);
  const chartRef = useRef<PriceChartHandle>(null);
  const drawingPanelId = useId();

  // Once the stored layout has arrived and the market is ready for it, the market shows the
  // layout's pair and timeframe (once: later changes go to both from the controls below).
  const marketReady = useSelector(market, (snapshot) => snapshot.matches('ready'));
  const synced = useRef(false);
  useEffect(() => {
    if (!restored || !marketReady || synced.current) return;
    synced.current = true;
    const current = market.getSnapshot();
    if (chart.pairId && chart.pairId !== current.context.pairId)
      market.send({ type: 'pair.choose', pairId: chart.pairId });
    if (chart.timeframe !== selectTimeframe(current))
      market.send({ type: 'chart.timeframe', timeframe: chart.timeframe });
  }, [restored, marketReady, chart, market]);

  // The live indicators of the chart's settings, built once their module has loaded (the settings
  // they were built from travel with them, so stale ones are never shown).
  const [built, setBuilt] = useState<{ from: unknown; indicators: IndicatorRuntime[] }>({ from: null, indicators: [] });
  useEffect(() => {
    if (chart.indicators.length === 0) return;
    let current = true;
    void import('../../ui/chart/indicators/runtime').then(({ createIndicators }) => {
      const indicators = createIndicators(chart.indicators, (kind) => t(`trading.chart.indicators.kind.${kind}`));
      if (current) setBuilt({ from: chart.indicators, indicators });
    });
    return () => {
      current = false;
    };
  }, [chart.indicators, t]);
  const indicators = built.from === chart.indicators ? built.indicators : NO_INDICATORS;

  // The chart takes a whole series only when the market replaced it (load, back-fill); live ticks
  // arrive through subscribeTicks and are folded in by the chart itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the revision is the series' version
  const series = useMemo(() => market.getSnapshot().context.series, [market, revision]);

  const subscribeTicks = useCallback(
    (listener: (tick: PricePoint) => void) => {
      const subscription = market.on('chart.tick', (event) => listener(event.tick));
      return () => subscription.unsubscribe();
    },
    [market],
  );

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
    description: t('trading.chart.description', { price: formatRate(rate?.v, digits), bets: marks.length }),
    loading: t('trading.chart.loading'),
    empty: t('trading.chart.empty'),
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
    <Section aria-label={t('trading.chart.section')}>
      <Toolbar>
        <PairSelector
          pairs={pairs}
          value={pairId}
          loading={pairsLoading}
          onChange={(id) => {
            market.send({ type: 'pair.choose', pairId: id });
            layout.send({ type: 'pair.choose', pairId: id });
          }}
        />
        <Rate aria-live="off" data-testid="current-rate">
          {pair ? formatRate(rate?.v, digits) : ''}
        </Rate>
        <ChartControls>
          <ToolbarSelect
            aria-label={t('trading.chart.timeframe.label')}
            title={t('trading.chart.timeframe.label')}
            value={timeframe}
            onChange={(event) => {
              const next = event.target.value as ChartTimeframe;
              market.send({ type: 'chart.timeframe', timeframe: next });
              layout.send({ type: 'timeframe.choose', timeframe: next });
            }}
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
      <ChartBox data-open-bet-marks={marks.map((mark) => mark.id).join(' ')}>
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
            onRetry={() => market.send(pairsFailed ? { type: 'pairs.retry' } : { type: 'chart.retry' })}
            height="100%"
            style={chart.style}
            onStyleChange={(style) => layout.send({ type: 'style.choose', style })}
            indicators={indicators}
            drawing={drawing.chart}
            mainWeight={chart.mainWeight}
            onMainWeightChange={(mainWeight) => layout.send({ type: 'panes.resize', mainWeight })}
            panel={
              drawing.mode === 'choosing' && (
                <DrawingToolsMenu
                  id={drawingPanelId}
                  drawings={drawing.drawings}
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
                secondPoint={drawing.secondPoint}
                onDelete={() => drawing.tools.send({ type: 'drawing.delete' })}
              />
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
                  onAdd={(kind) => layout.send({ type: 'indicator.add', kind })}
                  onChange={(settings) => layout.send({ type: 'indicator.change', settings })}
                  onRemove={(id) => layout.send({ type: 'indicator.remove', id })}
                  onSaveTemplate={(name) => layout.send({ type: 'template.save', name })}
                  onApplyTemplate={(name) => layout.send({ type: 'template.apply', name })}
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
