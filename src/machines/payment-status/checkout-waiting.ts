import { notProvided } from '../app/failure';
import type { PaymentStatusOutput } from './payment-status.machine';

const outcomeIs =
  (status: PaymentStatusOutput['status']) =>
  ({ event }: { event: { output: unknown } }) =>
    (event.output as PaymentStatusOutput).status === status;

/**
 * The state a money flow waits in after the provider's checkout: it runs the `paymentStatus`
 * actor on the remembered check url and goes on to the flow's own `completed`, `failed` or
 * `timedOut` state. Deposit and purchase both use it, so they read the provider's answer alike.
 */
export const waitingForCheckout = {
  tags: ['busy'],
  invoke: {
    id: 'status',
    src: 'paymentStatus' as const,
    input: ({ context }: { context: { checkUrl: string | null } }) => ({ checkUrl: context.checkUrl ?? '' }),
    onDone: [
      { guard: outcomeIs('completed'), target: 'completed' },
      { guard: outcomeIs('failed'), target: 'failed' },
      { target: 'timedOut' },
    ],
  },
};

/**
 * The two effects of leaving for the provider's checkout, declared once for every flow that goes
 * there (deposit, purchase, a deposit resumed from the finances list); the composition root
 * provides them.
 */
export const checkoutActions = {
  /** Leaves the app for the provider's checkout page. */
  navigateExternal: (_: unknown, _params: { url: string }) => notProvided('navigateExternal')(),
  /** Keeps the check url across the checkout, which comes back with the deposit id only. */
  rememberCheckout: (_: unknown, _params: { id: number; checkUrl: string }) => notProvided('rememberCheckout')(),
};
