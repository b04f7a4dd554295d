import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { signUp, signUpOperator, useTestServer as testServer, XHR } from './harness';
import { addTick, balanceCents, betRequest, ledgerSumCents, place, placeOk, setDemoBalance, TRADING_KEEP } from './trading-support';
import { betHistoryPayloadSchema, betInfoPayloadSchema, betListPayloadSchema, betSchema } from '../../src/api/contract/bets';
import { placeBet } from '../../server/src/modules/bets/placement';
import { settleDue } from '../../server/src/jobs/settlement';
import type { ServerMessage } from '../../src/api/contract/realtime';

const server = testServer({ keep: TRADING_KEEP });
const db = () => server.database.db;

describe('placing a bet', () => {
  test('debits the stake once with its ledger row, locks the payout, answers the bet and the user', async () => {
    const trader = await signUp(server.app);
    const seen: ServerMessage[] = [];
    const off = server.app.bus.onUser((userId, message) => userId === trader.userId && seen.push(message));
    const quote = await addTick(db(), 'eurusd', 1.15001, Date.now() - 1500);
    const entry = await addTick(db(), 'eurusd', 1.15004);
    const before = Date.now();
    const response = await place(server.app, trader.cookie, betRequest(quote.id, { amount: 12.34 }));
    off();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const bet = betSchema.parse(body.payload.bet);
    expect(bet).toMatchObject({
      wallet_type: 'demo', pair_id: 'eurusd', symbol: 'EUR/USD', direction: 'up', amount: 12.34,
      payout_percent: 88, open_rate: 1.15004, open_rate_id: entry.id, status: 'open',
    });
    expect(bet.profit).toBeUndefined();
    const opened = Date.parse(bet.opened_at);
    expect(opened).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(bet.expires_at) - opened).toBe(30_000);
    expect(body.user.wallets).toContainEqual({ wallet_type: 'demo', amount: 10000 - 12.34 });
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 1234);
    expect(await ledgerSumCents(db(), trader.userId)).toBe(1_000_000 - 1234);
    const stake = await db().selectFrom('ledger_entries').selectAll().where('kind', '=', 'stake').execute();
    expect(stake).toMatchObject([{ amount_cents: -1234, ref_type: 'bet', ref_id: String(bet.id), wallet_type: 'demo' }]);
    expect(seen.map((m) => m.type)).toEqual(['bet', 'wallets']);

    // The payout stays what it was at placement even if the pair's payout changes.
    await db().updateTable('pairs').set({ payout_percent: 70 }).where('id', '=', 'eurusd').execute();
    try {
      const info = await server.app.inject({ method: 'GET', url: `/api/bet/${bet.id}/info`, headers: { ...XHR, cookie: trader.cookie } });
      expect(info.json().payload.bet.payout_percent).toBe(88);
    } finally {
      await db().updateTable('pairs').set({ payout_percent: 88 }).where('id', '=', 'eurusd').execute();
    }
  });

  test('needs a signed-in trader: anonymous 401, operator 403', async () => {
    const tick = await addTick(db(), 'eurusd', 1.1);
    expect((await place(server.app, '', betRequest(tick.id))).statusCode).toBe(401);
    const operator = await signUpOperator(server.app);
    expect((await place(server.app, operator.cookie, betRequest(tick.id))).statusCode).toBe(403);
  });

  test('rejects malformed requests with field errors and changes nothing', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const cases: [unknown, string][] = [
      [{ ...betRequest(tick.id), extra: 1 }, 'extra'],
      [{ ...betRequest(tick.id), interval: undefined }, 'interval'],
      [{ ...betRequest(tick.id), end_time: new Date(Date.now() + 120_000).toISOString() }, 'end_time'],
      [betRequest(tick.id, { amount: 1.234 }), 'amount'],
      [betRequest(tick.id, { amount: -5 }), 'amount'],
      [{ ...betRequest(tick.id), amount: '10' }, 'amount'],
      [betRequest(tick.id, { direction: 'sideways' as 'up' }), 'direction'],
      [betRequest(tick.id, { wallet_type: 'gold' as 'demo' }), 'wallet_type'],
      [betRequest(tick.id, { interval: 45 }), 'interval'],
      [betRequest(tick.id, { amount: 0.99 }), 'amount'],
      [betRequest(tick.id, { amount: 1000.01 }), 'amount'],
      [betRequest(tick.id, { pair_id: 'xxxyyy' }), 'pair_id'],
    ];
    for (const [body, field] of cases) {
      const response = await place(server.app, trader.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().payload.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const limits = await place(server.app, trader.cookie, betRequest(tick.id, { amount: 0.5 }));
    expect(limits.json().payload.fields.amount).toBeTruthy();
    const noKey = await server.app.inject({ method: 'POST', url: '/api/bet/user/place', headers: { ...XHR, cookie: trader.cookie }, payload: betRequest(tick.id) });
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().payload.fields).toHaveProperty('idempotency-key');
    expect((await place(server.app, trader.cookie, betRequest(tick.id), 'not-a-uuid')).statusCode).toBe(422);
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000);
    expect(await db().selectFrom('bets').select('id').execute()).toEqual([]);
  });

  test('end_time: on a minute boundary, at least the purchase cutoff away; the bet expires then', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const now = Date.now();
    const nextMinute = Math.ceil(now / 60_000) * 60_000;
    const tooSoon = nextMinute - now < 30_000 ? nextMinute : nextMinute - 60_000;
    const soonRefused = await place(server.app, trader.cookie, { ...betRequest(tick.id), interval: undefined, end_time: new Date(tooSoon).toISOString() });
    expect(soonRefused.statusCode).toBe(422);
    expect(soonRefused.json().payload.fields.end_time).toContain('30');
    const offGrid = await place(server.app, trader.cookie, { ...betRequest(tick.id), interval: undefined, end_time: new Date(nextMinute + 90_000).toISOString() });
    expect(offGrid.json().payload.fields).toHaveProperty('end_time');
    const far = await place(server.app, trader.cookie, { ...betRequest(tick.id), interval: undefined, end_time: new Date(nextMinute + 25 * 3600_000).toISOString() });
    expect(far.json().payload.fields).toHaveProperty('end_time');
    const end = nextMinute + 60_000;
    const bet = await placeOk(server.app, trader.cookie, { ...betRequest(tick.id), interval: undefined, end_time: new Date(end).toISOString() });
    expect(Date.parse(bet.expires_at)).toBe(end);
  });

  test('Idempotency-Key: a retry gets the first answer, other parameters a conflict', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const key = randomUUID();
    const first = await place(server.app, trader.cookie, betRequest(tick.id), key);
    const again = await place(server.app, trader.cookie, betRequest(tick.id), key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().payload).toEqual(first.json().payload);
    const other = await place(server.app, trader.cookie, betRequest(tick.id, { amount: 20 }), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().payload.code).toBe('idempotency_conflict');
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 1000);
    // Concurrent retries of one click: one bet.
    const key2 = randomUUID();
    const racing = await Promise.all(Array.from({ length: 5 }, () => place(server.app, trader.cookie, betRequest(tick.id), key2)));
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(racing.map((r) => r.json().payload.bet.id)).size).toBe(1);
    expect(await db().selectFrom('bets').select('id').execute()).toHaveLength(2);
    // A refusal is the first answer too; keys are per user.
    const poor = await signUp(server.app);
    await setDemoBalance(db(), poor.userId, 500);
    const key3 = randomUUID();
    expect((await place(server.app, poor.cookie, betRequest(tick.id), key3)).json().payload.code).toBe('insufficient_funds');
    await setDemoBalance(db(), poor.userId, 100_000);
    expect((await place(server.app, poor.cookie, betRequest(tick.id), key3)).json().payload.code).toBe('insufficient_funds');
    expect((await place(server.app, trader.cookie, betRequest(tick.id), key3)).statusCode).toBe(200);
  });

  test('the entry is the latest tick, at most 2 s old, and the quoted tick at most 5 s older', async () => {
    const trader = await signUp(server.app);
    const aging = await addTick(db(), 'eurusd', 1.1, Date.now() - 2500);
    const refused = await place(server.app, trader.cookie, betRequest(aging.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.code).toBe('stale_rate');

    const latest = await addTick(db(), 'eurusd', 1.3);
    const tooOld = await addTick(db(), 'eurusd', 1.2, latest.t - 5500);
    const oldEnough = await addTick(db(), 'eurusd', 1.25, latest.t - 4500);
    expect((await place(server.app, trader.cookie, betRequest(tooOld.id))).json().payload.code).toBe('stale_rate');
    const other = await addTick(db(), 'usdjpy', 150, latest.t);
    expect((await place(server.app, trader.cookie, betRequest(other.id))).json().payload.code).toBe('stale_rate');
    const bet = await placeOk(server.app, trader.cookie, betRequest(oldEnough.id));
    expect(bet).toMatchObject({ open_rate: 1.3, open_rate_id: latest.id });
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 1000);
  });

  test('an inactive pair refuses bets', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurgbp', 0.88);
    await db().updateTable('pairs').set({ active: false }).where('id', '=', 'eurgbp').execute();
    try {
      const response = await place(server.app, trader.cookie, betRequest(tick.id, { pair_id: 'eurgbp' }));
      expect(response.statusCode).toBe(409);
      expect(response.json().payload.code).toBe('pair_inactive');
    } finally {
      await db().updateTable('pairs').set({ active: true }).where('id', '=', 'eurgbp').execute();
    }
  });

  test('at most 20 open bets per wallet; another wallet has its own count', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    for (let i = 0; i < 20; i++) await placeOk(server.app, trader.cookie, betRequest(tick.id, { amount: 1 }));
    const refused = await place(server.app, trader.cookie, betRequest(tick.id, { amount: 1 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.code).toBe('too_many_open_bets');
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 2000);
    await db().updateTable('wallets').set({ balance_cents: 500 }).where('user_id', '=', trader.userId).where('wallet_type', '=', 'main').execute();
    await db().insertInto('ledger_entries').values({ user_id: trader.userId, wallet_type: 'main', kind: 'deposit', amount_cents: 500, ref_type: 'test', ref_id: '1' }).execute();
    await placeOk(server.app, trader.cookie, betRequest(tick.id, { amount: 1, wallet_type: 'main' }));
  });

  test('a stake above the balance is insufficient_funds and changes nothing', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const response = await place(server.app, trader.cookie, betRequest(tick.id, { wallet_type: 'main', amount: 5 }));
    expect(response.statusCode).toBe(409);
    expect(response.json().payload.code).toBe('insufficient_funds');
    expect(await db().selectFrom('bets').select('id').execute()).toEqual([]);
    expect(await ledgerSumCents(db(), trader.userId, 'main')).toBe(0);
  });

  test('100 concurrent bets that the balance allows 50 of: exactly 50, never negative, balance = ledger', async () => {
    const trader = await signUp(server.app);
    await setDemoBalance(db(), trader.userId, 50 * 1000);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const limits = { maxOpenBetsPerWallet: 1000 }; // the balance alone decides here
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => placeBet(db(), trader.userId, randomUUID(), betRequest(tick.id, { amount: 10 }), Date.now(), limits)),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(accepted).toHaveLength(50);
    expect(new Set(refused.map((r) => (r.reason as { code: string }).code))).toEqual(new Set(['insufficient_funds']));
    expect(await balanceCents(db(), trader.userId)).toBe(0);
    expect(await ledgerSumCents(db(), trader.userId)).toBe(0);
    expect(await db().selectFrom('bets').select('id').execute()).toHaveLength(50);
  }, 60_000);

  test('100 concurrent placements over HTTP with the open-bet limit: exactly 20, balance = ledger', async () => {
    const trader = await signUp(server.app);
    await setDemoBalance(db(), trader.userId, 50 * 1000);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const responses = await Promise.all(Array.from({ length: 100 }, () => place(server.app, trader.cookie, betRequest(tick.id, { amount: 10 }))));
    const codes = responses.map((r) => (r.statusCode === 200 ? 'ok' : r.json().payload.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(20);
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['too_many_open_bets']));
    expect(await balanceCents(db(), trader.userId)).toBe(50 * 1000 - 20 * 1000);
    expect(await ledgerSumCents(db(), trader.userId)).toBe(50 * 1000 - 20 * 1000);
  }, 60_000);
});

describe('lists, info and history', () => {
  async function settledScene() {
    const trader = await signUp(server.app);
    const other = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const up = await placeOk(server.app, trader.cookie, betRequest(tick.id, { amount: 10 }));
    const down = await placeOk(server.app, trader.cookie, betRequest(tick.id, { amount: 20, direction: 'down' }));
    const jpy = await addTick(db(), 'usdjpy', 150);
    const open = await placeOk(server.app, trader.cookie, betRequest(jpy.id, { pair_id: 'usdjpy', amount: 5, interval: 60 }));
    const foreign = await placeOk(server.app, other.cookie, betRequest(tick.id));
    const exit = await addTick(db(), 'eurusd', 1.2, Date.parse(up.expires_at) - 1);
    await settleDue(db(), Date.parse(down.expires_at));
    return { trader, other, up, down, open, foreign, exit };
  }

  test('list: the wallet\'s open bets and its last closed ones', async () => {
    const { trader, up, down, open } = await settledScene();
    const response = await server.app.inject({ method: 'GET', url: '/api/bet/user/list?wallet_type=demo', headers: { ...XHR, cookie: trader.cookie } });
    const list = betListPayloadSchema.parse(response.json().payload);
    expect(list.opened.map((b) => b.id)).toEqual([open.id]);
    expect(list.closed.map((b) => [b.id, b.status, b.profit])).toEqual(
      expect.arrayContaining([[up.id, 'won', 8.8], [down.id, 'lost', -20]]),
    );
    const main = await server.app.inject({ method: 'GET', url: '/api/bet/user/list?wallet_type=main', headers: { ...XHR, cookie: trader.cookie } });
    expect(main.json().payload).toEqual({ opened: [], closed: [] });
    expect((await server.app.inject({ method: 'GET', url: '/api/bet/user/list', headers: { ...XHR, cookie: trader.cookie } })).statusCode).toBe(422);
    expect((await server.app.inject({ method: 'GET', url: '/api/bet/user/list?wallet_type=demo' })).statusCode).toBe(401);
  });

  test('info: the bet with its entry and exit ticks, only for its owner', async () => {
    const { trader, other, up, open, exit } = await settledScene();
    const get = (id: number, cookie: string) => server.app.inject({ method: 'GET', url: `/api/bet/${id}/info`, headers: { ...XHR, cookie } });
    const info = betInfoPayloadSchema.parse((await get(up.id, trader.cookie)).json().payload);
    expect(info.entry_tick).toEqual({ id: up.open_rate_id, t: expect.any(Number), v: 1.1 });
    expect(info.exit_tick).toEqual({ id: exit.id, t: exit.t, v: 1.2 });
    expect(info.bet).toMatchObject({ status: 'won', close_rate: 1.2, close_rate_id: exit.id });
    expect(betInfoPayloadSchema.parse((await get(open.id, trader.cookie)).json().payload).exit_tick).toBeNull();
    expect((await get(up.id, other.cookie)).statusCode).toBe(404);
    expect((await get(999_999, trader.cookie)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/bet/abc/info', headers: { ...XHR, cookie: trader.cookie } })).statusCode).toBe(422);
  });

  test('history over every wallet: one line of totals per wallet, never play money summed with real money', async () => {
    const { trader } = await settledScene();
    const { moveMoney } = await import('../../server/src/modules/wallet/ledger');
    await db().transaction().execute((trx) =>
      moveMoney(trx, { userId: trader.userId, walletType: 'main', kind: 'deposit', amountCents: 100_00, refType: 'test', refId: trader.userId }),
    );
    // Another pair: the scene's last EUR/USD tick is its exit, later than now.
    const tick = await addTick(db(), 'gbpusd', 1.3);
    const real = await placeOk(server.app, trader.cookie, betRequest(tick.id, { pair_id: 'gbpusd', wallet_type: 'main', amount: 40, direction: 'down' }));
    await addTick(db(), 'gbpusd', 1.25, Date.parse(real.expires_at) - 1);
    await settleDue(db(), Date.parse(real.expires_at));
    const response = await server.app.inject({ method: 'GET', url: '/api/bet/history', headers: { ...XHR, cookie: trader.cookie } });
    const all = betHistoryPayloadSchema.parse(response.json().payload);
    const won = all.items.find((b) => b.id === real.id)!;
    expect(won.status).toBe('won');
    expect(all.by_wallet).toEqual([
      { wallet_type: 'main', total: 1, staked: 40, returned: 40 + won.profit!, profit: won.profit },
      { wallet_type: 'demo', total: 3, staked: 30, returned: 18.8, profit: -11.2 },
    ]);
    expect(all.total).toBe(4);
  });

  test('history: filters, paging and totals over the settled bets', async () => {
    const { trader, up, down, open } = await settledScene();
    const history = async (query: string) => {
      const response = await server.app.inject({ method: 'GET', url: `/api/bet/history?${query}`, headers: { ...XHR, cookie: trader.cookie } });
      expect(response.statusCode, query).toBe(200);
      return betHistoryPayloadSchema.parse(response.json().payload);
    };
    const all = await history('');
    expect(all.total).toBe(3);
    expect(all.items.map((b) => b.id)).toEqual([open.id, down.id, up.id]);
    expect(all.totals).toEqual({ staked: 30, returned: 18.8, profit: -11.2 });
    expect(all.by_wallet).toEqual([{ wallet_type: 'demo', total: 3, staked: 30, returned: 18.8, profit: -11.2 }]);
    const page2 = await history('per_page=2&page=2');
    expect(page2).toMatchObject({ page: 2, per_page: 2, total: 3 });
    expect(page2.items.map((b) => b.id)).toEqual([up.id]);
    expect((await history('status=won')).items.map((b) => b.id)).toEqual([up.id]);
    expect((await history('pair_id=usdjpy')).items.map((b) => b.id)).toEqual([open.id]);
    expect((await history('wallet_type=main')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history(`from=${today}&to=${today}`)).total).toBe(3);
    expect((await history(`to=${new Date(Date.parse(up.opened_at) - 1000).toISOString()}`)).total).toBe(0);
    expect((await history('wallet_type=main')).by_wallet).toEqual([]);
    for (const bad of ['page=0', 'per_page=101', 'status=maybe', 'from=yesterday', 'pair_id=EUR']) {
      const response = await server.app.inject({ method: 'GET', url: `/api/bet/history?${bad}`, headers: { ...XHR, cookie: trader.cookie } });
      expect(response.statusCode, bad).toBe(422);
    }
  });
});
