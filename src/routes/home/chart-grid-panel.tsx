import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chartLayoutMachine } from '../../machines/chart-layout/chart-layout.machine';
import { chartLayoutActors } from '../../machines/chart-layout/chart-layout.actors';
import {
  selectActiveChart,
  selectChart,
  selectGrid,
  selectLayoutLoading,
  selectLayoutRestored,
} from '../../machines/chart-layout/chart-layout.selectors';
import { selectPairId, selectTimeframe } from '../../machines/market/market.selectors';
import { CHART_GRID_SIZES, ChartGrid, ChartGridPicker } from '../../ui/chart/ChartGrid';
import type { ChartGridSize } from '../../ui/chart/ChartGrid';
import { useApi, useRegisteredActor } from '../app-services';
import { ChartPanel } from './chart-panel';
import type { BetsRef, MarketRef } from './use-trading';

/**
 * The room's charts: one, two side by side or two by two, as the trader's layout (kept on the
 * server) says. The active chart is the market's: its pair is the bet slip's, and making another
 * chart active moves the market (so the slip) to that chart's pair and timeframe.
 */
export function ChartGridPanel({ market, bets }: { market: MarketRef; bets: BetsRef }) {
  const { t } = useTranslation();
  const api = useApi();
  const layout = useRegisteredActor('chartLayout', chartLayoutMachine.provide({ actors: chartLayoutActors(api.chart) }));
  const grid = useSelector(layout, selectGrid);
  const active = useSelector(layout, selectActiveChart);
  const layoutLoading = useSelector(layout, selectLayoutLoading);
  const restored = useSelector(layout, selectLayoutRestored);
  const marketReady = useSelector(market, (snapshot) => snapshot.matches('ready'));

  // Once the layout is read and the market is ready, and whenever another chart becomes active,
  // the market shows the active chart's pair and timeframe. Without a stored layout the market
  // keeps its own first choice (later changes go to both from each chart's controls).
  const synced = useRef<number | null>(null);
  useEffect(() => {
    if (layoutLoading || !marketReady || synced.current === active) return;
    const first = synced.current === null;
    synced.current = active;
    if (first && !restored) return;
    const chart = selectChart(active)(layout.getSnapshot());
    const current = market.getSnapshot();
    if (chart.pairId && chart.pairId !== selectPairId(current)) market.send({ type: 'pair.choose', pairId: chart.pairId });
    if (chart.timeframe !== selectTimeframe(current)) market.send({ type: 'chart.timeframe', timeframe: chart.timeframe });
  }, [layoutLoading, restored, marketReady, active, layout, market]);

  const chooseGrid = (next: ChartGridSize) => {
    // The one chart shows what the market shows, which the layout may not hold yet (a first
    // visit): the layout takes it first, so the grid starts from it and new charts take its pair.
    const current = market.getSnapshot();
    const chart = selectChart(active)(layout.getSnapshot());
    const pairId = selectPairId(current);
    if (grid === 1 && pairId && chart.pairId !== pairId) layout.send({ type: 'pair.choose', chart: active, pairId });
    if (grid === 1 && chart.timeframe !== selectTimeframe(current))
      layout.send({ type: 'timeframe.choose', chart: active, timeframe: selectTimeframe(current) });
    layout.send({ type: 'grid.choose', grid: next });
  };

  const cells = Array.from({ length: grid }, (_, index) => (
    <ChartPanel key={index} market={market} bets={bets} layout={layout} cell={index} active={index === active} grid={grid} />
  ));

  return (
    <>
      <ChartGridPicker
        value={grid}
        onChange={chooseGrid}
        labels={{
          label: t('trading.chart.grid.label'),
          options: Object.fromEntries(CHART_GRID_SIZES.map((size) => [size, t(`trading.chart.grid.size${size}`)])) as Record<
            ChartGridSize,
            string
          >,
        }}
      />
      <ChartGrid
        grid={grid}
        active={active}
        cells={cells}
        onActivate={(chart) => layout.send({ type: 'chart.activate', chart })}
        cellLabel={(index, isActive) =>
          isActive
            ? t('trading.chart.grid.cellActive', { n: index + 1, total: grid })
            : t('trading.chart.grid.cell', { n: index + 1, total: grid })
        }
      />
    </>
  );
}
