import type { KyInstance } from 'ky';
import {
  paymentHistoryPayloadSchema,
  paymentSystemListPayloadSchema,
  type PaymentHistoryQuery,
} from '../contract/payments';
import { callApi } from '../client';
import { apiPath, searchOf } from './payload';

type Signal = { signal?: AbortSignal };

/** Calls across deposits and withdrawals: every system and the finance history. */
export const paymentsEndpoints = (http: KyInstance) => ({
  systems: async ({ signal }: Signal = {}) =>
    (await callApi(http, 'get', apiPath('payment_system/list'), paymentSystemListPayloadSchema, { signal })).items,
  /** GET /api/payment/history: deposits and withdrawals together, newest first. */
  history: (query: PaymentHistoryQuery = {}, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath('payment/history'), paymentHistoryPayloadSchema, { searchParams: searchOf(query), signal }),
});
export type PaymentsEndpoints = ReturnType<typeof paymentsEndpoints>;
