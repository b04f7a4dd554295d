import type { KyInstance } from 'ky';
import {
  demoResetPayloadSchema,
  paymentHistoryPayloadSchema,
  paymentSystemListPayloadSchema,
  type PaymentHistoryQuery,
} from '../contract/payments';
import { apiPath, payloadOf, searchOf } from './payload';

type Signal = { signal?: AbortSignal };

/** Calls across deposits and withdrawals: every system, the finance history, the demo reset. */
export const paymentsEndpoints = (http: KyInstance) => ({
  systems: async ({ signal }: Signal = {}) =>
    (await payloadOf(http, 'get', apiPath('payment_system/list'), paymentSystemListPayloadSchema, { signal })).items,
  /** GET /api/payment/history: deposits and withdrawals together, newest first. */
  history: (query: PaymentHistoryQuery = {}, { signal }: Signal = {}) =>
    payloadOf(http, 'get', apiPath('payment/history'), paymentHistoryPayloadSchema, { searchParams: searchOf(query), signal }),
  /** POST /api/wallet/demo/reset: the demo wallet back to 10000.00 (allowed below that). */
  resetDemo: async ({ signal }: Signal = {}) =>
    (await payloadOf(http, 'post', apiPath('wallet/demo/reset'), demoResetPayloadSchema, { json: {}, signal })).wallet,
});
export type PaymentsEndpoints = ReturnType<typeof paymentsEndpoints>;
