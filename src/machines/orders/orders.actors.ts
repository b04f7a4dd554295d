import { fromPromise } from 'xstate';
import type { OrdersEndpoints } from '../../api/endpoints/orders';
import type { CreateOrderRequest, Order } from '../../api/contract/orders';

/** The orders machine's calls over the api. */
export const ordersActors = (orders: OrdersEndpoints) => ({
  loadOrders: fromPromise<Order[]>(({ signal }) => orders.list({ signal })),
  createOrder: fromPromise<Order, CreateOrderRequest>(({ input }) => orders.create(input)),
  cancelOrder: fromPromise<Order, { id: number }>(({ input }) => orders.cancel(input.id)),
});
