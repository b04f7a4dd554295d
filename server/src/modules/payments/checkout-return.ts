import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { checkoutReturnParamsSchema, checkoutReturnPayloadSchema, type CheckoutReturnPayload } from '../../../../src/api/contract/payments';
import { ApiError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { checkoutAgain, ownDeposit } from './checkout-payments';
import { findPurchase, type Db } from './repo';
import type { ProviderRegistry } from './providers/registry';

/** The caller's own deposit or purchase; another trader's is answered like one that does not exist. */
async function ownPayment(db: Db, kind: 'deposit' | 'purchase', id: number, userId: number) {
  if (kind === 'deposit') return { ...(await ownDeposit(db, userId, id)), product_id: null };
  const purchase = await findPurchase(db, id, userId);
  if (!purchase) throw new ApiError('not_found', { message: 'money.error.payment_not_found' });
  return { ...purchase, product_id: purchase.tournament_id };
}

/**
 * What the return page needs after the provider's checkout, which sends the browser back with the
 * payment's id only (/deposit?deposit_id=N, /purchase?purchase_id=N): the payment's check url, from
 * the provider that knows it, whatever its status now.
 */
async function checkoutReturn(db: Db, providers: ProviderRegistry, userId: number, kind: 'deposit' | 'purchase', id: number): Promise<CheckoutReturnPayload> {
  const payment = await ownPayment(db, kind, id, userId);
  return { check_url: checkoutAgain(providers, payment, { kind, id }).checkUrl, product_id: payment.product_id };
}

/** GET /api/checkout/{kind}/{id}/return, with the payments routes' providers. */
export async function checkoutReturnRoutes(app: FastifyInstance, { providers }: { providers: ProviderRegistry }) {
  const { db } = app.database;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: a caller who may not trade hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireTrader };

  api.get(
    '/api/checkout/:kind/:id/return',
    { ...guard, schema: { params: checkoutReturnParamsSchema, response: { 200: okEnvelope(checkoutReturnPayloadSchema) } } },
    async (request) => ok(await checkoutReturn(db, providers, signedInUser(request).id, request.params.kind, request.params.id)),
  );
}
