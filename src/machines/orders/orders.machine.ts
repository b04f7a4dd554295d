import { assign, fromPromise, setup } from 'xstate';
import { orderSchema, type CreateOrderRequest, type Order } from '../../api/contract/orders';
import type { ServerMessage } from '../../api/contract/realtime';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';

export type OrdersEvent =
  | { type: 'order.submit'; request: CreateOrderRequest }
  | { type: 'order.cancel'; id: number }
  | { type: 'orders.retry' }
  /** The trader changed the form: the last refusal was about what they had typed. */
  | { type: 'order.edit' }
  /** The connection is back: what the socket said while it was down is read from the list. */
  | { type: 'connection.back' }
  | { type: 'realtime.message'; message: ServerMessage };

export interface OrdersContext {
  orders: Order[];
  /** The last refusal (its field errors go next to the form's fields); cleared by an edit, a new call or a success. */
  problem: Problem | null;
  /** The order being cancelled. */
  cancelling: number | null;
}

/**
 * The orders list with `order` in its place (a new one first), pending ones before closed ones. A
 * closed order is final: a pending copy of it is older news and is not applied (the create call's
 * answer can come after the socket said the order triggered: its level was a hair from the price).
 */
function upsert(orders: Order[], order: Order): Order[] {
  const known = orders.find((o) => o.id === order.id);
  if (known && known.status !== 'pending' && order.status === 'pending') return orders;
  const merged = known ? orders.map((o) => (o.id === order.id ? order : o)) : [order, ...orders];
  return [...merged.filter((o) => o.status === 'pending'), ...merged.filter((o) => o.status !== 'pending')];
}

/** A realtime `order` message's order, when it is one (the socket contract keeps it loose). */
function orderOf(event: OrdersEvent): Order | null {
  if (event.type !== 'realtime.message' || event.message.type !== 'order') return null;
  const parsed = orderSchema.safeParse(event.message.order);
  return parsed.success ? parsed.data : null;
}

/**
 * The trader's pending orders (issue 17, 2): read when the room opens, a new order sent and put
 * first, a pending one cancelled, and each outcome the server reaches (triggered, refused,
 * expired, missed) applied from the socket's `order` message. One call at a time; a refusal keeps
 * the list and shows the server's translated reason.
 */
export const ordersMachine = setup({
  types: { context: {} as OrdersContext, events: {} as OrdersEvent },
  actors: {
    loadOrders: fromPromise<Order[]>(notProvided('loadOrders')),
    createOrder: fromPromise<Order, CreateOrderRequest>(notProvided('createOrder')),
    cancelOrder: fromPromise<Order, { id: number }>(notProvided('cancelOrder')),
  },
  actions: {
    // What the socket said while the list was on its way is kept over the list's older copy.
    takeInOrders: assign({ orders: ({ context }, list: Order[]) => context.orders.reduce(upsert, list) }),
  },
}).createMachine({
  id: 'orders',
  context: { orders: [], problem: null, cancelling: null },
  initial: 'loading',
  on: {
    'realtime.message': {
      guard: ({ event }) => orderOf(event) !== null,
      actions: assign({ orders: ({ context, event }) => upsert(context.orders, orderOf(event)!) }),
    },
    'order.edit': { actions: assign({ problem: null }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: {
          target: 'ready',
          actions: [{ type: 'takeInOrders', params: ({ event }) => event.output }, assign({ problem: null })],
        },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    failed: { on: { 'orders.retry': 'loading', 'connection.back': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        // The list is read again once the connection is back, while the form stays in use: an
        // order may have triggered or expired while the socket could not say so.
        list: {
          initial: 'current',
          states: {
            current: { on: { 'connection.back': 'reloading' } },
            reloading: {
              // Lost and back again while reading: the answer may predate the second loss.
              on: { 'connection.back': { target: 'reloading', reenter: true } },
              invoke: {
                id: 'reloadOrders',
                src: 'loadOrders',
                onDone: { target: 'current', actions: { type: 'takeInOrders', params: ({ event }) => event.output } },
                // The list kept is what it was before the connection went; the next return tries again.
                onError: { target: 'current' },
              },
            },
          },
        },
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'order.submit': { target: 'submitting', actions: assign({ problem: null }) },
                'order.cancel': { target: 'cancelling', actions: assign({ cancelling: ({ event }) => event.id }) },
              },
            },
            submitting: {
              invoke: {
                id: 'createOrder',
                src: 'createOrder',
                input: ({ event }) => (event as Extract<OrdersEvent, { type: 'order.submit' }>).request,
                onDone: {
                  target: 'idle',
                  actions: assign({
                    orders: ({ context, event }) => upsert(context.orders, event.output),
                    problem: null,
                  }),
                },
                onError: { target: 'idle', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
              },
            },
            cancelling: {
              invoke: {
                id: 'cancelOrder',
                src: 'cancelOrder',
                input: ({ context }) => ({ id: context.cancelling! }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    orders: ({ context, event }) => upsert(context.orders, event.output),
                    problem: null,
                    cancelling: null,
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({ problem: ({ event }) => toProblem(event.error), cancelling: null }),
                },
              },
            },
          },
        },
      },
    },
  },
});
