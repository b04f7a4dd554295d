import { http } from 'msw';
import {
  quoteWithdrawal,
  withdrawFieldError,
  type PaymentHistoryItem,
  type Withdrawal,
} from '../../src/api/contract/payments';
import { toCents } from '../../src/api/contract/money';
import { languageOf } from './locale-texts';
import {
  depositSystemsIn,
  finances,
  paymentHistoryIn,
  pendingDepositIn,
  pendingWithdrawalIn,
  tournamentEntry,
  withdrawConfigsIn,
  withdrawSystemsIn,
} from './money-fixtures';
import { fail, ok, readBody } from './respond';

/**
 * The payments calls as the server answers them, with the server's checks (limits, Luhn, IBAN,
 * patterns) from the shared contract. Deposits and purchases started here complete at the first
 * check; a withdrawal stays pending until cancelled.
 */

const page = <T>(items: readonly T[], url: URL) => {
  const pageNumber = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? '20') || 20));
  return { items: items.slice((pageNumber - 1) * perPage, pageNumber * perPage), page: pageNumber, per_page: perPage, total: items.length };
};

const historyFilter = (url: URL) => (item: PaymentHistoryItem) =>
  (!url.searchParams.get('type') || item.type === url.searchParams.get('type')) &&
  (!url.searchParams.get('status') || item.status === url.searchParams.get('status'));

const depositOf = (request: Request, id: string) =>
  [pendingDepositIn(languageOf(request)), ...paymentHistoryIn(languageOf(request))].find((item) => item.type === 'deposit' && String(item.id) === id);

/** Checks a withdraw form as the server does; answers the field errors or the quote. */
async function checkWithdrawForm(request: Request, slug: string) {
  const config = withdrawConfigsIn(languageOf(request)).find((c) => c.ps.slug === slug);
  if (!config) return { error: fail(request, 'not_found') };
  const body = await readBody(request);
  const fields: Record<string, string | { key: string; params: Record<string, number> }> = {};
  const cents = toCents(body.amount);
  if (cents === null || cents <= 0) fields.amount = 'validation.money';
  else if (cents < config.ps.min * 100) fields.amount = { key: 'money.error.amount_min', params: { min: config.ps.min } };
  else if (cents > config.ps.max * 100) fields.amount = { key: 'money.error.amount_max', params: { max: config.ps.max } };
  else if (cents > finances.available * 100) fields.amount = 'money.error.insufficient_balance';
  for (const field of config.ps.fields) {
    const key = withdrawFieldError(field, typeof body[field.name] === 'string' ? (body[field.name] as string) : undefined);
    if (key) fields[field.name] = key;
  }
  if (Object.keys(fields).length > 0) return { error: fail(request, 'validation', { fields }) };
  return { config, quote: quoteWithdrawal(String(body.amount), config.ps.fee_percent)! };
}

export const paymentsHandlers = [
  http.get('*/api/payment_system/list', ({ request }) => ok({ items: depositSystemsIn(languageOf(request)) })),
  http.get('*/api/deposit/ps', ({ request }) => ok({ items: depositSystemsIn(languageOf(request)) })),
  http.get('*/api/deposit/ps/:id', ({ params, request }) => {
    const ps = depositSystemsIn(languageOf(request)).find((s) => String(s.id) === params.id);
    if (!ps) return fail(request, 'not_found');
    return ok({ ps, integration_url: '/deposit/integration_json' });
  }),
  http.post('*/api/deposit/integration_json', async ({ request }) => {
    const body = await readBody(request);
    const ps = depositSystemsIn(languageOf(request)).find((s) => s.id === body.ps_id);
    const cents = toCents(body.amount);
    if (!ps) return fail(request, 'validation', { fields: { ps_id: 'validation.required' } });
    if (cents === null || cents < ps.min * 100 || cents > ps.max * 100) {
      return fail(request, 'validation', { fields: { amount: { key: 'money.error.amount_min', params: { min: ps.min } } } });
    }
    return ok({ deposit_id: 12, redirect_url: '/sandbox/checkout/story-token', check_url: '/deposit/12/check?token=story-token' });
  }),
  http.post('*/api/deposit/integration_json/check', () => ok({ status: 'completed' })),
  // The page the checkout returns to asks for the payment's check url (a purchase: and its product).
  http.get('*/api/checkout/:kind/:id/return', ({ params, request }) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return fail(request, 'validation', { fields: { id: 'validation.invalid' } });
    if (params.kind === 'purchase') return ok({ check_url: `/purchase/${id}/check?token=purchase-token`, product_id: tournamentEntry.id });
    if (params.kind === 'deposit') return ok({ check_url: `/deposit/${id}/check?token=story-token`, product_id: null });
    return fail(request, 'validation', { fields: { kind: 'validation.invalid' } });
  }),
  // A pending deposit (the fixture's, or another one in the history) can be resumed or cancelled;
  // a finished one is refused as the server refuses it.
  http.get('*/api/deposit/:id/resume', ({ params, request }) => {
    const deposit = depositOf(request, String(params.id));
    if (!deposit) return fail(request, 'not_found', { messageKey: 'money.error.payment_not_found' });
    if (deposit.status !== 'pending') return fail(request, 'not_cancellable', { messageKey: 'money.error.deposit_not_pending' });
    return ok({ deposit_id: deposit.id, redirect_url: '/sandbox/checkout/story-token', check_url: `/deposit/${deposit.id}/check?token=story-token` });
  }),
  http.post('*/api/deposit/:id/cancel', ({ params, request }) => {
    const deposit = depositOf(request, String(params.id));
    if (!deposit) return fail(request, 'not_found', { messageKey: 'money.error.payment_not_found' });
    if (deposit.status === 'completed' || deposit.status === 'failed') {
      return fail(request, 'not_cancellable', { messageKey: 'money.error.deposit_not_pending' });
    }
    const { id, ps_id, ps_name, amount, created_at } = deposit;
    return ok({ deposit: { id, ps_id, ps_name, amount, status: 'cancelled', created_at, completed_at: new Date().toISOString() } });
  }),
  http.get('*/api/deposit/history', ({ request }) => ok(page([], new URL(request.url)))),
  http.get('*/api/payment/history', ({ request }) => {
    const url = new URL(request.url);
    return ok(page(paymentHistoryIn(languageOf(request)).filter(historyFilter(url)), url));
  }),

  http.get('*/api/withdraw/ps', ({ request }) => ok({ items: withdrawSystemsIn(languageOf(request)) })),
  http.get('*/api/withdraw/ps/:id', ({ params, request }) => {
    const config = withdrawConfigsIn(languageOf(request)).find((c) => String(c.ps.id) === params.id);
    return config ? ok(config) : fail(request, 'not_found');
  }),
  http.get('*/api/withdraw/finances', () => ok(finances)),
  http.get('*/api/withdraw/history', ({ request }) => ok(page([pendingWithdrawalIn(languageOf(request))], new URL(request.url)))),
  http.post('*/api/withdraw/:slug/confirm', async ({ params, request }) => {
    const checked = await checkWithdrawForm(request, String(params.slug));
    if (checked.error) return checked.error;
    const withdrawal: Withdrawal = { ...pendingWithdrawalIn(languageOf(request)), ps_id: checked.config.ps.id, slug: checked.config.ps.slug, ps_name: checked.config.ps.name, ...checked.quote };
    return ok({ withdrawal });
  }),
  http.get('*/api/withdraw/:id/cancel', ({ params, request }) =>
    ok({ withdrawal: { ...pendingWithdrawalIn(languageOf(request)), id: Number(params.id) }, cancellable: true }),
  ),
  http.post('*/api/withdraw/:id/cancel', ({ params, request }) =>
    ok({ withdrawal: { ...pendingWithdrawalIn(languageOf(request)), id: Number(params.id), status: 'cancelled', processed_at: new Date().toISOString() } }),
  ),
  // The check call is named by the system: POST /api/{slug}/check.
  http.post('*/api/:slug/check', async ({ params, request }) => {
    const checked = await checkWithdrawForm(request, String(params.slug));
    return checked.error ?? ok(checked.quote);
  }),
];

