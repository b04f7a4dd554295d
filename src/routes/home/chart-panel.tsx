import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CHART_INTERVALS, CHART_INTERVAL_SECONDS } from '../../api/contract/market';
import type { ChartInterval, ChartKind } from '../../api/contract/market';
import {
  selectCandleInterval,
  selectChartKind,
  selectChartStatus,
  selectCurrentPair,
  selectCurrentRate,
  selectLinkStatus,
  selectPairId,
  selectPairs,
  selectPairsFailed,
  selectPairsLoading,
  selectSeriesRevision,
} from '../../machines/market/market.selectors';
import { PriceChart } from '../../ui/chart/PriceChart';
import type { PriceChartLabels } from '../../ui/chart/PriceChart';
import type { ChartBetMark } from '../../ui/chart/chart-engine';
import type { PricePoint } from '../../shared/chart-series';
import { SelectField } from '../../ui/primitives/Field';
import { LATEST_CARD_HEIGHT, styled, TRADE_BAR_HEIGHT } from '../../ui/stitches.config';
import { PairSelector } from '../../ui/trading/PairSelector';
import { Segment, Segmented, durationLabel } from '../../ui/trading/PeriodSelector';
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
  marginRight: 'auto',
  '@phone': { fontSize: '$lg' },
});
const ChartControls = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '$3' });
const GroupLabelHidden = styled('span', {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
});
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

/** A candle width in the reader's words: '1 min', '4 h', '1 d'. */
function intervalLabel(interval: ChartInterval, t: TFunction): string {
  const seconds = CHART_INTERVAL_SECONDS[interval];
  return seconds % 86_400 === 0 ? t('trading.duration.days', { count: seconds / 86_400 }) : durationLabel(seconds, t);
}

/**
 * The pair, the live rate and the chart: line or candles with their width, the open bets of the
 * pair drawn as entry lines with expiry markers. Live ticks reach the chart through the market's
 * `chart.tick` events, so a tick repaints the canvas without rendering React.
 */
export function ChartPanel({ market, bets }: { market: MarketRef; bets: BetsRef }) {
  const { t } = useTranslation();
  const pairs = useSelector(market, selectPairs);
  const pairId = useSelector(market, selectPairId);
  const pair = useSelector(market, selectCurrentPair);
  const rate = useSelector(market, selectCurrentRate);
  const pairsLoading = useSelector(market, selectPairsLoading);
  const pairsFailed = useSelector(market, selectPairsFailed);
  const kind = useSelector(market, selectChartKind);
  const interval = useSelector(market, selectCandleInterval);
  const status = useSelector(market, selectChartStatus);
  const link = useSelector(market, selectLinkStatus);
  const revision = useSelector(market, selectSeriesRevision);
  const opened = useSelector(bets, (s) => s.context.opened);

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
  };

  return (
    <Section aria-label={t('trading.chart.section')}>
      <Toolbar>
        <PairSelector
          pairs={pairs}
          value={pairId}
          loading={pairsLoading}
          onChange={(id) => market.send({ type: 'pair.choose', pairId: id })}
        />
        <Rate aria-live="off" data-testid="current-rate">
          {pair ? formatRate(rate?.v, digits) : ''}
        </Rate>
        <ChartControls>
          <div role="group" aria-labelledby="trading-chart-kind">
            <GroupLabelHidden id="trading-chart-kind">{t('trading.chart.kind.label')}</GroupLabelHidden>
            <Segmented>
              {(['line', 'candlestick'] as const satisfies readonly ChartKind[]).map((option) => (
                <Segment
                  key={option}
                  type="button"
                  aria-pressed={kind === option}
                  onClick={() => market.send({ type: 'chart.kind', kind: option })}
                >
                  {t(`trading.chart.kind.${option}`)}
                </Segment>
              ))}
            </Segmented>
          </div>
          {kind === 'candlestick' && (
            <SelectField
              label={t('trading.chart.interval.label')}
              value={interval}
              options={CHART_INTERVALS.map((option) => ({ value: option, label: intervalLabel(option, t) }))}
              onChange={(value) => market.send({ type: 'chart.interval', interval: value as ChartInterval })}
            />
          )}
        </ChartControls>
      </Toolbar>
      <ChartBox data-open-bet-marks={marks.map((mark) => mark.id).join(' ')}>
        <PriceChart
          series={series}
          digits={digits}
          status={status}
          offline={link === 'offline' || link === 'backfilling'}
          bets={marks}
          labels={labels}
          subscribeTicks={subscribeTicks}
          onRetry={() => market.send(pairsFailed ? { type: 'pairs.retry' } : { type: 'chart.retry' })}
          height="100%"
        />
      </ChartBox>
    </Section>
  );
}
