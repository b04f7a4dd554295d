import { fromPromise } from 'xstate';
import type { PurchaseConfigPayload, PurchaseIntegrationPayload, PurchaseIntegrationRequest } from '../../api/contract/tournaments';
import type { DepositEndpoints } from '../../api/endpoints/deposit';
import type { TournamentsEndpoints } from '../../api/endpoints/tournaments';
import { providedCheckoutReturn, providedPaymentStatus } from '../payment-status/payment-status.actors';

/** The purchase machine's calls: the product and its systems, the integration, the deposit's check. */
export const purchaseActors = (tournaments: TournamentsEndpoints, deposit: Pick<DepositEndpoints, 'check' | 'checkoutReturn'>) => ({
  loadPurchase: fromPromise<PurchaseConfigPayload, { productId: number }>(({ input, signal }) => tournaments.purchaseConfig(input.productId, { signal })),
  startPurchase: fromPromise<PurchaseIntegrationPayload, PurchaseIntegrationRequest>(({ input, signal }) => tournaments.startPurchase(input, { signal })),
  readCheckoutReturn: providedCheckoutReturn(deposit),
  paymentStatus: providedPaymentStatus(deposit),
});
