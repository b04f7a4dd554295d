import { fromPromise } from 'xstate';
import type { PairListPayload } from '../../api/contract/market';
import { CHART_INTERVAL_SECONDS } from '../../api/contract/market';
import type { MarketEndpoints } from '../../api/endpoints/market';
import type { ChartSeries, PricePoint } from '../../shared/chart-series';
import type { BackfillRequest, ChartRequest } from './market.machine';

/** Minutes of ticks the line chart opens with. */
const LINE_MINUTES = 15;
/** Candles the candlestick chart opens with. */
const CANDLES_LIMIT = 300;

/** The market machine's calls over the api. */
export const marketActors = (market: MarketEndpoints) => ({
  loadPairs: fromPromise<PairListPayload>(({ signal }) => market.pairs({ signal })),
  loadChart: fromPromise<ChartSeries, ChartRequest>(async ({ input, signal }) =>
    input.kind === 'line'
      ? { kind: 'line', points: await market.line(input.pairId, LINE_MINUTES, { signal }) }
      : {
          kind: 'candlestick',
          candles: await market.candles(input.pairId, input.interval, CANDLES_LIMIT, { signal }),
          intervalMs: CHART_INTERVAL_SECONDS[input.interval] * 1000,
        },
  ),
  loadLine: fromPromise<PricePoint[], BackfillRequest>(({ input, signal }) =>
    market.line(input.pairId, input.minutes, { signal }),
  ),
});

const PAIR_KEY = 'trading.pair';
const KIND_KEY = 'trading.chartKind';

/** The chosen pair and chart kind, kept across visits. Storage may be unavailable (private mode). */
export const marketStorage = (storage: Pick<Storage, 'getItem' | 'setItem'> | null) => ({
  read: () => {
    try {
      const kind = storage?.getItem(KIND_KEY);
      return {
        storedPairId: storage?.getItem(PAIR_KEY) ?? null,
        storedChartKind: kind === 'line' || kind === 'candlestick' ? kind : null,
      };
    } catch {
      return { storedPairId: null, storedChartKind: null };
    }
  },
  write: (pairId: string | null, kind: string) => {
    try {
      if (pairId) storage?.setItem(PAIR_KEY, pairId);
      storage?.setItem(KIND_KEY, kind);
    } catch {
      // A full or blocked storage only costs the choice on the next visit.
    }
  },
});
