import type { KyInstance } from 'ky';
import {
  financesSchema,
  paymentSystemListPayloadSchema,
  withdrawCancelInfoSchema,
  withdrawConfigPayloadSchema,
  withdrawHistoryPayloadSchema,
  withdrawQuoteSchema,
  withdrawalPayloadSchema,
  type WithdrawForm,
  type WithdrawHistoryQuery,
} from '../contract/payments';
import { callApi } from '../client';
import { apiPath, formDataOf, searchOf } from './payload';

type Signal = { signal?: AbortSignal };

/** Withdrawals from the main wallet: systems, fields, check, confirm, cancel, history, finances. */
export const withdrawEndpoints = (http: KyInstance) => ({
  systems: async ({ signal }: Signal = {}) =>
    (await callApi(http, 'get', apiPath('withdraw/ps'), paymentSystemListPayloadSchema, { signal })).items,
  /** GET /api/withdraw/ps/{id}: the system's fields and its check and confirm urls. */
  config: (id: number, { signal }: Signal = {}) => callApi(http, 'get', apiPath(`withdraw/ps/${id}`), withdrawConfigPayloadSchema, { signal }),
  /** POST /api{check_url} (multipart): the fee and what arrives, or field errors. */
  check: (checkUrl: string, form: WithdrawForm, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath(checkUrl), withdrawQuoteSchema, { body: formDataOf(form), signal }),
  /** POST /api{confirm_url} (multipart): the amount is held at once. */
  confirm: async (confirmUrl: string, form: WithdrawForm, { signal }: Signal = {}) =>
    (await callApi(http, 'post', apiPath(confirmUrl), withdrawalPayloadSchema, { body: formDataOf(form), signal })).withdrawal,
  cancelInfo: (id: number, { signal }: Signal = {}) => callApi(http, 'get', apiPath(`withdraw/${id}/cancel`), withdrawCancelInfoSchema, { signal }),
  cancel: async (id: number, { signal }: Signal = {}) =>
    (await callApi(http, 'post', apiPath(`withdraw/${id}/cancel`), withdrawalPayloadSchema, { signal })).withdrawal,
  history: (query: WithdrawHistoryQuery = {}, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath('withdraw/history'), withdrawHistoryPayloadSchema, { searchParams: searchOf(query), signal }),
  finances: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('withdraw/finances'), financesSchema, { signal }),
});
export type WithdrawEndpoints = ReturnType<typeof withdrawEndpoints>;
