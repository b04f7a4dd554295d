import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import type { ChartSettings } from '../../api/contract/chart';
import { chartFeedMachine } from '../../machines/chart-feed/chart-feed.machine';
import { chartFeedActors } from '../../machines/chart-feed/chart-feed.actors';
import {
  selectFeedSeriesRevision,
  selectFeedStatus,
  selectFeedWithoutPair,
} from '../../machines/chart-feed/chart-feed.selectors';
import {
  selectChartStatus,
  selectLinkStatus,
  selectPairId,
  selectPairsFailed,
  selectSeriesRevision,
  selectTimeframe,
} from '../../machines/market/market.selectors';
import type { ChartSeries, PricePoint } from '../../shared/chart-series';
import type { ChartStatus } from '../../ui/chart/PriceChart';
import { useApi, useRealtime } from '../app-services';
import type { MarketRef } from './use-trading';

/** Where a chart of the grid takes its series and live ticks from, whichever statechart feeds it. */
export interface ChartSource {
  series: ChartSeries;
  status: ChartStatus;
  /** No pair is chosen for this chart yet. */
  withoutPair: boolean;
  subscribeTicks: (listener: (tick: PricePoint) => void) => () => void;
  retry: () => void;
}

/**
 * The series of chart `settings` of the grid. The market feeds the active chart (its pair is the
 * bet slip's, and it back-fills after a drop) once it shows that chart's pair and timeframe; in a
 * grid every chart also has its own feed, which shows it until then, so making a chart active
 * does not blank it. With one chart there is no feed: the market alone, as before the grid.
 */
export function useChartSource(market: MarketRef, settings: ChartSettings, active: boolean, inGrid: boolean): ChartSource {
  const api = useApi();
  const realtime = useRealtime();
  const pairId = inGrid ? settings.pairId : null;
  const feed = useActorRef(chartFeedMachine.provide({ actors: chartFeedActors(api.market) }), {
    input: { pairId, timeframe: settings.timeframe },
  });

  // The feed follows the chart's settings (a first render's are its input already).
  useEffect(() => {
    const { context } = feed.getSnapshot();
    if (context.pairId !== pairId || context.timeframe !== settings.timeframe)
      feed.send({ type: 'feed.show', pairId, timeframe: settings.timeframe });
  }, [feed, pairId, settings.timeframe]);

  // Live ticks from the room's one socket (it carries every active pair), and a fresh read when
  // the link is back after a drop.
  useEffect(
    () => realtime.onMessage((message) => message.type === 'tick' && feed.send({ type: 'feed.tick', tick: message })),
    [feed, realtime],
  );
  const link = useSelector(market, selectLinkStatus);
  useEffect(() => {
    if (link === 'backfilling') feed.send({ type: 'feed.reload' });
  }, [feed, link]);

  const marketShowsIt = useSelector(
    market,
    (s) =>
      !inGrid ||
      (selectPairId(s) === settings.pairId &&
        selectTimeframe(s) === settings.timeframe &&
        selectChartStatus(s) !== 'loading'),
  );
  const fromMarket = active && marketShowsIt;

  const marketRevision = useSelector(market, selectSeriesRevision);
  const marketStatus = useSelector(market, selectChartStatus);
  const pairsFailed = useSelector(market, selectPairsFailed);
  const feedRevision = useSelector(feed, selectFeedSeriesRevision);
  const feedStatus = useSelector(feed, selectFeedStatus);
  const withoutPair = useSelector(feed, selectFeedWithoutPair) && inGrid;

  // A whole series only when its statechart replaced it; live ticks reach the chart by subscription.
  const series = useMemo(
    () => (fromMarket ? market.getSnapshot().context.series : feed.getSnapshot().context.series),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revisions are the series' versions
    [fromMarket, market, feed, marketRevision, feedRevision],
  );

  const subscribeTicks = useCallback(
    (listener: (tick: PricePoint) => void) => {
      const subscription = fromMarket
        ? market.on('chart.tick', (event) => listener(event.tick))
        : feed.on('chart.tick', (event) => listener(event.tick));
      return () => subscription.unsubscribe();
    },
    [fromMarket, market, feed],
  );

  const retry = useCallback(() => {
    if (fromMarket) market.send(pairsFailed ? { type: 'pairs.retry' } : { type: 'chart.retry' });
    else feed.send({ type: 'feed.retry' });
  }, [fromMarket, market, feed, pairsFailed]);

  return { series, status: fromMarket ? marketStatus : feedStatus, withoutPair, subscribeTicks, retry };
}
