import { describe, expect, test } from 'vitest';
import { useTestServer as testServer, XHR } from './harness';
import {
  balanceCents,
  checkoutTokenOf,
  createTrader,
  decide,
  expectLedgerConsistent,
  ledgerRows,
  publicIdOf,
  signWebhook,
  type Trader,
} from './money-fixtures';
import type { ServerMessage } from '../../src/api/contract/realtime';
import { expireAbandonedDeposits } from '../../server/src/modules/payments/checkout-payments';

const server = testServer({ keep: ['payment_systems', 'pairs'] });

async function startDeposit(trader: Trader, amount: number, psId = 1) {
  const res = await server.app.inject({ method: 'POST', url: '/api/deposit/integration_json', headers: trader.headers, payload: { ps_id: psId, amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { deposit_id: number; redirect_url: string; check_url: string };
}

async function check(trader: Trader, url: string) {
  return server.app.inject({ method: 'POST', url: '/api/deposit/integration_json/check', headers: trader.headers, payload: { url } });
}

function webhook(body: string, signature: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    payload: body,
  });
}

describe('POST /api/deposit/integration_json', () => {
  test('starts a pending deposit with the checkout and check urls', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 100);
    expect(deposit.redirect_url).toMatch(/^\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    expect(deposit.check_url).toMatch(/^\/sandbox\/status\/[0-9a-f-]{36}$/);
    const res = await check(trader, deposit.check_url);
    expect(res.json().payload).toEqual({ status: 'pending' });
    expect(await balanceCents(server, trader.id)).toBe(0);
  });

  test.each([
    [{ ps_id: 1, amount: 9.99 }, 'amount', 'The minimum amount is $10.00'],
    [{ ps_id: 1, amount: 5000.01 }, 'amount', 'The maximum amount is $5,000.00'],
    [{ ps_id: 1, amount: 10.001 }, 'amount', undefined],
    [{ ps_id: 1, amount: -10 }, 'amount', undefined],
    [{ ps_id: 1, amount: '10' }, 'amount', undefined],
    [{ ps_id: 1 }, 'amount', undefined],
    [{ ps_id: 1, amount: 10, extra: 1 }, 'extra', undefined],
  ])('refuses %j with a field error', async (payload, field, message) => {
    const trader = await createTrader(server);
    const res = await server.app.inject({ method: 'POST', url: '/api/deposit/integration_json', headers: trader.headers, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().payload.code).toBe('validation');
    expect(res.json().payload.fields[field]).toBeTypeOf('string');
    if (message) expect(res.json().payload.fields[field]).toBe(message);
    expect(await server.database.db.selectFrom('deposits').selectAll().execute()).toHaveLength(0);
  });

  test('an unknown payment system is not found', async () => {
    const trader = await createTrader(server);
    const res = await server.app.inject({ method: 'POST', url: '/api/deposit/integration_json', headers: trader.headers, payload: { ps_id: 99, amount: 100 } });
    expect(res.statusCode).toBe(404);
  });

  test('needs a signed-in trader, the web app header, and no operator', async () => {
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/deposit/integration_json', headers: XHR, payload: { ps_id: 1, amount: 100 } });
    expect(anonymous.statusCode).toBe(401);
    const trader = await createTrader(server);
    const { 'x-requested-with': _, ...noXhr } = trader.headers;
    const crossSite = await server.app.inject({ method: 'POST', url: '/api/deposit/integration_json', headers: noXhr, payload: { ps_id: 1, amount: 100 } });
    expect(crossSite.statusCode).toBe(403);
    const operator = await createTrader(server, { role: 'operator' });
    const res = await server.app.inject({ method: 'POST', url: '/api/deposit/integration_json', headers: operator.headers, payload: { ps_id: 1, amount: 100 } });
    expect(res.statusCode).toBe(403);
  });
});

describe('the sandbox checkout', () => {
  test('renders the payment in the cookie language with a tokened form and no script', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 100);
    const ru = await server.app.inject({ method: 'GET', url: deposit.redirect_url, headers: { cookie: 'i18n_redirected=ru' } });
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toContain('text/html');
    expect(ru.body).toContain('Оплатить');
    expect(ru.body).toContain('Bank card (test)');
    expect(ru.body).not.toMatch(/<script/i);
    expect(ru.body).toContain(`value="${await checkoutTokenOf(server, publicIdOf(deposit.redirect_url))}"`);
    const en = await server.app.inject({ method: 'GET', url: deposit.redirect_url, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body).toContain('>Pay<');
    expect(en.body).toContain('$100.00');
  });

  test('an unknown or malformed checkout is not found', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/sandbox/checkout/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    const malformed = await server.app.inject({ method: 'GET', url: '/sandbox/checkout/42' });
    expect(malformed.statusCode).toBe(422);
  });

  test('approving credits the main wallet once, notifies, and sends the browser back', async () => {
    const trader = await createTrader(server);
    const messages: ServerMessage[] = [];
    const off = server.app.bus.onUser((userId, message) => userId === trader.id && messages.push(message));
    const deposit = await startDeposit(trader, 100);
    const res = await decide(server, deposit.redirect_url, 'approve');
    off();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/deposit?deposit_id=${deposit.deposit_id}`);
    expect(await balanceCents(server, trader.id)).toBe(100_00);
    expect(await ledgerRows(server, 'deposit', 'deposit', deposit.deposit_id)).toHaveLength(1);
    expect(messages.map((m) => m.type).sort()).toEqual(['notification', 'wallets']);
    const notification = await server.database.db.selectFrom('notifications').selectAll().where('user_id', '=', trader.id).executeTakeFirstOrThrow();
    expect(notification.title).toBe('Your deposit of $100.00 has been credited to the main wallet');

    const checked = await check(trader, deposit.check_url);
    expect(checked.json().payload).toEqual({ status: 'completed' });
    expect(checked.json().user.wallets).toContainEqual({ wallet_type: 'main', amount: 100 });
    const page = await server.app.inject({ method: 'GET', url: deposit.redirect_url, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('already been completed');
    expect(page.body).not.toContain('<form');
  });

  test('a replayed approval credits once', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 250.5);
    for (let i = 0; i < 3; i += 1) expect((await decide(server, deposit.redirect_url, 'approve')).statusCode).toBe(303);
    expect(await balanceCents(server, trader.id)).toBe(250_50);
    expect(await ledgerRows(server, 'deposit', 'deposit', deposit.deposit_id)).toHaveLength(1);
    await expectLedgerConsistent(server);
  });

  test('approvals and provider events arriving at once credit once', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 75);
    const publicId = publicIdOf(deposit.redirect_url);
    const events = Array.from({ length: 4 }, (_, i) =>
      JSON.stringify({ event_id: `parallel-${i}`, payment_id: publicId, status: 'approved', amount_cents: 75_00 }),
    );
    const answers = await Promise.all([
      decide(server, deposit.redirect_url, 'approve'),
      decide(server, deposit.redirect_url, 'approve'),
      ...events.map((body) => webhook(body, signWebhook(server, body))),
    ]);
    expect(answers.every((a) => a.statusCode < 400)).toBe(true);
    const results = answers.slice(2).map((a) => a.json().payload.result);
    expect(results.filter((r) => r === 'applied').length).toBeLessThanOrEqual(1);
    expect(await balanceCents(server, trader.id)).toBe(75_00);
    expect(await ledgerRows(server, 'deposit', 'deposit', deposit.deposit_id)).toHaveLength(1);
    await expectLedgerConsistent(server);
  });

  test('declining fails the deposit; a later approval changes nothing', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 100);
    expect((await decide(server, deposit.redirect_url, 'decline')).statusCode).toBe(303);
    expect((await check(trader, deposit.check_url)).json().payload).toEqual({ status: 'failed' });
    await decide(server, deposit.redirect_url, 'approve');
    expect((await check(trader, deposit.check_url)).json().payload).toEqual({ status: 'failed' });
    expect(await balanceCents(server, trader.id)).toBe(0);
  });

  test('a post without the form token (a cross-site form) moves nothing', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 100);
    const wrong = await decide(server, deposit.redirect_url, 'approve', 'forged-token');
    expect(wrong.statusCode).toBe(403);
    const missing = await server.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${publicIdOf(deposit.redirect_url)}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(missing.statusCode).toBe(422);
    expect(await balanceCents(server, trader.id)).toBe(0);
    expect((await check(trader, deposit.check_url)).json().payload).toEqual({ status: 'pending' });
  });
});

describe('POST /api/payments/webhook/sandbox', () => {
  const eventFor = (publicId: string, amountCents: number, status = 'approved', eventId = `${publicId}.approve`) =>
    JSON.stringify({ event_id: eventId, payment_id: publicId, status, amount_cents: amountCents });

  test('a signed event credits once; the same event replayed changes nothing', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 40);
    const body = eventFor(publicIdOf(deposit.redirect_url), 40_00);
    const first = await webhook(body, signWebhook(server, body));
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toEqual({ result: 'applied' });
    const replay = await webhook(body, signWebhook(server, body));
    expect(replay.json().payload).toEqual({ result: 'replayed' });
    const otherEvent = eventFor(publicIdOf(deposit.redirect_url), 40_00, 'approved', 'another-event-id');
    expect((await webhook(otherEvent, signWebhook(server, otherEvent))).json().payload).toEqual({ result: 'already_settled' });
    expect(await balanceCents(server, trader.id)).toBe(40_00);
  });

  test('a forged signature credits nothing', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 40);
    const body = eventFor(publicIdOf(deposit.redirect_url), 40_00);
    const forged = await webhook(body, signWebhook(server, body).replace(/^./, (c) => (c === 'a' ? 'b' : 'a')));
    expect(forged.statusCode).toBe(403);
    const otherSecret = await webhook(body, 'f'.repeat(64));
    expect(otherSecret.statusCode).toBe(403);
    const unsigned = await webhook(body, '');
    expect(unsigned.statusCode).toBe(403);
    const tampered = eventFor(publicIdOf(deposit.redirect_url), 4000_00);
    expect((await webhook(tampered, signWebhook(server, body))).statusCode).toBe(403);
    expect(await balanceCents(server, trader.id)).toBe(0);
    expect((await check(trader, deposit.check_url)).json().payload).toEqual({ status: 'pending' });
  });

  test('a signed event with another amount or an unknown payment is refused', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 40);
    const wrongAmount = eventFor(publicIdOf(deposit.redirect_url), 41_00);
    expect((await webhook(wrongAmount, signWebhook(server, wrongAmount))).statusCode).toBe(422);
    const unknown = eventFor('00000000-0000-4000-8000-000000000000', 40_00);
    expect((await webhook(unknown, signWebhook(server, unknown))).statusCode).toBe(404);
    const malformed = '{"event_id": 1}';
    expect((await webhook(malformed, signWebhook(server, malformed))).statusCode).toBe(403);
    expect(await balanceCents(server, trader.id)).toBe(0);
  });
});

describe('POST /api/deposit/integration_json/check', () => {
  test('refuses a url that is not a status url, and another trader\'s payment', async () => {
    const owner = await createTrader(server);
    const other = await createTrader(server);
    const deposit = await startDeposit(owner, 100);
    const bad = await check(owner, 'https://evil.example/status');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().payload.fields.url).toBeTypeOf('string');
    expect((await check(other, deposit.check_url)).statusCode).toBe(404);
    const empty = await server.app.inject({ method: 'POST', url: '/api/deposit/integration_json/check', headers: owner.headers, payload: {} });
    expect(empty.statusCode).toBe(422);
  });
});

describe('history', () => {
  test('deposit history is paged and filtered by status', async () => {
    const trader = await createTrader(server);
    const a = await startDeposit(trader, 10);
    await startDeposit(trader, 20);
    const c = await startDeposit(trader, 30);
    await decide(server, a.redirect_url, 'approve');
    await decide(server, c.redirect_url, 'decline');
    const all = await server.app.inject({ method: 'GET', url: '/api/deposit/history?per_page=2', headers: trader.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().payload).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(all.json().payload.items.map((d: { amount: number }) => d.amount)).toEqual([30, 20]);
    const page2 = await server.app.inject({ method: 'GET', url: '/api/deposit/history?per_page=2&page=2', headers: trader.headers });
    expect(page2.json().payload.items.map((d: { amount: number }) => d.amount)).toEqual([10]);
    const completed = await server.app.inject({ method: 'GET', url: '/api/deposit/history?status=completed', headers: trader.headers });
    expect(completed.json().payload.items).toEqual([expect.objectContaining({ amount: 10, status: 'completed', ps_name: 'Bank card (test)' })]);
    // The system's name in the reader's language, in the deposit and the finance history alike.
    const ru = { ...trader.headers, 'accept-language': 'ru' };
    const ruDeposits = await server.app.inject({ method: 'GET', url: '/api/deposit/history?status=completed', headers: ru });
    expect(ruDeposits.json().payload.items[0].ps_name).toBe('Банковская карта (тест)');
    const ruFinances = await server.app.inject({ method: 'GET', url: '/api/payment/history', headers: ru });
    expect(ruFinances.json().payload.items.map((item: { ps_name: string }) => item.ps_name)).toContain('Банковская карта (тест)');
    const bad = await server.app.inject({ method: 'GET', url: '/api/deposit/history?per_page=1000', headers: trader.headers });
    expect(bad.statusCode).toBe(422);
    const other = await createTrader(server);
    const none = await server.app.inject({ method: 'GET', url: '/api/deposit/history', headers: other.headers });
    expect(none.json().payload.total).toBe(0);
  });

  test('payment history lists deposits and withdrawals together, with filters', async () => {
    const trader = await createTrader(server);
    const deposit = await startDeposit(trader, 200);
    await decide(server, deposit.redirect_url, 'approve');
    const { payload, contentType } = (await import('./money-fixtures')).multipart({
      amount: '50', card_number: '4242 4242 4242 4242', holder_name: 'JOHN SMITH',
    });
    const confirmed = await server.app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...trader.headers, 'content-type': contentType }, payload });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const all = await server.app.inject({ method: 'GET', url: '/api/payment/history', headers: trader.headers });
    expect(all.json().payload.total).toBe(2);
    expect(all.json().payload.items.map((p: { key: string }) => p.key)).toEqual([
      `withdrawal-${confirmed.json().payload.withdrawal.id}`,
      `deposit-${deposit.deposit_id}`,
    ]);
    const withdrawals = await server.app.inject({ method: 'GET', url: '/api/payment/history?type=withdrawal', headers: trader.headers });
    expect(withdrawals.json().payload.items).toEqual([expect.objectContaining({ type: 'withdrawal', amount: 50, fee: 1.25, status: 'pending' })]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await server.app.inject({ method: 'GET', url: `/api/payment/history?from=${today}&to=${today}&status=completed`, headers: trader.headers });
    expect(dated.json().payload.items).toEqual([expect.objectContaining({ type: 'deposit', status: 'completed' })]);
    const future = await server.app.inject({ method: 'GET', url: '/api/payment/history?from=2999-01-01', headers: trader.headers });
    expect(future.json().payload.total).toBe(0);
    const bad = await server.app.inject({ method: 'GET', url: '/api/payment/history?type=bet', headers: trader.headers });
    expect(bad.statusCode).toBe(422);
  });
});

describe('abandoned deposits', () => {
  test('a checkout left open past DEPOSIT_EXPIRY is cancelled, said with the same word, and a late approval changes nothing', async () => {
    const trader = await createTrader(server);
    const left = await startDeposit(trader, 100);
    const fresh = await startDeposit(trader, 50);
    const { db } = server.database;
    await db.updateTable('deposits').set({ created_at: new Date(Date.now() - 2 * 3600_000) }).where('id', '=', left.deposit_id).execute();

    expect(await expireAbandonedDeposits(db, new Date(), { expirySeconds: 3600 })).toBe(1);
    const statuses = await db.selectFrom('deposits').select(['id', 'status']).where('user_id', '=', trader.id).orderBy('id').execute();
    expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'pending']);
    expect(statuses[1]!.id).toBe(fresh.deposit_id);

    const notices = await server.app.inject({ method: 'GET', url: '/api/content/menu', headers: trader.headers });
    expect(notices.json().notifications[0].title).toBe('Your deposit of $100.00 was cancelled: the payment was not finished');
    const history = await server.app.inject({ method: 'GET', url: '/api/deposit/history?page=1&per_page=10', headers: trader.headers });
    expect(history.json().payload.items.map((item: { status: string }) => item.status)).toContain('cancelled');

    // The provider answers after all: the cancelled deposit stays cancelled, nothing is credited.
    await decide(server, left.redirect_url, 'approve');
    expect(await balanceCents(server, trader.id)).toBe(0);
    expect(await expireAbandonedDeposits(db, new Date(), { expirySeconds: 3600 })).toBe(0);
  });
});

describe('resuming and cancelling one\'s own pending deposit', () => {
  const cancel = (trader: Trader, id: number | string, payload?: Record<string, string>) =>
    server.app.inject({ method: 'POST', url: `/api/deposit/${id}/cancel`, headers: trader.headers, ...(payload === undefined ? {} : { payload }) });
  const resume = (trader: Trader, id: number | string) => server.app.inject({ method: 'GET', url: `/api/deposit/${id}/resume`, headers: trader.headers });
  const statusOf = async (id: number) =>
    (await server.database.db.selectFrom('deposits').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  test('resume answers the same checkout and check urls; paying there credits the deposit', async () => {
    const trader = await createTrader(server);
    const started = await startDeposit(trader, 120);
    const res = await resume(trader, started.deposit_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual(started);
    await decide(server, res.json().payload.redirect_url, 'approve');
    expect(await balanceCents(server, trader.id)).toBe(120_00);
    const again = await resume(trader, started.deposit_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().payload.message).toBe('This deposit is already finished and can no longer be continued or cancelled');
  });

  test('cancel ends the pending deposit once; again answers the same; a late approval credits nothing', async () => {
    const trader = await createTrader(server);
    const started = await startDeposit(trader, 80);
    const first = await cancel(trader, started.deposit_id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payload.deposit).toMatchObject({ id: started.deposit_id, amount: 80, status: 'cancelled', ps_name: 'Bank card (test)' });
    const second = await cancel(trader, started.deposit_id, {});
    expect(second.statusCode).toBe(200);
    expect(second.json().payload.deposit).toEqual(first.json().payload.deposit);
    expect(await statusOf(started.deposit_id)).toBe('cancelled');
    expect((await resume(trader, started.deposit_id)).statusCode).toBe(409);
    await decide(server, started.redirect_url, 'approve');
    expect(await balanceCents(server, trader.id)).toBe(0);
    expect((await check(trader, started.check_url)).json().payload).toEqual({ status: 'failed' });
  });

  test('a finished deposit is refused in the trader\'s language and stays as it is', async () => {
    const trader = await createTrader(server, { locale: 'ru' });
    const paid = await startDeposit(trader, 60);
    await decide(server, paid.redirect_url, 'approve');
    const declined = await startDeposit(trader, 70);
    await decide(server, declined.redirect_url, 'decline');
    for (const deposit of [paid, declined]) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/deposit/${deposit.deposit_id}/cancel`,
        headers: { ...trader.headers, 'accept-language': 'ru' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().payload).toMatchObject({ code: 'not_cancellable', message: 'Это пополнение уже завершено: продолжить или отменить его нельзя' });
    }
    expect(await statusOf(paid.deposit_id)).toBe('completed');
    expect(await statusOf(declined.deposit_id)).toBe('failed');
    expect(await balanceCents(server, trader.id)).toBe(60_00);
  });

  test('another trader\'s deposit is not found and changes nothing; bad ids and bodies are refused', async () => {
    const owner = await createTrader(server);
    const other = await createTrader(server);
    const started = await startDeposit(owner, 90);
    for (const res of [await cancel(other, started.deposit_id), await resume(other, started.deposit_id), await cancel(other, 999_999)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().payload.message).toBe('Payment not found');
    }
    expect(await statusOf(started.deposit_id)).toBe('pending');
    expect((await cancel(owner, 'abc')).statusCode).toBe(422);
    expect((await cancel(owner, started.deposit_id, { reason: 'x' })).statusCode).toBe(422);
    const anonymous = await server.app.inject({ method: 'POST', url: `/api/deposit/${started.deposit_id}/cancel`, headers: XHR });
    expect(anonymous.statusCode).toBe(401);
    expect(await statusOf(started.deposit_id)).toBe('pending');
  });
});
