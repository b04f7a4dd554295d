import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import type { ChartSettings } from '../../api/contract/chart';
import { chartFeedMachine } from '../../machines/chart-feed/chart-feed.machine';
import { chartFeedActors } from '../../machines/chart-feed/chart-feed.actors';
import {
  selectFeedSeriesRevision,
  selectFeedHandover,
  selectFeedStatus,
  selectFeedWithoutPair,
} from '../../machines/chart-feed/chart-feed.selectors';
import {
  selectChartStatus,
  selectLinkStatus,
  selectPairId,
  selectPairsFailed,
  selectSeriesRevision,
  selectShownSeries,
  selectTimeframe,
} from '../../machines/market/market.selectors';
import type { ChartSeries, PricePoint } from '../../shared/chart-series';
import type { ChartStatus } from '../../ui/chart/PriceChart';
import { useApi, useRealtime, useRegisteredActor } from '../app-services';
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

/** The registry's name of the feed of chart `cell` of the grid (counted from 1, as the trader does). */
const chartFeedName = (cell: number) => `chartFeed.${cell + 1}`;

/**
 * The series of chart `cell` of the grid, whose `settings` are its pair and timeframe (with one
 * chart, the market's). Every chart has a feed (`chartFeed.<n>` in the actor registry, stopped
 * with its chart); each series is read once: the market reads the active chart's, which its feed
 * mirrors, and the other feeds read their own unless the market shows it already. A chart that
 * becomes active hands its series to the market, and one that stops being active keeps the
 * market's, so neither reads again nor blanks.
 */
export function useChartSource(
  market: MarketRef,
  settings: Pick<ChartSettings, 'pairId' | 'timeframe'>,
  active: boolean,
  cell: number,
): ChartSource {
  const api = useApi();
  const realtime = useRealtime();
  const { pairId, timeframe } = settings;
  const name = chartFeedName(cell);
  const feed = useRegisteredActor(name, chartFeedMachine.provide({ actors: chartFeedActors(api.market) }), {
    input: { pairId, timeframe, following: active, series: selectShownSeries(market.getSnapshot(), pairId, timeframe) ?? undefined },
    systemId: name,
  });

  // The hand-over (before the settings reach the feed: with one chart they are the market's, which
  // the grid moves to the active chart's). A chart that becomes active gives the market the series
  // its feed shows, so the grid finds the market on that chart's pair and timeframe and asks for
  // nothing; one that stops being active loads only if it never had its series.
  useEffect(() => {
    if (!active) {
      feed.send({ type: 'feed.release' });
      return;
    }
    feed.send({ type: 'feed.follow' });
    const handover = selectFeedHandover(feed.getSnapshot());
    const current = market.getSnapshot();
    if (handover && (selectPairId(current) !== handover.pairId || selectTimeframe(current) !== handover.timeframe))
      market.send({ type: 'chart.adopt', ...handover });
  }, [active, feed, market]);

  // The feed follows the chart's settings (a first render's are its input already), and takes the
  // series from the market when it shows them already.
  useEffect(() => {
    const { context } = feed.getSnapshot();
    if (context.pairId === pairId && context.timeframe === timeframe) return;
    const series = selectShownSeries(market.getSnapshot(), pairId, timeframe);
    feed.send({ type: 'feed.show', pairId, timeframe, ...(series ? { series } : {}) });
  }, [feed, market, pairId, timeframe]);

  // Live ticks from the room's one socket (it carries every active pair), and a fresh read when
  // the link is back after a drop (the market back-fills the active chart's itself).
  useEffect(
    () => realtime.onMessage((message) => message.type === 'tick' && feed.send({ type: 'feed.tick', tick: message })),
    [feed, realtime],
  );
  const link = useSelector(market, selectLinkStatus);
  useEffect(() => {
    if (link === 'backfilling') feed.send({ type: 'feed.reload' });
  }, [feed, link]);

  // The market is on this chart's pair and timeframe (loading them, showing them, or failing).
  const marketShowsIt = useSelector(market, (s) => selectPairId(s) === pairId && selectTimeframe(s) === timeframe);
  const fromMarket = active && marketShowsIt;

  // The active chart's feed keeps the market's series (loaded or back-filled), to show it on once
  // another chart becomes active.
  const marketRevision = useSelector(market, selectSeriesRevision);
  const marketStatus = useSelector(market, selectChartStatus);
  useEffect(() => {
    const series = active ? selectShownSeries(market.getSnapshot(), pairId, timeframe) : null;
    if (series) feed.send({ type: 'feed.mirror', series });
  }, [active, pairId, timeframe, marketStatus, marketRevision, feed, market]);

  const pairsFailed = useSelector(market, selectPairsFailed);
  const feedRevision = useSelector(feed, selectFeedSeriesRevision);
  const feedStatus = useSelector(feed, selectFeedStatus);
  const withoutPair = useSelector(feed, selectFeedWithoutPair) && !fromMarket;

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
