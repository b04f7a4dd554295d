import { fromPromise } from 'xstate';
import type { CheckoutReturnPayload } from '../../api/contract/payments';
import { notProvided } from '../app/failure';
import type { PaymentStatusOutput } from './payment-status.machine';

/** The payment the browser came back from the checkout for. */
export interface CheckoutReturnRequest {
  kind: 'deposit' | 'purchase';
  id: number;
}

/** Asks the server what the return page needs: the payment's check url (and a purchase's product). */
export const readCheckoutReturnEffect = fromPromise<CheckoutReturnPayload, CheckoutReturnRequest>(notProvided('readCheckoutReturn'));

const outcomeIs =
  (status: PaymentStatusOutput['status']) =>
  ({ event }: { event: { output: unknown } }) =>
    (event.output as PaymentStatusOutput).status === status;

interface WaitingContext {
  checkUrl: string | null;
  depositId?: number | null;
  purchaseId?: number | null;
}

/**
 * The state a money flow (the machine `kind`: deposit or purchase) waits in after the provider's
 * checkout. Back from it with the payment's id only, it first asks the server for the payment's
 * check url (`keepCheckoutReturn` keeps the answer); then it runs the `paymentStatus` actor on it
 * and goes on to the flow's own `completed`, `failed` or `timedOut` state (a failed read too:
 * its retry reads again). Deposit and purchase both use it, so they read the provider's answer alike.
 */
export const waitingForCheckout = (kind: CheckoutReturnRequest['kind']) => ({
  tags: ['busy'],
  initial: 'start',
  states: {
    start: { always: [{ guard: ({ context }: { context: WaitingContext }) => context.checkUrl !== null, target: 'polling' }, { target: 'reading' }] },
    reading: {
      invoke: {
        id: 'return',
        src: 'readCheckoutReturn' as const,
        input: ({ context }: { context: WaitingContext }) => ({ kind, id: (kind === 'deposit' ? context.depositId : context.purchaseId) ?? 0 }),
        onDone: {
          target: 'polling',
          actions: { type: 'keepCheckoutReturn' as const, params: ({ event }: { event: { output: unknown } }) => event.output as CheckoutReturnPayload },
        },
        onError: { target: `#${kind}.timedOut` },
      },
    },
    polling: {
      invoke: {
        id: 'status',
        src: 'paymentStatus' as const,
        input: ({ context }: { context: WaitingContext }) => ({ checkUrl: context.checkUrl ?? '' }),
        onDone: [
          { guard: outcomeIs('completed'), target: `#${kind}.completed` },
          { guard: outcomeIs('failed'), target: `#${kind}.failed` },
          { target: `#${kind}.timedOut` },
        ],
      },
    },
  },
});

/**
 * The effect of leaving for the provider's checkout, declared once for every flow that goes there
 * (deposit, purchase, a deposit resumed from the finances list); the composition root provides it.
 */
export const checkoutActions = {
  /** Leaves the app for the provider's checkout page. */
  navigateExternal: (_: unknown, _params: { url: string }) => notProvided('navigateExternal')(),
};
