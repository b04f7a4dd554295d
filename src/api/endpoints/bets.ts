import type { KyInstance } from 'ky';
import type { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  betHistoryPayloadSchema,
  betInfoPayloadSchema,
  betListPayloadSchema,
  closeBetPayloadSchema,
  placeBetPayloadSchema,
} from '../contract/bets';
import type { BetHistoryQuery, CloseBetRequest, PlaceBetRequest } from '../contract/bets';
import type { WalletType } from '../contract/envelope';
import { callApi } from '../client';
import { apiPath, searchOf } from './payload';

type Signal = { signal?: AbortSignal };

/** A POST that moves money, sent with its click's idempotency key. */
function postWithKey<S extends z.ZodType>(
  http: KyInstance,
  path: string,
  schema: S,
  json: unknown,
  idempotencyKey: string,
  signal: AbortSignal | undefined,
) {
  return callApi(http, 'post', apiPath(path), schema, {
    json,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    // A POST with a key may be retried safely: the server answers a repeat with the first result.
    retry: { limit: 1, methods: ['post'], statusCodes: [408, 502, 503, 504] },
    signal,
  });
}

/** Bets: placement and early close (idempotent per click), the open and closed lists, one bet's ticks, history. */
export const betsEndpoints = (http: KyInstance) => ({
  /**
   * `idempotencyKey` is a fresh UUID per click: if the answer is lost and the call is retried with
   * the same key, the server returns the first bet instead of placing a second one.
   */
  place: async (request: PlaceBetRequest, idempotencyKey: string, { signal }: Signal = {}) =>
    (await postWithKey(http, 'bet/user/place', placeBetPayloadSchema, request, idempotencyKey, signal)).bet,
  /** Sells an open bet back at a live quote; one key per click, retried as a placement is. */
  close: async (request: CloseBetRequest, idempotencyKey: string, { signal }: Signal = {}) =>
    (await postWithKey(http, 'bet/user/close', closeBetPayloadSchema, request, idempotencyKey, signal)).bet,
  list: (walletType: WalletType, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath('bet/user/list'), betListPayloadSchema, {
      searchParams: searchOf({ wallet_type: walletType }),
      signal,
    }),
  info: (id: number, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath(`bet/${id}/info`), betInfoPayloadSchema, { signal }),
  history: (query: BetHistoryQuery = {}, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath('bet/history'), betHistoryPayloadSchema, {
      searchParams: searchOf(query as Record<string, string | number | undefined>),
      signal,
    }),
});
export type BetsEndpoints = ReturnType<typeof betsEndpoints>;
