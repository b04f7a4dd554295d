import type { KyInstance } from 'ky';
import { orderListPayloadSchema, orderPayloadSchema, type CreateOrderRequest } from '../contract/orders';
import { alertListPayloadSchema, alertPayloadSchema, type CreateAlertRequest } from '../contract/alerts';
import { callApi } from '../client';
import { apiPath } from './payload';

type Signal = { signal?: AbortSignal };

/** Pending orders and price alerts (docs/api.md, "Pending orders" and "Price alerts"). */
export const ordersEndpoints = (http: KyInstance) => ({
  list: async ({ signal }: Signal = {}) => (await callApi(http, 'get', apiPath('order/list'), orderListPayloadSchema, { signal })).orders,
  create: async (request: CreateOrderRequest, { signal }: Signal = {}) =>
    (await callApi(http, 'post', apiPath('order/create'), orderPayloadSchema, { json: request, signal })).order,
  cancel: async (id: number, { signal }: Signal = {}) => (await callApi(http, 'post', apiPath(`order/${id}/cancel`), orderPayloadSchema, { signal })).order,
  alerts: async ({ signal }: Signal = {}) => (await callApi(http, 'get', apiPath('alert/list'), alertListPayloadSchema, { signal })).alerts,
  createAlert: async (request: CreateAlertRequest, { signal }: Signal = {}) =>
    (await callApi(http, 'post', apiPath('alert/create'), alertPayloadSchema, { json: request, signal })).alert,
  deleteAlert: async (id: number, { signal }: Signal = {}) =>
    (await callApi(http, 'post', apiPath(`alert/${id}/delete`), alertPayloadSchema, { signal })).alert,
});
export type OrdersEndpoints = ReturnType<typeof ordersEndpoints>;
