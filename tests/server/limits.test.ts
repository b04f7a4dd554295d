import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { signUpOperator, useTestServer as testServer } from './harness';
import { balanceCents, createTrader, expectLedgerConsistent, type Trader } from './money-fixtures';
import { addTick, betRequest, TRADING_KEEP } from './trading-support';
import { placeBet } from '../../server/src/modules/bets/placement';
import { PlacementGroups } from '../../server/src/modules/bets/placement-groups';
import { readLimits, startExclusion, updateLimits } from '../../server/src/modules/limits/service';
import { createSpecialTournament, ensureWeeklyTournament } from '../../server/src/modules/tournaments/service';
import { LIMIT_COOLING_OFF_MS, type LimitsUpdate } from '../../src/api/contract/limits';
import type { ApiError } from '../../server/src/http/errors';

/**
 * Responsible trading (issue 18): the trader's limits refuse what would cross them, atomically with
 * the balance; raising one waits 24 hours; a self-exclusion closes every money-in and trading route.
 */
const server = testServer({ keep: [...TRADING_KEEP, 'payment_systems'] });
const db = () => server.database.db;
const HOUR = 3600_000;

const mainBet = (rateId: number, amount: number) => betRequest(rateId, { wallet_type: 'main', amount });

async function setLimits(trader: Trader, limits: LimitsUpdate['limits']) {
  const res = await server.app.inject({ method: 'POST', url: '/api/limits', headers: trader.headers, payload: { limits } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

const placeRoute = (trader: Trader, body: object) =>
  server.app.inject({ method: 'POST', url: '/api/bet/user/place', headers: { ...trader.headers, 'idempotency-key': randomUUID() }, payload: body });

const deposit = (trader: Trader, amount: number) =>
  server.app.inject({ method: 'POST', url: '/api/deposit/integration_json', headers: trader.headers, payload: { ps_id: 1, amount } });

describe('limits refuse what would cross them', () => {
  test('the stake per bet', async () => {
    const trader = await createTrader(server, { mainCents: 1000_00 });
    await setLimits(trader, { stake: 20 });
    const tick = await addTick(db(), 'eurusd', 1.1);
    const refused = await placeRoute(trader, mainBet(tick.id, 20.01));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload).toMatchObject({ code: 'limit_reached', message: 'Your stake limit is $20.00 per bet' });
    expect((await placeRoute(trader, mainBet(tick.id, 20))).statusCode).toBe(200);
    // Demo money is no money of the trader's: its bets are not limited.
    expect((await placeRoute(trader, betRequest(tick.id, { amount: 50 }))).statusCode).toBe(200);
    expect(await balanceCents(server, trader.id)).toBe(980_00);
  });

  test.each(['loss_day', 'loss_week', 'loss_month', 'turnover_day', 'turnover_week', 'turnover_month'] as const)('%s', async (name) => {
    const trader = await createTrader(server, { mainCents: 1000_00 });
    const now = Date.now();
    // A bet of the period before (still inside the longer periods): it counts for week and month only.
    const earlier = await addTick(db(), 'eurusd', 1.1, now - 2 * 86_400_000);
    await placeBet(db(), trader.id, randomUUID(), mainBet(earlier.id, 5), now - 2 * 86_400_000);
    await setLimits(trader, { [name]: 35 });
    const tick = await addTick(db(), 'eurusd', 1.1);
    const room = name.endsWith('_day') ? 35 : 30;
    for (let used = 0; used + 10 <= room; used += 10) expect((await placeRoute(trader, mainBet(tick.id, 10))).statusCode).toBe(200);
    const refused = await placeRoute(trader, mainBet(tick.id, 10));
    expect(refused.statusCode).toBe(409);
    const period = name.split('_')[1];
    expect(refused.json().payload.message).toContain(`${period === 'day' ? 'daily' : `${period}ly`} ${name.split('_')[0]} limit of $35.00`);
    // What is left fits exactly.
    expect((await placeRoute(trader, mainBet(tick.id, room % 10 || 10))).statusCode).toBe(room % 10 ? 200 : 409);
  });

  test.each(['deposit_day', 'deposit_week', 'deposit_month'] as const)('%s: pending and paid deposits count, failed ones do not', async (name) => {
    const trader = await createTrader(server);
    await setLimits(trader, { [name]: 100 });
    expect((await deposit(trader, 60)).statusCode).toBe(200);
    const refused = await deposit(trader, 50);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload).toMatchObject({ code: 'limit_reached' });
    expect(refused.json().payload.message).toContain('deposit limit of $100.00');
    await db().updateTable('deposits').set({ status: 'failed' }).where('user_id', '=', trader.id).execute();
    expect((await deposit(trader, 100)).statusCode).toBe(200);
    expect(await db().selectFrom('deposits').select('id').where('user_id', '=', trader.id).execute()).toHaveLength(2);
  });

  test('the session length counts from the sign-in of the session placing the bet', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    await setLimits(trader, { session_minutes: 30 });
    const tick = await addTick(db(), 'eurusd', 1.1);
    expect((await placeRoute(trader, betRequest(tick.id))).statusCode).toBe(200);
    await db().updateTable('sessions').set({ created_at: new Date(Date.now() - 31 * 60_000) }).where('user_id', '=', trader.id).execute();
    const refused = await placeRoute(trader, betRequest(tick.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toBe('Your session limit of 30 minutes is reached: sign in again to trade');
  });

  test('50 concurrent bets racing a daily loss limit never cross it', async () => {
    const trader = await createTrader(server, { mainCents: 1000_00 });
    await setLimits(trader, { loss_day: 100 });
    const tick = await addTick(db(), 'eurusd', 1.1);
    // Small groups, so the race spans many transactions; and the HTTP route's own groups.
    const groups = new PlacementGroups(db(), { maxGroup: 7, maxWaitMs: 60_000 });
    const now = Date.now();
    const direct = Array.from({ length: 25 }, () => groups.place(trader.id, randomUUID(), mainBet(tick.id, 7), now).then(() => 'ok', (e: ApiError) => e.code));
    const routed = Array.from({ length: 25 }, () => placeRoute(trader, mainBet(tick.id, 7)).then((r) => (r.statusCode === 200 ? 'ok' : r.json().payload.code)));
    const codes = await Promise.all([...direct, ...routed]);
    expect(codes.filter((c) => c === 'ok')).toHaveLength(14); // 14 * 7 = 98 <= 100 < 105
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['limit_reached']));
    const staked = await db().selectFrom('bets').select((eb) => eb.fn.sum<number>('amount_cents').as('s')).where('user_id', '=', trader.id).executeTakeFirstOrThrow();
    expect(Number(staked.s)).toBe(98_00);
    expect(await balanceCents(server, trader.id)).toBe(1000_00 - 98_00);
    await expectLedgerConsistent(server);
  });
});

describe('changing a limit', () => {
  test('lowering applies at once; raising and removing wait 24 hours (a test clock)', async () => {
    const trader = await createTrader(server, { mainCents: 1000_00 });
    const t0 = Date.now();
    await updateLimits(db(), trader.id, { limits: { stake: 50 } }, new Date(t0));
    await updateLimits(db(), trader.id, { limits: { stake: 20 } }, new Date(t0 + 1000));
    const raised = await updateLimits(db(), trader.id, { limits: { stake: 100, loss_day: 10 } }, new Date(t0 + 2000));
    expect(raised.limits.find((l) => l.name === 'stake')).toEqual({
      name: 'stake',
      value: 20,
      pending: { value: 100, applies_at: new Date(t0 + 2000 + LIMIT_COOLING_OFF_MS).toISOString() },
    });
    expect(raised.limits.find((l) => l.name === 'loss_day')).toEqual({ name: 'loss_day', value: 10, pending: null });
    await updateLimits(db(), trader.id, { limits: { loss_day: null } }, new Date(t0 + 3000));

    const at = async (offset: number, amount: number) => {
      const tick = await addTick(db(), 'eurusd', 1.1, t0 + offset);
      return placeBet(db(), trader.id, randomUUID(), mainBet(tick.id, amount), t0 + offset).then(() => 'ok', (e: ApiError) => e.code);
    };
    expect(await at(23 * HOUR, 50)).toBe('limit_reached'); // still 20 per bet
    expect(await at(23 * HOUR + 1000, 5)).toBe('ok');
    expect(await at(23 * HOUR + 2000, 6)).toBe('limit_reached'); // the loss limit of 10 still holds
    expect(await at(24 * HOUR + 3001, 50)).toBe('ok'); // both changes applied
    const later = await readLimits(db(), trader.id, new Date(t0 + 24 * HOUR + 3001));
    expect(later.limits.find((l) => l.name === 'stake')).toEqual({ name: 'stake', value: 100, pending: null });
    expect(later.limits.find((l) => l.name === 'loss_day')).toEqual({ name: 'loss_day', value: null, pending: null });
    // Lowering drops a waiting raise.
    await updateLimits(db(), trader.id, { limits: { stake: 200 } }, new Date(t0 + 25 * HOUR));
    const lowered = await updateLimits(db(), trader.id, { limits: { stake: 30 } }, new Date(t0 + 25 * HOUR + 1));
    expect(lowered.limits.find((l) => l.name === 'stake')).toEqual({ name: 'stake', value: 30, pending: null });
  });

  test('bad values are refused with translated field errors and change nothing', async () => {
    const trader = await createTrader(server);
    for (const payload of [{ limits: { stake: -1 } }, { limits: { stake: 1.001 } }, { limits: { nope: 1 } }, { reality_check_minutes: 5 }, { reality_check_minutes: 121 }, { limits: { session_minutes: 0 } }]) {
      const res = await server.app.inject({ method: 'POST', url: '/api/limits', headers: trader.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const res = await server.app.inject({ method: 'POST', url: '/api/limits', headers: trader.headers, payload: { reality_check_minutes: 5 } });
    expect(res.json().payload.fields).toEqual({ reality_check_minutes: 'Choose from 10 to 120 minutes' });
    expect((await readLimits(db(), trader.id, new Date())).limits.every((l) => l.value === null)).toBe(true);
  });
});

describe('self-exclusion', () => {
  test('blocks every money-in and trading route, keeps history and withdrawal, and cannot be shortened', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    await ensureWeeklyTournament(db(), new Date());
    const now = Date.now();
    const paid = await createSpecialTournament(db(), {
      name: 'Cup', startsAt: new Date(now - 60_000), endsAt: new Date(now + 86_400_000), entryFeeCents: 10_00, startBalanceCents: 1000_00, prizesCents: [100_00],
    });
    const start = await server.app.inject({ method: 'POST', url: '/api/limits/exclusion', headers: trader.headers, payload: { kind: 'timeout_24h' } });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().payload.exclusion).toMatchObject({ kind: 'timeout_24h' });
    const until = Date.parse(start.json().payload.exclusion.until);
    expect(Math.abs(until - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);

    const tick = await addTick(db(), 'eurusd', 1.1);
    const weekly = (await server.app.inject({ method: 'GET', url: '/api/tournament/current', headers: trader.headers })).json().payload.tournament.id as number;
    const routes = [
      placeRoute(trader, mainBet(tick.id, 10)),
      placeRoute(trader, betRequest(tick.id)),
      placeRoute(trader, betRequest(tick.id, { wallet_type: 'tournament' })),
      deposit(trader, 50),
      server.app.inject({ method: 'POST', url: `/api/tournament/${weekly}/join`, headers: trader.headers, payload: {} }),
      server.app.inject({ method: 'POST', url: '/api/purchase/integration_json', headers: trader.headers, payload: { ps_id: 1, product_id: paid.id } }),
    ];
    for (const res of await Promise.all(routes)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().payload.code).toBe('self_excluded');
      expect(res.json().payload.message).toMatch(/^You have excluded yourself from trading and deposits until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    }
    expect(await db().selectFrom('bets').select('id').where('user_id', '=', trader.id).execute()).toEqual([]);
    expect(await db().selectFrom('deposits').select('id').where('user_id', '=', trader.id).execute()).toEqual([]);
    expect(await db().selectFrom('tournament_entries').select('id').where('user_id', '=', trader.id).execute()).toEqual([]);
    expect(await db().selectFrom('purchases').select('id').where('user_id', '=', trader.id).execute()).toEqual([]);
    // History, finances and the withdrawal's forms stay open.
    for (const url of ['/api/bet/history', '/api/payment/history', '/api/withdraw/finances', '/api/withdraw/ps', '/api/limits']) {
      expect((await server.app.inject({ method: 'GET', url, headers: trader.headers })).statusCode, url).toBe(200);
    }

    // A shorter request keeps the running one; an until-date under 6 months is refused.
    const shorter = await startExclusion(db(), trader.id, { kind: 'timeout_24h' }, new Date(now - HOUR));
    expect(Date.parse(shorter.exclusion!.until)).toBe(until);
    const tooSoon = await server.app.inject({ method: 'POST', url: '/api/limits/exclusion', headers: trader.headers, payload: { kind: 'until_date', until: new Date(now + 90 * 86_400_000).toISOString().slice(0, 10) } });
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json().payload.fields).toEqual({ until: 'An exclusion until a date lasts at least 6 months' });

    // Operators see it in the back office; a trader does not.
    const operator = await signUpOperator(server.app);
    const page = await server.app.inject({ method: 'GET', url: '/backoffice/exclusions', headers: { cookie: operator.cookie, 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    const account = (await db().selectFrom('users').select('account_id').where('id', '=', trader.id).executeTakeFirstOrThrow()).account_id;
    expect(page.body).toContain(account);
    expect(page.body).toContain('Time-out, 24 hours');
    const asTrader = await server.app.inject({ method: 'GET', url: '/backoffice/exclusions', headers: { cookie: trader.headers.cookie! } });
    expect(asTrader.body).not.toContain(account);

    // Once it ended (a test clock), trading opens again.
    const after = await addTick(db(), 'eurusd', 1.1, until + 1000);
    await expect(placeBet(db(), trader.id, randomUUID(), mainBet(after.id, 10), until + 1000)).resolves.toMatchObject({ amount: 10 });
  });

  test('an exclusion until a date at least 6 months ahead', async () => {
    const trader = await createTrader(server);
    const date = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const res = await server.app.inject({ method: 'POST', url: '/api/limits/exclusion', headers: trader.headers, payload: { kind: 'until_date', until: date } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.exclusion).toEqual({ kind: 'until_date', until: new Date(Date.parse(date) + 86_400_000).toISOString() });
    expect((await deposit(trader, 50)).statusCode).toBe(403);
  });
});
