import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { translate } from '../../i18n';
import type { Locale } from '../../../../src/api/contract/envelope';
import { formatUsd, fromCents } from '../../../../src/api/contract/money';
import type { ProviderRegistry } from './providers/registry';
import { SIGNATURE_HEADER, type SandboxEvent } from './providers/sandbox';
import { findPaymentByPublicId } from './repo';
import { returnUrlOf } from './checkout-payments';

const checkoutParamsSchema = z.strictObject({ id: z.uuid({ error: 'validation.invalid' }) });
const decisionParamsSchema = checkoutParamsSchema.extend({ decision: z.enum(['approve', 'decline']) });
// A form posted without a body is heard as an empty one: its token is missing.
const decisionBodySchema = z.preprocess((body) => body ?? {}, z.object({ token: z.string().min(1).max(200) }));

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const STYLES = `
:root { color-scheme: dark; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f1422; color: #e8ecf5;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(26rem, 92vw); background: #182035; border: 1px solid #2a3452; border-radius: 12px; padding: 2rem; }
h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
.test { display: inline-block; font-size: .75rem; letter-spacing: .04em; text-transform: uppercase; color: #1b1300;
  background: #f5a524; border-radius: 4px; padding: .1rem .5rem; margin-bottom: 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 1.25rem 0; }
dt { color: #9aa5c0; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
.amount { font-size: 1.5rem; font-weight: 700; }
.actions { display: flex; gap: .75rem; }
button, a.button { flex: 1; font: inherit; font-weight: 600; padding: .75rem 1rem; border-radius: 8px; border: 0; cursor: pointer;
  text-align: center; text-decoration: none; }
.approve { background: #22c55e; color: #04210f; } .decline { background: #2a3452; color: #e8ecf5; }
a.button { background: #e5484d; color: #fff; display: block; }
button:focus-visible, a.button:focus-visible { outline: 3px solid #7aa2ff; outline-offset: 2px; }
p.note { color: #9aa5c0; font-size: .875rem; }
`;

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/sandbox/checkout.css">
</head>
<body><main>${body}</main></body>
</html>`;
}

/**
 * The sandbox provider's hosted checkout: a server-rendered page (no scripts, the CSP forbids
 * inline ones) whose form approves or declines the payment. The form carries the payment's own
 * token, so a page elsewhere cannot post a decision. The decision reaches the platform as the
 * provider's signed webhook, then the browser goes back to the web app.
 */
export async function checkoutPages(app: FastifyInstance, options: { providers: ProviderRegistry }) {
  const { db } = app.database;
  const { sandbox } = options.providers;

  // The checkout's form posts urlencoded; another module may already parse that for the server.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }

  app.get('/sandbox/checkout.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLES),
  );

  // The pages answer HTML: only their input is declared.
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/sandbox/checkout/:id', { schema: { params: checkoutParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    const payment = await findPaymentByPublicId(db, id);
    if (!payment) throw new ApiError('not_found', { message: 'money.error.payment_not_found' });
    const t = (key: string, params?: Record<string, string | number>) => escape(translate(request.locale, key, params));
    const amount = formatUsd(fromCents(payment.amount_cents), request.locale);
    const details = `<dl>
<dt>${t('money.checkout.merchant')}</dt><dd>${t('money.checkout.merchant_name')}</dd>
<dt>${t('money.checkout.purpose')}</dt><dd>${t(payment.kind === 'deposit' ? 'money.checkout.purpose_deposit' : 'money.checkout.purpose_purchase')}</dd>
<dt>${t('money.checkout.method')}</dt><dd>${escape(payment.ps_name)}</dd>
<dt>${t('money.checkout.amount')}</dt><dd class="amount">${escape(amount)}</dd>
</dl>`;
    let action: string;
    if (payment.status === 'pending') {
      action = `<form method="post" action="/sandbox/checkout/${id}/approve">
<input type="hidden" name="token" value="${escape(payment.checkout_token)}">
<div class="actions">
<button type="submit" class="approve">${t('money.checkout.approve')}</button>
<button type="submit" class="decline" formaction="/sandbox/checkout/${id}/decline">${t('money.checkout.decline')}</button>
</div>
</form>
<p class="note">${t('money.checkout.note')}</p>`;
    } else {
      const state = payment.status === 'completed' ? 'money.checkout.already_completed' : 'money.checkout.already_failed';
      action = `<p>${t(state)}</p><a class="button" href="${escape(returnUrlOf(payment))}">${t('money.checkout.back')}</a>`;
    }
    const body = `<span class="test">${t('money.checkout.test_mode')}</span><h1>${t('money.checkout.title')}</h1>${details}${action}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(page(request.locale, translate(request.locale, 'money.checkout.title'), body));
  });

  api.post('/sandbox/checkout/:id/:decision', { schema: { params: decisionParamsSchema, body: decisionBodySchema } }, async (request, reply) => {
    const { id, decision } = request.params;
    const { token } = request.body;
    const payment = await findPaymentByPublicId(db, id);
    if (!payment) throw new ApiError('not_found', { message: 'money.error.payment_not_found' });
    if (!sameToken(token, payment.checkout_token)) throw new ApiError('forbidden', { message: 'money.error.checkout_token' });
    // One event per decision: a second click on the same button is the same event, replayed.
    const event: SandboxEvent = {
      event_id: `${id}.${decision}`,
      payment_id: id,
      status: decision === 'approve' ? 'approved' : 'declined',
      amount_cents: payment.amount_cents,
    };
    const raw = JSON.stringify(event);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sandbox.sign(raw) },
      payload: raw,
    });
    if (response.statusCode >= 400) request.log.warn({ status: response.statusCode, body: response.body }, 'sandbox webhook refused');
    return reply.redirect(returnUrlOf(payment), 303);
  });
}
