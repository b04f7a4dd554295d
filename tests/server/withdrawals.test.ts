import { describe, expect, test } from 'vitest';
import { useTestServer as testServer, XHR } from './harness';
import { balanceCents, createTrader, expectLedgerConsistent, ledgerRows, multipart, type Trader } from './money-fixtures';
import { approveWithdrawal, cancelWithdrawal, processDueWithdrawals, rejectWithdrawal } from '../../server/src/modules/payments/withdrawals';
import { pendingWithdrawals } from '../../server/src/modules/backoffice/withdrawals';
import { ApiError } from '../../server/src/http/errors';

const server = testServer({ keep: ['payment_systems', 'pairs'] });

const CARD = { card_number: '4242 4242 4242 4242', holder_name: 'JOHN SMITH' };
const DECLINED_CARD = { card_number: '4000 0000 0000 0002', holder_name: 'JOHN SMITH' };
const USDT = { address: 'TQ1v2p3q4r5s6t7u8v9w1x2y3z4A5B6C7D' };
const BANK = { iban: 'DE89 3704 0044 0532 0130 00', beneficiary: 'Иван Петров' };

function post(trader: Trader, url: string, fields: Record<string, string>) {
  const { payload, contentType } = multipart(fields);
  return server.app.inject({ method: 'POST', url, headers: { ...trader.headers, 'content-type': contentType }, payload });
}

async function confirm(trader: Trader, fields: Record<string, string>, slug = 'card') {
  const res = await post(trader, `/api/withdraw/${slug}/confirm`, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.withdrawal as { id: number; status: string; amount: number; fee: number; receive: number; destination: string };
}

async function createdAt(id: number, secondsAgo: number) {
  await server.database.db.updateTable('withdrawals').set({ created_at: new Date(Date.now() - secondsAgo * 1000) }).where('id', '=', id).execute();
}

describe('withdraw systems', () => {
  test('lists the systems and gives each one\'s translated fields and urls', async () => {
    const trader = await createTrader(server);
    const list = await server.app.inject({ method: 'GET', url: '/api/withdraw/ps', headers: trader.headers });
    expect(list.json().payload.items.map((s: { url: string }) => s.url)).toEqual(['/withdraw/ps/1', '/withdraw/ps/2', '/withdraw/ps/3']);
    const card = await server.app.inject({ method: 'GET', url: '/api/withdraw/ps/1', headers: { ...trader.headers, 'accept-language': 'ru' } });
    expect(card.json().payload).toMatchObject({
      ps: { slug: 'card', min: 10, max: 5000, fee_percent: 2.5 },
      check_url: '/card/check',
      confirm_url: '/withdraw/card/confirm',
    });
    expect(card.json().payload.ps.fields[0]).toEqual({ name: 'card_number', label: 'Номер карты', type: 'card_number', pattern: '[0-9 ]{12,23}', required: true });
    const usdt = await server.app.inject({ method: 'GET', url: '/api/withdraw/ps/2', headers: trader.headers });
    expect(usdt.json().payload.ps.fields[0].pattern).toBe('^T[1-9A-HJ-NP-Za-km-z]{33}$');
    expect((await server.app.inject({ method: 'GET', url: '/api/withdraw/ps/9', headers: trader.headers })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/withdraw/ps/x', headers: trader.headers })).statusCode).toBe(422);
  });
});

describe('POST /api/{slug}/check', () => {
  test('quotes the fee and what is received', async () => {
    const trader = await createTrader(server, { mainCents: 1000_00 });
    const res = await post(trader, '/api/card/check', { amount: '50.00', ...CARD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ amount: 50, fee: 1.25, receive: 48.75 });
    const usdt = await post(trader, '/api/usdt/check', { amount: '100', ...USDT });
    expect(usdt.json().payload).toEqual({ amount: 100, fee: 1, receive: 99 });
    const bank = await post(trader, '/api/bank/check', { amount: '99.99', ...BANK });
    expect(bank.json().payload).toEqual({ amount: 99.99, fee: 0.5, receive: 99.49 });
    expect(await balanceCents(server, trader.id)).toBe(1000_00);
  });

  test('reads the amount with a decimal comma as Russian writes it, the same as with a point', async () => {
    const trader = await createTrader(server, { mainCents: 1000_00 });
    for (const amount of ['50,5', '50.5', '50,50']) {
      const res = await post(trader, '/api/card/check', { amount, ...CARD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payload).toEqual({ amount: 50.5, fee: 1.27, receive: 49.23 });
    }
    const refused = await post(trader, '/api/card/check', { amount: '1,000', ...CARD });
    expect(refused.statusCode).toBe(422);
  });

  test.each([
    ['card', { amount: '50', card_number: '4242 4242 4242 4241', holder_name: 'JOHN SMITH' }, { card_number: 'This card number is not valid' }],
    ['card', { amount: '50', card_number: '4242424242424242', holder_name: '' }, { holder_name: expect.any(String) }],
    ['card', { amount: '5', ...CARD }, { amount: 'The minimum amount is $10.00' }],
    ['card', { amount: '5000.01', ...CARD }, { amount: 'The maximum amount is $5,000.00' }],
    ['card', { amount: '2000', ...CARD }, { amount: 'The main wallet does not hold this amount' }],
    ['card', { amount: '10.001', ...CARD }, { amount: expect.any(String) }],
    ['card', { amount: '-10', ...CARD }, { amount: expect.any(String) }],
    ['card', { amount: '12abc', ...CARD }, { amount: expect.any(String) }],
    ['card', { ...CARD }, { amount: expect.any(String) }],
    ['card', { amount: '50', ...CARD, iban: 'x' }, { iban: expect.any(String) }],
    ['usdt', { amount: '50', address: 'TQ1v2p3q4r5s6t7u8v9w1x2y3z4A5B6C7O' }, { address: 'The value has the wrong format' }],
    ['usdt', { amount: '50', address: '0x52908400098527886E0F7030069857D2E4169EE7' }, { address: 'The value has the wrong format' }],
    ['bank', { amount: '60', iban: 'DE89 3704 0044 0532 0130 01', beneficiary: 'Jane' }, { iban: 'This IBAN is not valid' }],
  ])('%s %j is refused with the field errors', async (slug, fields, errors) => {
    const trader = await createTrader(server, { mainCents: 1000_00 });
    const res = await post(trader, `/api/${slug}/check`, fields as Record<string, string>);
    expect(res.statusCode).toBe(422);
    expect(res.json().payload.fields).toEqual(errors);
  });

  test('an unknown system is not found; JSON bodies are accepted too', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    expect((await post(trader, '/api/paypal/check', { amount: '50' })).statusCode).toBe(404);
    const json = await server.app.inject({ method: 'POST', url: '/api/card/check', headers: trader.headers, payload: { amount: 20, ...CARD } });
    expect(json.json().payload).toEqual({ amount: 20, fee: 0.5, receive: 19.5 });
  });
});

describe('POST /api/withdraw/{slug}/confirm', () => {
  test('holds the amount at once and answers the pending withdrawal', async () => {
    const trader = await createTrader(server, { mainCents: 300_00 });
    const res = await post(trader, '/api/withdraw/card/confirm', { amount: '50', ...CARD });
    expect(res.statusCode).toBe(200);
    const { withdrawal } = res.json().payload;
    expect(withdrawal).toMatchObject({ status: 'pending', amount: 50, fee: 1.25, receive: 48.75, destination: '**** 4242', slug: 'card' });
    expect(res.json().user.wallets).toContainEqual({ wallet_type: 'main', amount: 250 });
    expect(await ledgerRows(server, 'withdrawal_hold', 'withdrawal', withdrawal.id)).toHaveLength(1);
    const finances = await server.app.inject({ method: 'GET', url: '/api/withdraw/finances', headers: trader.headers });
    expect(finances.json().payload).toEqual({ balance: 250, pending: 50, available: 250, min: 10, max: 20000, verification: { verified: false, threshold: 2000 } });
  });

  test('refuses what the check refuses and more than the balance, moving nothing', async () => {
    const trader = await createTrader(server, { mainCents: 30_00 });
    expect((await post(trader, '/api/withdraw/card/confirm', { amount: '40', ...CARD })).statusCode).toBe(422);
    expect((await post(trader, '/api/withdraw/card/confirm', { amount: '20', card_number: '1234', holder_name: 'A B' })).statusCode).toBe(422);
    expect(await balanceCents(server, trader.id)).toBe(30_00);
    expect(await server.database.db.selectFrom('withdrawals').selectAll().execute()).toHaveLength(0);
  });

  test('operators and anonymous callers cannot withdraw', async () => {
    const operator = await createTrader(server, { role: 'operator', mainCents: 100_00 });
    expect((await post(operator, '/api/withdraw/card/confirm', { amount: '20', ...CARD })).statusCode).toBe(403);
    const { payload, contentType } = multipart({ amount: '20', ...CARD });
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...XHR, 'content-type': contentType }, payload });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('cancel', () => {
  test('a pending withdrawal is cancellable and cancelling refunds it once', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    const w = await confirm(trader, { amount: '60', ...CARD });
    const info = await server.app.inject({ method: 'GET', url: `/api/withdraw/${w.id}/cancel`, headers: trader.headers });
    expect(info.json().payload).toMatchObject({ cancellable: true, withdrawal: { id: w.id, status: 'pending' } });
    const res = await server.app.inject({ method: 'POST', url: `/api/withdraw/${w.id}/cancel`, headers: trader.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.withdrawal.status).toBe('cancelled');
    expect(res.json().user.wallets).toContainEqual({ wallet_type: 'main', amount: 100 });
    const again = await server.app.inject({ method: 'POST', url: `/api/withdraw/${w.id}/cancel`, headers: trader.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().payload.code).toBe('not_cancellable');
    const after = await server.app.inject({ method: 'GET', url: `/api/withdraw/${w.id}/cancel`, headers: trader.headers });
    expect(after.json().payload.cancellable).toBe(false);
    expect(await balanceCents(server, trader.id)).toBe(100_00);
    expect(await ledgerRows(server, 'withdrawal_refund', 'withdrawal', w.id)).toHaveLength(1);
  });

  test('another trader\'s withdrawal is not found; a bad id is refused', async () => {
    const owner = await createTrader(server, { mainCents: 100_00 });
    const other = await createTrader(server);
    const w = await confirm(owner, { amount: '60', ...CARD });
    expect((await server.app.inject({ method: 'GET', url: `/api/withdraw/${w.id}/cancel`, headers: other.headers })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: `/api/withdraw/${w.id}/cancel`, headers: other.headers })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/api/withdraw/abc/cancel', headers: other.headers })).statusCode).toBe(422);
    expect(await balanceCents(server, owner.id)).toBe(40_00);
  });
});

describe('processing', () => {
  test('pending withdrawals are paid out after the delay; a declined card is rejected and refunded', async () => {
    const trader = await createTrader(server, { mainCents: 500_00 });
    const paid = await confirm(trader, { amount: '100', ...CARD });
    const declined = await confirm(trader, { amount: '50', ...DECLINED_CARD });
    const fresh = await confirm(trader, { amount: '10', ...CARD });
    await createdAt(paid.id, 200);
    await createdAt(declined.id, 200);
    const outcomes = await processDueWithdrawals(server.database.db, new Date(), { withdrawDelay: 120 });
    expect(outcomes).toEqual([
      { id: paid.id, status: 'completed' },
      { id: declined.id, status: 'rejected' },
    ]);
    expect(await processDueWithdrawals(server.database.db, new Date(), { withdrawDelay: 120 })).toEqual([]);
    expect(await balanceCents(server, trader.id)).toBe(500_00 - 100_00 - 10_00);
    const history = await server.app.inject({ method: 'GET', url: '/api/withdraw/history', headers: trader.headers });
    expect(history.json().payload.items.map((w: { id: number; status: string }) => [w.id, w.status])).toEqual([
      [fresh.id, 'pending'],
      [declined.id, 'rejected'],
      [paid.id, 'completed'],
    ]);
    const rejected = await server.app.inject({ method: 'GET', url: '/api/withdraw/history?status=rejected', headers: trader.headers });
    expect(rejected.json().payload).toMatchObject({ total: 1, items: [{ id: declined.id, destination: '**** 0002' }] });
    const notices = await server.database.db.selectFrom('notifications').select('title').where('user_id', '=', trader.id).orderBy('id').execute();
    expect(notices.map((n) => n.title)).toEqual([
      'Your withdrawal of $100.00 has been paid out',
      'Your withdrawal of $50.00 was rejected and returned to the main wallet',
    ]);
    await expectLedgerConsistent(server);
  });

  test('a cancel racing the processing ends in exactly one outcome', async () => {
    const seen = new Set<string>();
    const after = <T>(ms: number, run: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));
    // Rounds start both at once, or give one side a head start, so that (with PGlite's single
    // connection as with a PostgreSQL pool) each side wins some rounds.
    const headStarts = [0, 0, 0, 0, 30, 30, 80, 80];
    for (let round = 0; round < headStarts.length; round += 1) {
      const trader = await createTrader(server, { mainCents: 100_00 });
      const w = await confirm(trader, { amount: '100', ...(round % 2 ? DECLINED_CARD : CARD) });
      await createdAt(w.id, 500);
      const cancelFirst = round % 4 < 2;
      const lead = headStarts[round]!;
      const [cancel, processed] = await Promise.allSettled([
        after<unknown>(cancelFirst ? 0 : lead, () =>
          round % 3 === 0
            ? cancelWithdrawal(server.database.db, undefined, trader.id, w.id)
            : server.app.inject({ method: 'POST', url: `/api/withdraw/${w.id}/cancel`, headers: trader.headers }).then((r) => {
                if (r.statusCode !== 200) throw new ApiError(r.json().payload.code);
                return r;
              }),
        ),
        after(cancelFirst ? lead : 0, () => processDueWithdrawals(server.database.db, new Date(), { withdrawDelay: 120 })),
      ]);
      const row = await server.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow();
      const processedIt = processed.status === 'fulfilled' && processed.value.some((o) => o.id === w.id);
      expect(cancel.status === 'fulfilled').not.toBe(processedIt);
      if (cancel.status === 'fulfilled') expect(row.status).toBe('cancelled');
      else expect((cancel.reason as ApiError).code).toBe('not_cancellable');
      const refunds = await ledgerRows(server, 'withdrawal_refund', 'withdrawal', w.id);
      expect(refunds).toHaveLength(row.status === 'completed' ? 0 : 1);
      expect(await balanceCents(server, trader.id)).toBe(row.status === 'completed' ? 0 : 100_00);
      seen.add(row.status);
    }
    // Both sides won some rounds.
    expect(seen.has('cancelled')).toBe(true);
    expect(seen.has('completed') || seen.has('rejected')).toBe(true);
    await expectLedgerConsistent(server);
  });

  test('the back office approves or rejects a pending withdrawal once', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    const a = await confirm(trader, { amount: '30', ...CARD });
    const b = await confirm(trader, { amount: '20', ...CARD });
    const pending = await pendingWithdrawals(server.database.db);
    expect(pending.map((p) => [p.id, p.amount_cents])).toEqual([
      [a.id, 30_00],
      [b.id, 20_00],
    ]);
    expect(await approveWithdrawal(server.database.db, a.id)).toBe(true);
    expect(await approveWithdrawal(server.database.db, a.id)).toBe(false);
    expect(await rejectWithdrawal(server.database.db, a.id)).toBe(false);
    expect(await rejectWithdrawal(server.database.db, b.id, { reason: 'money.withdraw.reject.operator' })).toBe(true);
    expect(await rejectWithdrawal(server.database.db, b.id)).toBe(false);
    expect(await balanceCents(server, trader.id)).toBe(70_00);
    const row = await server.database.db.selectFrom('withdrawals').select(['status', 'reject_reason']).where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'rejected', reject_reason: 'money.withdraw.reject.operator' });
    expect(await pendingWithdrawals(server.database.db)).toEqual([]);
    await expectLedgerConsistent(server);
  });
});

describe('history and finances', () => {
  test('withdraw history is paged; finances of a new trader are zero', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    for (const amount of ['10', '11', '12']) await confirm(trader, { amount, ...CARD });
    const page = await server.app.inject({ method: 'GET', url: '/api/withdraw/history?page=2&per_page=2', headers: trader.headers });
    expect(page.json().payload).toMatchObject({ page: 2, per_page: 2, total: 3, items: [{ amount: 10 }] });
    expect((await server.app.inject({ method: 'GET', url: '/api/withdraw/history?status=lost', headers: trader.headers })).statusCode).toBe(422);
    const fresh = await createTrader(server);
    const finances = await server.app.inject({ method: 'GET', url: '/api/withdraw/finances', headers: fresh.headers });
    expect(finances.json().payload).toEqual({ balance: 0, pending: 0, available: 0, min: 10, max: 20000, verification: { verified: false, threshold: 2000 } });
    expect((await server.app.inject({ method: 'GET', url: '/api/withdraw/finances', headers: XHR })).statusCode).toBe(401);
  });
});

describe('POST /api/wallet/demo/reset', () => {
  test('puts a demo wallet below 10000.00 back to 10000.00, and only then', async () => {
    const trader = await createTrader(server);
    const full = await server.app.inject({ method: 'POST', url: '/api/wallet/demo/reset', headers: trader.headers, payload: {} });
    expect(full.statusCode).toBe(422);
    await server.database.db.transaction().execute(async (trx) => {
      const { moveMoney } = await import('../../server/src/modules/wallet/ledger');
      await moveMoney(trx, { userId: trader.id, walletType: 'demo', kind: 'stake', amountCents: -2500_00, refType: 'bet', refId: 1 });
    });
    const res = await server.app.inject({ method: 'POST', url: '/api/wallet/demo/reset', headers: trader.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toEqual({ wallet: { wallet_type: 'demo', amount: 10000 } });
    expect(res.json().user.wallets).toContainEqual({ wallet_type: 'demo', amount: 10000 });
    expect(await balanceCents(server, trader.id, 'demo')).toBe(10000_00);
    const again = await server.app.inject({ method: 'POST', url: '/api/wallet/demo/reset', headers: trader.headers, payload: {} });
    expect(again.statusCode).toBe(422);
    const junk = await server.app.inject({ method: 'POST', url: '/api/wallet/demo/reset', headers: trader.headers, payload: { amount: 5 } });
    expect(junk.statusCode).toBe(422);
    await expectLedgerConsistent(server);
  });
});
