import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import {
  demoResetPayloadSchema,
  demoResetRequestSchema,
  depositCancelRequestSchema,
  depositConfigPayloadSchema,
  depositHistoryPayloadSchema,
  depositHistoryQuerySchema,
  depositIntegrationPayloadSchema,
  depositIntegrationRequestSchema,
  depositPayloadSchema,
  financesSchema,
  idParamsSchema,
  paymentCheckPayloadSchema,
  paymentCheckRequestSchema,
  paymentHistoryPayloadSchema,
  paymentHistoryQuerySchema,
  paymentSystemListPayloadSchema,
  slugParamsSchema,
  webhookResultPayloadSchema,
  withdrawCancelInfoSchema,
  withdrawConfigPayloadSchema,
  withdrawConfirmParamsSchema,
  withdrawHistoryPayloadSchema,
  withdrawHistoryQuerySchema,
  withdrawQuoteSchema,
  withdrawalPayloadSchema,
} from '../../../../src/api/contract/payments';
import { toCents } from '../../../../src/api/contract/money';
import {
  purchaseConfigPayloadSchema,
  purchaseIntegrationPayloadSchema,
  purchaseIntegrationRequestSchema,
} from '../../../../src/api/contract/tournaments';
import { checkoutReturnRoutes } from './checkout-return';
import { createProviders, type ProviderRegistry } from './providers/registry';
import { SANDBOX, SIGNATURE_HEADER } from './providers/sandbox';
import { checkoutPages } from './checkout';
import { listSystems, presentPaymentSystem, offeredSystem } from './payment-systems';
import { applyPaymentEvent, cancelDeposit, checkPayment, createDeposit, createPurchase, expireAbandonedDeposits, resumeDeposit } from './checkout-payments';
import { cancelInfo, cancelWithdrawal, confirmWithdrawal, processDueWithdrawals, quoteOf, validateWithdrawForm } from './withdrawals';
import { depositHistory, finances, paymentHistory, resetDemo, withdrawHistory } from './finances';
import { passkeyAnswerOf, requireFreshFactor } from '../auth/fresh-factor';
import { SECOND_FACTOR_FIELD, SECOND_FACTOR_PASSKEY_FIELD } from '../../../../src/api/contract/security';
import { finishTournaments, ensureWeeklyTournament, productOf } from '../tournaments/service';

const MAX_FORM_FIELDS = 20;
/** Room for a passkey's answer (its JSON is about 1 KB), the largest field a withdraw form carries. */
const MAX_FIELD_BYTES = 4096;

/**
 * The text fields of a withdraw form: multipart as the web app sends it, or a JSON object of
 * strings. Files are refused; so are repeated or oversized fields.
 */
async function withdrawForm(request: FastifyRequest): Promise<Record<string, string>> {
  const form: Record<string, string> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { fields: MAX_FORM_FIELDS, fieldSize: MAX_FIELD_BYTES, files: 0 } })) {
      if (part.type === 'file') throw new ApiError('validation', { fields: { [part.fieldname]: 'validation.unknown_field' } });
      if (part.fieldname in form) throw new ApiError('validation', { fields: { [part.fieldname]: 'validation.invalid' } });
      form[part.fieldname] = String(part.value);
    }
    return form;
  }
  const body: unknown = request.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('validation', { message: 'errors.malformed' });
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'number' && name === 'amount') form[name] = String(value);
    else if (typeof value === 'string') form[name] = value;
    else throw new ApiError('validation', { fields: { [name]: 'validation.invalid_type' } });
  }
  return form;
}

/**
 * Deposits, withdrawals, finances, the demo reset, the checkout's return read, the sandbox
 * provider's checkout and webhook, and (with config.runJobs) the payout and tournament jobs.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const providers = createProviders(app.config.sessionSecret, app.config.paymentProviders);
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: a caller who may not trade hears that, not what was wrong
  // with the input. The withdraw forms (multipart or JSON) are read and parsed by hand, after it.
  const traders = { preValidation: app.requireTrader };
  const systemList = { response: { 200: okEnvelope(paymentSystemListPayloadSchema) } };

  api.get('/api/payment_system/list', { schema: systemList }, async (request) => ok({ items: await listSystems(db, providers, 'any', request.locale) }));

  // Deposits ----------------------------------------------------------------------------------
  api.get('/api/deposit/ps', { ...traders, schema: systemList }, async (request) => ok({ items: await listSystems(db, providers, 'deposit', request.locale) }));

  api.get('/api/deposit/ps/:id', { ...traders, schema: { params: idParamsSchema, response: { 200: okEnvelope(depositConfigPayloadSchema) } } }, async (request) => {
    const ps = await offeredSystem(db, providers, { id: request.params.id }, 'deposit');
    return ok({ ps: presentPaymentSystem(ps, request.locale, false), integration_url: '/deposit/integration_json' });
  });

  const depositStart = { body: depositIntegrationRequestSchema, response: { 200: okEnvelope(depositIntegrationPayloadSchema) } };
  api.post('/api/deposit/integration_json', { ...traders, schema: depositStart }, async (request) => {
    const { ps_id: psId, amount } = request.body;
    return ok(await createDeposit(db, providers, signedInUser(request).id, psId, toCents(amount)!));
  });

  const paymentCheck = { body: paymentCheckRequestSchema, response: { 200: okEnvelope(paymentCheckPayloadSchema) } };
  api.post('/api/deposit/integration_json/check', { ...traders, schema: paymentCheck }, async (request) => {
    const status = await checkPayment(db, signedInUser(request).id, request.body.url);
    // A completed payment changed the wallets: the envelope brings them fresh.
    if (status === 'completed') request.includeUser = true;
    return ok({ status });
  });

  api.get('/api/deposit/:id/resume', { ...traders, schema: { params: idParamsSchema, response: { 200: okEnvelope(depositIntegrationPayloadSchema) } } }, async (request) =>
    ok(await resumeDeposit(db, providers, signedInUser(request).id, request.params.id)),
  );

  // The body may be left out.
  const depositCancel = { params: idParamsSchema, body: depositCancelRequestSchema.optional(), response: { 200: okEnvelope(depositPayloadSchema) } };
  api.post('/api/deposit/:id/cancel', { ...traders, schema: depositCancel }, async (request) =>
    ok({ deposit: await cancelDeposit(db, signedInUser(request).id, request.params.id, request.locale) }),
  );

  api.get('/api/deposit/history', { ...traders, schema: { querystring: depositHistoryQuerySchema, response: { 200: okEnvelope(depositHistoryPayloadSchema) } } }, async (request) =>
    ok(await depositHistory(db, signedInUser(request).id, request.query, request.locale)),
  );

  api.get('/api/payment/history', { ...traders, schema: { querystring: paymentHistoryQuerySchema, response: { 200: okEnvelope(paymentHistoryPayloadSchema) } } }, async (request) =>
    ok(await paymentHistory(db, signedInUser(request).id, request.query, request.locale)),
  );

  // Withdrawals -------------------------------------------------------------------------------
  api.get('/api/withdraw/ps', { ...traders, schema: systemList }, async (request) => ok({ items: await listSystems(db, providers, 'withdraw', request.locale) }));

  api.get('/api/withdraw/ps/:id', { ...traders, schema: { params: idParamsSchema, response: { 200: okEnvelope(withdrawConfigPayloadSchema) } } }, async (request) => {
    const ps = await offeredSystem(db, providers, { id: request.params.id }, 'withdraw');
    const system = presentPaymentSystem(ps, request.locale, true);
    return ok({
      ps: { ...system, fields: system.fields ?? [] },
      check_url: `/${ps.slug}/check`,
      confirm_url: `/withdraw/${ps.slug}/confirm`,
    });
  });

  api.get('/api/withdraw/history', { ...traders, schema: { querystring: withdrawHistoryQuerySchema, response: { 200: okEnvelope(withdrawHistoryPayloadSchema) } } }, async (request) =>
    ok(await withdrawHistory(db, signedInUser(request).id, request.query)),
  );

  api.get('/api/withdraw/finances', { ...traders, schema: { response: { 200: okEnvelope(financesSchema) } } }, async (request) =>
    ok(await finances(db, signedInUser(request).id, app.config.kycWithdrawThresholdCents)),
  );

  api.post('/api/:slug/check', { ...traders, schema: { params: slugParamsSchema, response: { 200: okEnvelope(withdrawQuoteSchema) } } }, async (request) => {
    const form = await withdrawForm(request);
    const valid = await validateWithdrawForm(db, providers, signedInUser(request).id, request.params.slug, form, app.config.kycWithdrawThresholdCents);
    return ok(quoteOf(valid));
  });

  const withdrawalAnswer = { 200: okEnvelope(withdrawalPayloadSchema) };
  api.post('/api/withdraw/:id/confirm', { ...traders, schema: { params: withdrawConfirmParamsSchema, response: withdrawalAnswer } }, async (request) => {
    const { [SECOND_FACTOR_FIELD]: code, [SECOND_FACTOR_PASSKEY_FIELD]: passkeyText, ...form } = await withdrawForm(request);
    const userId = signedInUser(request).id;
    // With 2FA on (an authenticator app or a passkey), money leaves the account only with a fresh second factor given with the request.
    const passkey = passkeyAnswerOf(passkeyText, SECOND_FACTOR_PASSKEY_FIELD);
    await requireFreshFactor(app, userId, { code, passkey }, 'withdrawal', { code: SECOND_FACTOR_FIELD, passkey: SECOND_FACTOR_PASSKEY_FIELD });
    const withdrawal = await confirmWithdrawal(db, app.bus, providers, userId, request.params.slug, form, app.config.kycWithdrawThresholdCents);
    request.includeUser = true;
    return ok({ withdrawal });
  });

  api.get('/api/withdraw/:id/cancel', { ...traders, schema: { params: idParamsSchema, response: { 200: okEnvelope(withdrawCancelInfoSchema) } } }, async (request) =>
    ok(await cancelInfo(db, signedInUser(request).id, request.params.id)),
  );

  api.post('/api/withdraw/:id/cancel', { ...traders, schema: { params: idParamsSchema, response: withdrawalAnswer } }, async (request) => {
    const withdrawal = await cancelWithdrawal(db, app.bus, signedInUser(request).id, request.params.id);
    request.includeUser = true;
    return ok({ withdrawal });
  });

  // Demo wallet -------------------------------------------------------------------------------
  // The body may be left out.
  const demoReset = { body: demoResetRequestSchema.optional(), response: { 200: okEnvelope(demoResetPayloadSchema) } };
  api.post('/api/wallet/demo/reset', { ...traders, schema: demoReset }, async (request) => {
    const result = await resetDemo(db, app.bus, signedInUser(request).id);
    request.includeUser = true;
    return ok(result);
  });

  // Purchase: a paid tournament entry, paid through a deposit system ---------------------------
  api.get('/api/purchase/ps/:id', { ...traders, schema: { params: idParamsSchema, response: { 200: okEnvelope(purchaseConfigPayloadSchema) } } }, async (request) => {
    const product = await productOf(db, request.params.id, signedInUser(request).id, request.locale);
    // Only the systems that can take this price: a minimum above the entry fee would refuse the payment.
    const items = (await listSystems(db, providers, 'deposit', request.locale)).filter(
      (system) => system.min <= product.price && product.price <= system.max,
    );
    return ok({ product, items, integration_url: '/purchase/integration_json' });
  });

  const purchaseStart = { body: purchaseIntegrationRequestSchema, response: { 200: okEnvelope(purchaseIntegrationPayloadSchema) } };
  api.post('/api/purchase/integration_json', { ...traders, schema: purchaseStart }, async (request) => {
    const { ps_id: psId, product_id: productId } = request.body;
    return ok(await createPurchase(db, providers, signedInUser(request).id, psId, productId, new Date()));
  });

  await app.register(checkoutReturnRoutes, { providers });
  // The sandbox's webhook and checkout exist only while PAYMENT_PROVIDERS enables it.
  if (providers.offers(SANDBOX)) await sandboxRoutes(app, providers);

  if (app.config.runJobs) scheduleJobs(app, providers);
}

/** The sandbox provider's webhook (signed with HMAC-SHA256 over the raw body) and its checkout pages. */
async function sandboxRoutes(app: FastifyInstance, providers: ProviderRegistry) {
  const { db } = app.database;
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    // The body is the provider's signed text, checked by its signature before it is read.
    const schema = { response: { 200: okEnvelope(webhookResultPayloadSchema) } };
    webhook.withTypeProvider<ZodTypeProvider>().post('/api/payments/webhook/sandbox', { config: { csrf: false }, schema }, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      const event = providers.get(SANDBOX).verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
      if (!event) throw new ApiError('forbidden', { message: 'money.error.bad_signature' });
      const result = await applyPaymentEvent(db, app.bus, SANDBOX, event);
      if (result === 'unknown_payment') throw new ApiError('not_found', { message: 'money.error.payment_not_found' });
      if (result === 'amount_mismatch') throw new ApiError('validation', { fields: { amount_cents: 'validation.invalid' } });
      return ok({ result });
    });
  });

  await app.register(checkoutPages, { providers });
}

/** The payout and tournament jobs, every few seconds, never two runs at once. */
function scheduleJobs(app: FastifyInstance, providers: ProviderRegistry) {
  const { db } = app.database;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      await processDueWithdrawals(db, now, { withdrawDelay: app.config.withdrawDelay, bus: app.bus, providers });
      await expireAbandonedDeposits(db, now, { expirySeconds: app.config.depositExpiry, bus: app.bus });
      await finishTournaments(db, now, { bus: app.bus });
      await ensureWeeklyTournament(db, now);
    } catch (error) {
      app.log.error({ err: error }, 'money jobs failed');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), 5000);
    void tick();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
