import { fromPromise } from 'xstate';
import type { DepositIntegrationPayload, DepositIntegrationRequest, PaymentSystemListItem } from '../../api/contract/payments';
import type { DepositEndpoints } from '../../api/endpoints/deposit';
import { providedCheckoutReturn, providedPaymentStatus } from '../payment-status/payment-status.actors';

/** The deposit machine's calls over the api. */
export const depositActors = (deposit: DepositEndpoints) => ({
  loadDepositSystems: fromPromise<PaymentSystemListItem[]>(({ signal }) => deposit.systems({ signal })),
  startDeposit: fromPromise<DepositIntegrationPayload, DepositIntegrationRequest>(({ input, signal }) => deposit.start(input, { signal })),
  readCheckoutReturn: providedCheckoutReturn(deposit),
  paymentStatus: providedPaymentStatus(deposit),
});
