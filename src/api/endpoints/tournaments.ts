import type { KyInstance } from 'ky';
import { z } from 'zod';
import { redirectPayloadSchema } from '../contract/envelope';
import {
  currentTournamentPayloadSchema,
  joinTournamentPayloadSchema,
  leaderboardPayloadSchema,
  purchaseConfigPayloadSchema,
  purchaseIntegrationPayloadSchema,
  type PurchaseIntegrationRequest,
} from '../contract/tournaments';
import { callApi } from '../client';
import { apiPath, searchOf } from './payload';

type Signal = { signal?: AbortSignal };

/** Tournaments (the tournament wallet) and the purchase of a paid entry. */
export const tournamentsEndpoints = (http: KyInstance) => ({
  current: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('tournament/current'), currentTournamentPayloadSchema, { signal }),
  /** Joined, or (a paid entry not yet paid) a redirect to /purchase?product_id=N. */
  join: (id: number, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath(`tournament/${id}/join`), z.union([joinTournamentPayloadSchema, redirectPayloadSchema]), { json: {}, signal }),
  leaderboard: (id: number, limit = 10, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath(`tournament/${id}/leaderboard`), leaderboardPayloadSchema, { searchParams: searchOf({ limit }), signal }),
  /** GET /api/purchase/ps/{productId}: the product and the systems that can pay it. */
  purchaseConfig: (productId: number, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath(`purchase/ps/${productId}`), purchaseConfigPayloadSchema, { signal }),
  startPurchase: (request: PurchaseIntegrationRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('purchase/integration_json'), purchaseIntegrationPayloadSchema, { json: request, signal }),
});
export type TournamentsEndpoints = ReturnType<typeof tournamentsEndpoints>;
