import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutReturnPayload, PaymentSystemListItem } from '../../api/contract/payments';
import type {
  Product,
  PurchaseConfigPayload,
  PurchaseIntegrationPayload,
  PurchaseIntegrationRequest,
} from '../../api/contract/tournaments';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';
import { checkoutActions, readCheckoutReturnEffect, waitingForCheckout } from '../payment-status/checkout-waiting';
import { paymentStatusMachine } from '../payment-status/payment-status.machine';

export interface PurchaseInput {
  /** /purchase?product_id=N: what is being bought (back from the checkout, the server says). */
  productId: number | null;
  /** Set when the browser came back from the checkout (/purchase?purchase_id=N): the purchase to wait for. */
  returningPurchaseId?: number | null;
}

export interface PurchaseContext {
  productId: number | null;
  product: Product | null;
  systems: PaymentSystemListItem[];
  system: PaymentSystemListItem | null;
  problem: Problem | null;
  purchaseId: number | null;
  checkUrl: string | null;
}

export type PurchaseEvent =
  | { type: 'retry' }
  | { type: 'system.choose'; id: number }
  | { type: 'submit' }
  | { type: 'again' };

/**
 * Buying a product (a paid tournament entry) through a payment system: the deposit's flow without
 * an amount (the price is the product's): choose a system, pay at the checkout, come back and wait
 * for the provider's answer.
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as PurchaseInput,
  },
  actors: {
    loadPurchase: fromPromise<PurchaseConfigPayload, { productId: number }>(notProvided('loadPurchase')),
    startPurchase: fromPromise<PurchaseIntegrationPayload, PurchaseIntegrationRequest>(notProvided('startPurchase')),
    readCheckoutReturn: readCheckoutReturnEffect,
    paymentStatus: paymentStatusMachine,
  },
  actions: {
    ...checkoutActions,
    keepCheckoutReturn: assign(({ context }, params: CheckoutReturnPayload) => ({
      checkUrl: params.check_url,
      productId: context.productId ?? params.product_id,
    })),
  },
  guards: {
    returning: ({ context }) => context.purchaseId !== null,
    hasProduct: ({ context }) => context.productId !== null,
    systemChosen: ({ context }) => context.system !== null,
  },
}).createMachine({
  id: 'purchase',
  context: ({ input }) => ({
    productId: input.productId,
    product: null,
    systems: [],
    system: null,
    problem: null,
    purchaseId: input.returningPurchaseId ?? null,
    checkUrl: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'returning', target: 'waiting' }, { guard: 'hasProduct', target: 'loading' }, { target: 'noProduct' }],
    },
    /** /purchase without a product: nothing to buy, the UI links back. */
    noProduct: { tags: ['error'] },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'config',
        src: 'loadPurchase',
        input: ({ context }) => ({ productId: context.productId ?? 0 }),
        onDone: [
          {
            guard: ({ event }) => event.output.product.owned,
            target: 'owned',
            actions: assign({ product: ({ event }) => event.output.product }),
          },
          {
            target: 'choosing',
            actions: assign({
              product: ({ event }) => event.output.product,
              systems: ({ event }) => event.output.items,
              problem: null,
            }),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    /** Already paid: nothing to buy twice. */
    owned: {},
    choosing: {
      on: {
        'system.choose': {
          guard: ({ context, event }) => context.systems.some((s) => s.id === event.id),
          actions: assign({ system: ({ context, event }) => context.systems.find((s) => s.id === event.id) ?? null, problem: null }),
        },
        submit: { guard: 'systemChosen', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'integration',
        src: 'startPurchase',
        input: ({ context }) => ({ ps_id: context.system?.id ?? 0, product_id: context.product?.id ?? 0 }),
        onDone: {
          target: 'redirecting',
          actions: [
            assign({ purchaseId: ({ event }) => event.output.purchase_id, checkUrl: ({ event }) => event.output.check_url }),
            { type: 'navigateExternal', params: ({ event }) => ({ url: event.output.redirect_url }) },
          ],
        },
        onError: { target: 'choosing', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    redirecting: { tags: ['busy'] },
    waiting: waitingForCheckout('purchase'),
    timedOut: { tags: ['error'], on: { retry: 'waiting' } },
    completed: {},
    failed: {
      tags: ['error'],
      on: { again: { guard: 'hasProduct', target: 'loading', actions: assign({ purchaseId: null, checkUrl: null, system: null }) } },
    },
  },
});
