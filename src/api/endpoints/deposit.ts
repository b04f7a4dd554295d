import type { KyInstance } from 'ky';

import {
  checkoutReturnPayloadSchema,
  depositConfigPayloadSchema,
  depositHistoryPayloadSchema,
  depositIntegrationPayloadSchema,
  depositPayloadSchema,
  paymentCheckPayloadSchema,
  paymentSystemListPayloadSchema,
  type DepositHistoryQuery,
  type DepositIntegrationRequest,
} from '../contract/payments';
import { callApi } from '../client';
import { apiPath, searchOf } from './payload';

type Signal = { signal?: AbortSignal };

/** Deposits: the systems, a system's config, the integration call, the status check, resume, cancel, history. */
export const depositEndpoints = (http: KyInstance) => ({
  systems: async ({ signal }: Signal = {}) =>
    (await callApi(http, 'get', apiPath('deposit/ps'), paymentSystemListPayloadSchema, { signal })).items,
  /** GET /api{url}: the config call of a listed system. */
  config: (url: string, { signal }: Signal = {}) => callApi(http, 'get', apiPath(url), depositConfigPayloadSchema, { signal }),
  start: (request: DepositIntegrationRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('deposit/integration_json'), depositIntegrationPayloadSchema, { json: request, signal }),
  /** Deposits and purchases alike: the check url the integration call returned. */
  check: async (url: string, { signal }: Signal = {}) =>
    (await callApi(http, 'post', apiPath('deposit/integration_json/check'), paymentCheckPayloadSchema, { json: { url }, signal })).status,
  /** GET /api/checkout/{kind}/{id}/return: deposits and purchases alike, what the page the checkout returns to needs. */
  checkoutReturn: (kind: 'deposit' | 'purchase', id: number, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath(`checkout/${kind}/${id}/return`), checkoutReturnPayloadSchema, { signal }),
  /** GET /api/deposit/{id}/resume: the checkout of one's own pending deposit again. */
  resume: (id: number, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath(`deposit/${id}/resume`), depositIntegrationPayloadSchema, { signal }),
  /** POST /api/deposit/{id}/cancel: one's own pending deposit ends cancelled. */
  cancel: async (id: number, { signal }: Signal = {}) =>
    (await callApi(http, 'post', apiPath(`deposit/${id}/cancel`), depositPayloadSchema, { json: {}, signal })).deposit,
  history: (query: DepositHistoryQuery = {}, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath('deposit/history'), depositHistoryPayloadSchema, { searchParams: searchOf(query), signal }),
});
export type DepositEndpoints = ReturnType<typeof depositEndpoints>;

