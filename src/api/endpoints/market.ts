import type { KyInstance } from 'ky';
import { candleChartPayloadSchema, lineChartPayloadSchema, pairListPayloadSchema } from '../contract/market';
import type { ChartInterval } from '../contract/market';
import { callApi } from '../client';
import { apiPath, searchOf } from './payload';

type Signal = { signal?: AbortSignal };

/** Pairs with the platform config, and the two charts of a pair. */
export const marketEndpoints = (http: KyInstance) => ({
  pairs: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('pair/list'), pairListPayloadSchema, { signal }),
  /** The last `minutes` of one-second ticks. */
  line: async (pairId: string, minutes: number, { signal }: Signal = {}) =>
    (
      await callApi(http, 'get', apiPath(`pair/${encodeURIComponent(pairId)}/chart/line`), lineChartPayloadSchema, {
        searchParams: searchOf({ minutes }),
        signal,
      })
    ).points,
  /** The last `limit` candles of `interval`. */
  candles: async (pairId: string, interval: ChartInterval, limit: number, { signal }: Signal = {}) =>
    (
      await callApi(
        http,
        'get',
        apiPath(`pair/${encodeURIComponent(pairId)}/chart/candlestick/${interval}`),
        candleChartPayloadSchema,
        { searchParams: searchOf({ limit }), signal },
      )
    ).candles,
});
export type MarketEndpoints = ReturnType<typeof marketEndpoints>;
