import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { checkoutReturnParamsSchema, checkoutReturnPayloadSchema, type CheckoutReturnPayload } from '../../../../src/api/contract/payments';
import { ApiError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { returnUrlOf } from './checkout-payments';
import type { Db } from './repo';
import { createProviders, type ProviderRegistry } from './providers/registry';

type PaymentKind = 'deposit' | 'purchase';

/** The caller's own deposit or purchase with the provider that knows it (a purchase with its product). */
async function ownPayment(db: Db, kind: PaymentKind, id: number, userId: number) {
  if (kind === 'deposit') {
    const deposit = await db
      .selectFrom('deposits as p')
      .innerJoin('payment_systems as ps', 'ps.id', 'p.ps_id')
      .select(['p.public_id', 'p.amount_cents', 'ps.provider'])
      .where('p.id', '=', id)
      .where('p.user_id', '=', userId)
      .executeTakeFirst();
    return deposit && { ...deposit, product_id: null };
  }
  return db
    .selectFrom('purchases as p')
    .innerJoin('payment_systems as ps', 'ps.id', 'p.ps_id')
    .select(['p.public_id', 'p.amount_cents', 'ps.provider', 'p.tournament_id as product_id'])
    .where('p.id', '=', id)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * What the return page needs after the provider's checkout, which sends the browser back with the
 * payment's id only (/deposit?deposit_id=N, /purchase?purchase_id=N): the payment's check url, from
 * the provider that knows it, whatever its status now. Another trader's payment is not found.
 */
async function checkoutReturn(db: Db, providers: ProviderRegistry, userId: number, kind: PaymentKind, id: number): Promise<CheckoutReturnPayload> {
  const payment = await ownPayment(db, kind, id, userId);
  if (!payment) throw new ApiError('not_found', { message: 'money.error.payment_not_found' });
  const checkout = providers.get(payment.provider).createCheckout({
    publicId: payment.public_id,
    amountCents: payment.amount_cents,
    returnUrl: returnUrlOf({ kind, id }),
  });
  return { check_url: checkout.checkUrl, product_id: payment.product_id };
}

/** GET /api/checkout/{kind}/{id}/return (registered beside the payments routes). */
export async function checkoutReturnRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const providers = createProviders(app.config.sessionSecret, app.config.paymentProviders);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: a caller who may not trade hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireTrader };

  api.get(
    '/api/checkout/:kind/:id/return',
    { ...guard, schema: { params: checkoutReturnParamsSchema, response: { 200: okEnvelope(checkoutReturnPayloadSchema) } } },
    async (request) => ok(await checkoutReturn(db, providers, signedInUser(request).id, request.params.kind, request.params.id)),
  );
}
