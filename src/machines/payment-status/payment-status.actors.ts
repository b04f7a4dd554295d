import { fromPromise } from 'xstate';
import type { CheckoutReturnPayload, PaymentCheckStatus } from '../../api/contract/payments';
import type { DepositEndpoints } from '../../api/endpoints/deposit';
import type { CheckoutReturnRequest } from './checkout-waiting';
import { paymentStatusMachine } from './payment-status.machine';

/** The status check of deposits and purchases: one call for both. */
export const paymentStatusActors = (deposit: Pick<DepositEndpoints, 'check'>) => ({
  checkPaymentStatus: fromPromise<PaymentCheckStatus, { url: string }>(({ input, signal }) => deposit.check(input.url, { signal })),
});

/** The polling child with its check provided, for the machines that invoke it. */
export const providedPaymentStatus = (deposit: Pick<DepositEndpoints, 'check'>) =>
  paymentStatusMachine.provide({ actors: paymentStatusActors(deposit) });

/** The read of the payment the browser came back from the checkout for, deposits and purchases alike. */
export const providedCheckoutReturn = (deposit: Pick<DepositEndpoints, 'checkoutReturn'>) =>
  fromPromise<CheckoutReturnPayload, CheckoutReturnRequest>(({ input, signal }) => deposit.checkoutReturn(input.kind, input.id, { signal }));
