import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signUp, signUpOperator, useTestServer as testServer, type SignedUp } from './harness';
import { backofficeToken } from './support-helpers';
import { addTick, betRequest, TRADING_KEEP } from './trading-support';
import { createTrader } from './money-fixtures';
import { placeGroup } from '../../server/src/modules/bets/placement';
import { PlacementGroups } from '../../server/src/modules/bets/placement-groups';
import { settleDue } from '../../server/src/jobs/settlement';
import { exposure } from '../../server/src/modules/risk/exposure';
import { winRateSignals } from '../../server/src/modules/risk/signals';
import { winningsCents } from '../../server/src/modules/risk/placement';
import { binomialUpperTail, breakEvenRate, exactFalseAlarmRate, winRateTest } from '../../server/src/modules/risk/stats';
import { csvCell } from '../../server/src/modules/risk/routes';
import { createOperator } from '../../server/src/cli/operator';
import type { ApiError } from '../../server/src/http/errors';
import type { ServerMessage } from '../../src/api/contract/realtime';

/** The risk desk (issue 19): roles, controls and their audit log, exposure, and the abuse test. */
const server = testServer({ keep: TRADING_KEEP });
const db = () => server.database.db;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function signUpRisk(app: FastifyInstance): Promise<SignedUp> {
  const account = await signUp(app);
  await app.database.db.updateTable('users').set({ role: 'risk' }).where('id', '=', account.userId).execute();
  return account;
}

/** The risk desk's CSRF pair, read from its exposure page. */
async function riskToken(app: FastifyInstance, who: SignedUp) {
  const page = await app.inject({ method: 'GET', url: '/backoffice/risk', headers: { cookie: who.cookie } });
  const setCookie = ([] as string[]).concat(page.headers['set-cookie'] ?? []);
  const csrf = setCookie.find((c) => c.startsWith('bo_csrf='))?.split(';')[0];
  const token = /name="_csrf" value="([a-f0-9]{64})"/.exec(page.body)?.[1];
  if (!csrf || !token) throw new Error(`no csrf token: ${page.statusCode}`);
  return { cookie: `${who.cookie}; ${csrf}`, token };
}

const RISK_PAGES = [
  '/backoffice/risk',
  '/backoffice/risk?wallet=demo',
  '/backoffice/risk/results',
  '/backoffice/risk/results.csv',
  '/backoffice/risk/signals',
  '/backoffice/risk/controls',
  '/backoffice/risk/traders/12345678',
  '/backoffice/risk/traders?account=12345678',
  '/backoffice/risk/exposure/stream',
];
const RISK_ACTIONS: [string, Record<string, string>][] = [
  ['/backoffice/risk/controls/pairs/eurusd/payout', { payout: '10', reason: 'x' }],
  ['/backoffice/risk/controls/pairs/eurusd/state', { action: 'suspend', reason: 'x' }],
  ['/backoffice/risk/controls/house-limit', { limit: '1', reason: 'x' }],
  ['/backoffice/risk/controls/signals', { false_alarm_rate: '0.01', fast_bet_ms: '300', reason: 'x' }],
  ['/backoffice/risk/controls/stake-limit', { account: '1', max_stake: '1', reason: 'x' }],
  ['/backoffice/risk/controls/suspension', { account: '1', action: 'resume', reason: 'x' }],
];

describe('roles', () => {
  test('a support operator (and a trader) gets 403 on every risk page and action, and nothing changes', async () => {
    for (const who of [await signUpOperator(server.app), await signUp(server.app)]) {
      for (const url of RISK_PAGES) {
        const response = await server.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, 'accept-language': 'en' } });
        expect(response.statusCode, url).toBe(403);
      }
      const { cookie, token } = await backofficeToken(server.app, who).catch(async () => {
        // A trader has no back office page of his own: the sign-in page carries the token.
        const page = await server.app.inject({ method: 'GET', url: '/backoffice/risk', headers: { cookie: who.cookie } });
        const csrf = ([] as string[]).concat(page.headers['set-cookie'] ?? []).find((c) => c.startsWith('bo_csrf='))!.split(';')[0];
        return { cookie: `${who.cookie}; ${csrf}`, token: /name="_csrf" value="([a-f0-9]{64})"/.exec(page.body)![1]! };
      });
      for (const [url, fields] of RISK_ACTIONS) {
        const response = await server.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form({ ...fields, _csrf: token }) });
        expect(response.statusCode, url).toBe(403);
      }
    }
    expect(await db().selectFrom('risk_audit').select('id').execute()).toHaveLength(0);
    const pair = await db().selectFrom('pairs').select(['payout_percent', 'active']).where('id', '=', 'eurusd').executeTakeFirstOrThrow();
    expect(pair.active).toBe(true);
  });

  test('a risk operator sees the risk pages and not the support desk; the CLI makes one', async () => {
    const result = await createOperator(server.database, 'riskdesk@example.com', 'Orchid-Falcon-42', 'risk');
    expect(result.created).toBe(true);
    const row = await db().selectFrom('users').select('role').where('email', '=', 'riskdesk@example.com').executeTakeFirstOrThrow();
    expect(row.role).toBe('risk');
    const riskOperator = await signUpRisk(server.app);
    for (const url of RISK_PAGES.filter((u) => !u.includes('stream') && !u.includes('traders'))) {
      const response = await server.app.inject({ method: 'GET', url, headers: { cookie: riskOperator.cookie, 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(200);
    }
    const support = await server.app.inject({ method: 'GET', url: '/backoffice/withdrawals', headers: { cookie: riskOperator.cookie } });
    expect(support.statusCode).toBe(403);
    const home = await server.app.inject({ method: 'GET', url: '/backoffice', headers: { cookie: riskOperator.cookie } });
    expect(home.headers.location).toBe('/backoffice/risk');
  });
});

describe('controls', () => {
  test('a payout change and a suspension leave open bets their terms, reach the pair subscribers, and each writes one audit row', async () => {
    const riskOperator = await signUpRisk(server.app);
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const [before] = await placeGroup(db(), [{ userId: trader.userId, key: randomUUID(), request: betRequest(tick.id), now: Date.now() }]);
    const openBet = 'placement' in before! ? before.placement.bet : null;
    const seeded = await db().selectFrom('pairs').select('payout_percent').where('id', '=', 'eurusd').executeTakeFirstOrThrow();
    expect(openBet?.payout_percent).toBe(seeded.payout_percent);

    const pushed: ServerMessage[] = [];
    const stop = server.app.bus.onPair((pairId, message) => pairId === 'eurusd' && message.type === 'pair' && pushed.push(message));
    const { cookie, token } = await riskToken(server.app, riskOperator);
    const payout = await server.app.inject({
      method: 'POST',
      url: '/backoffice/risk/controls/pairs/eurusd/payout',
      headers: { ...FORM, cookie, 'accept-language': 'en' },
      payload: form({ _csrf: token, payout: '65', reason: 'too much demand for up' }),
    });
    expect(payout.statusCode).toBe(200);
    expect(payout.body).toContain('EUR/USD now pays 65');
    const suspend = await server.app.inject({
      method: 'POST',
      url: '/backoffice/risk/controls/pairs/eurusd/state',
      headers: { ...FORM, cookie },
      payload: form({ _csrf: token, action: 'suspend', reason: 'feed problem' }),
    });
    expect(suspend.statusCode).toBe(200);
    stop();
    expect(pushed).toEqual([
      { type: 'pair', pair_id: 'eurusd', payout: 65, active: true },
      { type: 'pair', pair_id: 'eurusd', payout: 65, active: false },
    ]);
    const bet = await db().selectFrom('bets').select(['payout_percent', 'status']).where('id', '=', openBet!.id).executeTakeFirstOrThrow();
    expect(bet).toEqual({ payout_percent: seeded.payout_percent, status: 'open' });
    const refused = await placeGroup(db(), [{ userId: trader.userId, key: randomUUID(), request: betRequest((await addTick(db(), 'eurusd', 1.1)).id), now: Date.now() }]);
    expect('error' in refused[0]! && (refused[0].error as ApiError).code).toBe('pair_inactive');

    // Bad input changes nothing and writes no audit row.
    const bad = await server.app.inject({
      method: 'POST',
      url: '/backoffice/risk/controls/pairs/eurusd/payout',
      headers: { ...FORM, cookie, 'accept-language': 'en' },
      payload: form({ _csrf: token, payout: '250', reason: '' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('role="alert"');

    const audit = await db().selectFrom('risk_audit').selectAll().orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.target, a.reason, Number(a.operator_id)])).toEqual([
      ['pair.payout', 'eurusd', 'too much demand for up', riskOperator.userId],
      ['pair.suspend', 'eurusd', 'feed problem', riskOperator.userId],
    ]);
    // The log names the pair by its symbol and reads its details as labels and values in the operator's language.
    const log = await server.app.inject({ method: 'GET', url: '/backoffice/risk/controls', headers: { cookie, 'accept-language': 'ru' } });
    expect(log.body).toContain('Изменена выплата · EUR/USD');
    expect(log.body).toContain(`Выплата: ${seeded.payout_percent}\u00a0% → 65\u00a0%`);
    expect(log.body).toContain('Торговля: Открыта → Приостановлена');
    expect(log.body).not.toContain('before');
    // The log is append-only in the database itself.
    await expect(sql`update risk_audit set reason = 'edited'`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from risk_audit`.execute(db())).rejects.toThrow(/append-only/);
    await db().updateTable('pairs').set({ payout_percent: seeded.payout_percent, active: true }).where('id', '=', 'eurusd').execute();
  });

  test('the false-alarm rate is read with a decimal comma or a point, as the page writes it in the operator\'s language', async () => {
    const { signalsFormSchema } = await import('../../server/src/modules/risk/forms');
    const rate = (typed: string) => signalsFormSchema.safeParse({ _csrf: 'x', false_alarm_rate: typed, fast_bet_ms: '300', reason: 'r' }).data?.false_alarm_rate;
    expect([rate('0,001'), rate('0.001'), rate(' 0,02 '), rate('0,5'), rate('abc')]).toEqual([0.001, 0.001, 0.02, undefined, undefined]);
  });

  test('a suspended trader is refused with the reason in his language; a stake limit refuses bigger stakes; each writes one audit row', async () => {
    const riskOperator = await signUpRisk(server.app);
    const trader = await createTrader(server, { mainCents: 100_000 });
    const { cookie, token } = await riskToken(server.app, riskOperator);
    const post = (url: string, fields: Record<string, string>) =>
      server.app.inject({ method: 'POST', url, headers: { ...FORM, cookie, 'accept-language': 'en' }, payload: form({ ...fields, _csrf: token }) });
    expect((await post('/backoffice/risk/controls/stake-limit', { account: trader.accountId, max_stake: '20', reason: 'new account' })).statusCode).toBe(200);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const place = (amount: number, key = randomUUID()) => server.app.inject({
      method: 'POST', url: '/api/bet/user/place',
      headers: { ...trader.headers, 'idempotency-key': key },
      payload: betRequest(tick.id, { wallet_type: 'main', amount }),
    });
    const big = await place(25);
    expect(big.statusCode).toBe(422);
    expect(big.json().payload.fields.amount).toBe('Your largest stake is 20.');
    expect((await place(20)).statusCode).toBe(200);
    expect((await post('/backoffice/risk/controls/suspension', { account: trader.accountId, action: 'suspend', message: 'documents requested', reason: 'KYC' })).statusCode).toBe(200);
    const key = randomUUID();
    const suspended = await place(10, key);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().payload.message).toBe('Trading is suspended for your account: documents requested');
    // A retry under the same key reads the same reason.
    expect((await place(10, key)).json().payload.message).toBe('Trading is suspended for your account: documents requested');
    const unknown = await post('/backoffice/risk/controls/suspension', { account: '00000000', action: 'suspend', message: 'x', reason: 'y' });
    expect(unknown.statusCode).toBe(422);
    expect((await post('/backoffice/risk/controls/suspension', { account: trader.accountId, action: 'resume', reason: 'documents received' })).statusCode).toBe(200);
    expect((await place(10)).statusCode).toBe(200);
    const audit = await db().selectFrom('risk_audit').select(['action', 'target']).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'trader.stake_limit', target: trader.accountId },
      { action: 'trader.suspend', target: trader.accountId },
      { action: 'trader.resume', target: trader.accountId },
    ]);
  });

  test('the house limit refuses the bet that would cross it and no other, also under 100 concurrent placements', async () => {
    const seeded = await db().selectFrom('pairs').select('payout_percent').where('id', '=', 'eurusd').executeTakeFirstOrThrow();
    await db().updateTable('pairs').set({ payout_percent: 80 }).where('id', '=', 'eurusd').execute();
    const riskOperator = await signUpRisk(server.app);
    const { cookie, token } = await riskToken(server.app, riskOperator);
    // 10.00 at 80 % adds 8.00 to the worst case: a limit of 100.00 takes 12 such bets, not 13.
    const limit = await server.app.inject({ method: 'POST', url: '/backoffice/risk/controls/house-limit', headers: { ...FORM, cookie }, payload: form({ _csrf: token, limit: '100', reason: 'launch' }) });
    expect(limit.statusCode).toBe(200);
    const traders = await Promise.all(Array.from({ length: 100 }, () => createTrader(server, { mainCents: 10_000 })));
    const tick = await addTick(db(), 'eurusd', 1.1);
    // Groups of 7 commit one after another; none is shed for waiting (a busy test machine), the limit alone decides.
    const groups = new PlacementGroups(db(), { maxGroup: 7, maxWaitMs: 60_000, maxInFlight: server.database.kind === 'postgres' ? 4 : 1 });
    const outcomes = await Promise.allSettled(traders.map((t) => groups.place(t.id, randomUUID(), betRequest(tick.id, { wallet_type: 'main' }))));
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    expect(accepted).toHaveLength(12);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as ApiError)] : []));
    expect(refusals).toHaveLength(88);
    expect(refusals.every((e) => e.code === 'forbidden' && JSON.stringify(e.options.message).includes('risk.refusal.house_limit'))).toBe(true);
    // A smaller bet still fits the room left (4.00 left: 5.00 at 80 % adds 4.00); demo bets never count.
    const last = traders[0]!;
    const fits = await placeGroup(db(), [
      { userId: last.id, key: randomUUID(), request: betRequest(tick.id, { wallet_type: 'main', amount: 6 }), now: Date.now() },
      { userId: last.id, key: randomUUID(), request: betRequest(tick.id, { wallet_type: 'main', amount: 5 }), now: Date.now() },
      { userId: last.id, key: randomUUID(), request: betRequest(tick.id, { wallet_type: 'demo', amount: 500 }), now: Date.now() },
    ]);
    expect(fits.map((o) => ('error' in o ? (o.error as ApiError).code : 'ok'))).toEqual(['forbidden', 'ok', 'ok']);
    expect((await exposure(db())).worst_case_cents).toBe(10_000);
    await db().updateTable('pairs').set({ payout_percent: seeded.payout_percent }).where('id', '=', 'eurusd').execute();
  });
});

describe('exposure', () => {
  test('equals the sum over open bets after placements (100 concurrent) and settlements', async () => {
    const traders = await Promise.all(Array.from({ length: 20 }, () => createTrader(server, { mainCents: 100_000 })));
    const tick = await addTick(db(), 'eurusd', 1.1);
    const gbp = await addTick(db(), 'gbpusd', 1.3);
    const groups = new PlacementGroups(db(), { maxWaitMs: 60_000, maxInFlight: server.database.kind === 'postgres' ? 4 : 1 });
    const orders = Array.from({ length: 100 }, (_, i) => ({
      trader: traders[i % traders.length]!,
      request: betRequest(i % 3 === 0 ? gbp.id : tick.id, {
        wallet_type: 'main',
        pair_id: i % 3 === 0 ? 'gbpusd' : 'eurusd',
        amount: 1 + (i % 17),
        direction: i % 2 ? 'up' : 'down',
        interval: i % 4 === 0 ? 30 : 300,
      }),
    }));
    await Promise.all(orders.map((o) => groups.place(o.trader.id, randomUUID(), o.request)));

    const check = async () => {
      const open = await db().selectFrom('bets').select(['amount_cents', 'payout_percent', 'pair_id', 'direction']).where('status', '=', 'open').where('wallet_type', '=', 'main').execute();
      const figures = await exposure(db());
      expect(figures.stakes_cents).toBe(open.reduce((s, b) => s + Number(b.amount_cents), 0));
      expect(figures.worst_case_cents).toBe(open.reduce((s, b) => s + winningsCents(Number(b.amount_cents), b.payout_percent), 0));
      expect(figures.rows.reduce((s, r) => s + r.bets, 0)).toBe(open.length);
      for (const pair of ['eurusd', 'gbpusd']) {
        for (const direction of ['up', 'down'] as const) {
          const mine = open.filter((b) => b.pair_id === pair && b.direction === direction);
          const rows = figures.rows.filter((r) => r.pair_id === pair && r.direction === direction);
          expect(rows.reduce((s, r) => s + r.stakes_cents, 0)).toBe(mine.reduce((s, b) => s + Number(b.amount_cents), 0));
        }
      }
      return { figures, open };
    };
    const first = await check();
    expect(first.open).toHaveLength(100);
    // If the price holds at the entry, every bet gets its stake back.
    expect(first.figures.pays_if_price_holds_cents).toBe(first.figures.stakes_cents);

    // The 30-second bets expire and are settled; the others stay open.
    const later = Date.now() + 31_000;
    await addTick(db(), 'eurusd', 1.2, later - 500);
    await addTick(db(), 'gbpusd', 1.2, later - 500);
    await settleDue(db(), later + 1000);
    const second = await check();
    expect(second.open).toHaveLength(75);
  });
});

describe('abuse: the win-rate test', () => {
  test('23 wins of 23 bets at 80 % are flagged; the tail is exact on small cases', () => {
    const p = breakEvenRate(80);
    expect(p).toBeCloseTo(1 / 1.8, 12);
    expect(binomialUpperTail(23, 23, p)).toBeCloseTo(p ** 23, 15);
    expect(binomialUpperTail(3, 2, 0.5)).toBeCloseTo(0.5, 12);
    expect(winRateTest(23, 23, p, 0.001).flagged).toBe(true);
    expect(winRateTest(23, 14, p, 0.001).flagged).toBe(false);
  });

  test('10,000 simulated accounts betting at the break-even rate raise about the expected number of false alarms', () => {
    // A seeded generator (mulberry32) so the test is the same every run.
    let seed = 19;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const alpha = 0.01;
    const p = breakEvenRate(80);
    let flags = 0;
    let expected = 0;
    let variance = 0;
    for (let account = 0; account < 10_000; account++) {
      const n = 20 + Math.floor(random() * 180);
      let wins = 0;
      for (let i = 0; i < n; i++) if (random() < p) wins += 1;
      if (winRateTest(n, wins, p, alpha).flagged) flags += 1;
      const size = exactFalseAlarmRate(n, p, alpha);
      expected += size;
      variance += size * (1 - size);
    }
    // The exact size is below alpha (the binomial is discrete), so fewer than 100 alarms are due.
    expect(expected).toBeLessThanOrEqual(100);
    expect(expected).toBeGreaterThan(30);
    expect(Math.abs(flags - expected)).toBeLessThan(4 * Math.sqrt(variance));
  });

  test('the signal lists the account that won 23 of 23 with its bets linked, and not an ordinary one', async () => {
    const lucky = await signUp(server.app);
    const ordinary = await signUp(server.app);
    const insert = (userId: number, won: boolean, i: number) => ({
      user_id: userId, wallet_type: 'demo' as const, pair_id: 'eurusd', direction: 'up' as const, amount_cents: 1000, payout_percent: 80,
      open_tick_id: i, open_tick_t: Date.now() - 60_000, open_rate: 1.1, opened_at: new Date(Date.now() - 60_000), expires_at: new Date(Date.now() - 30_000),
      status: won ? ('won' as const) : ('lost' as const), close_tick_id: i + 1, close_tick_t: Date.now() - 30_000, close_rate: won ? 1.2 : 1.0,
      closed_at: new Date(Date.now() - 30_000), returned_cents: won ? 1800 : 0,
    });
    await db().insertInto('bets').values([
      ...Array.from({ length: 23 }, (_, i) => insert(lucky.userId, true, i)),
      ...Array.from({ length: 23 }, (_, i) => insert(ordinary.userId, i % 2 === 0, i)),
    ]).execute();
    const today = new Date().toISOString().slice(0, 10);
    const signals = await winRateSignals(db(), { from: today, to: today }, 0.001);
    expect(signals.map((s) => s.account_id)).toEqual([lucky.accountId]);
    const riskOperator = await signUpRisk(server.app);
    const page = await server.app.inject({ method: 'GET', url: '/backoffice/risk/signals', headers: { cookie: riskOperator.cookie, 'accept-language': 'en' } });
    expect(page.body).toContain(`href="/backoffice/risk/traders/${lucky.accountId}"`);
    const evidence = await server.app.inject({ method: 'GET', url: `/backoffice/risk/traders/${lucky.accountId}`, headers: { cookie: riskOperator.cookie, 'accept-language': 'en' } });
    expect(evidence.statusCode).toBe(200);
    expect(evidence.body).toContain('Entry tick');
    expect(evidence.body.match(/<td>Won /g)).toHaveLength(23);
  });
});

describe('results export', () => {
  test('a cell a spreadsheet would run as a formula is quoted; numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvCell('+1+1')).toBe(`'+1+1`);
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-12.5)).toBe(-12.5);
    expect(csvCell('eurusd')).toBe('eurusd');
  });
});

describe('results', () => {
  test('final days are read from their roll-up and equal the bets; today is read live; demo is kept apart from money', async () => {
    const trader = await signUp(server.app);
    const day = (daysAgo: number, hour = 12) => new Date(Date.now() - daysAgo * 86_400_000 + (hour - new Date().getUTCHours()) * 3_600_000);
    const bet = (closedAt: Date, wallet: 'main' | 'demo', won: boolean, amount: number) => ({
      user_id: trader.userId, wallet_type: wallet, pair_id: 'eurusd', direction: 'up' as const, amount_cents: amount, payout_percent: 80,
      open_tick_id: 1, open_tick_t: closedAt.getTime() - 60_000, open_rate: 1.1, opened_at: new Date(closedAt.getTime() - 60_000), expires_at: closedAt,
      status: won ? ('won' as const) : ('lost' as const), close_tick_id: 2, close_tick_t: closedAt.getTime(), close_rate: won ? 1.2 : 1.0,
      closed_at: closedAt, returned_cents: won ? (amount * 180) / 100 : 0,
    });
    await db().insertInto('bets').values([
      bet(day(3), 'main', true, 1000), bet(day(3), 'main', false, 500), bet(day(2), 'demo', false, 9900),
      bet(day(2), 'main', false, 2000), bet(new Date(Date.now() - 1000), 'main', true, 100),
    ]).execute();
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const { results } = await import('../../server/src/modules/risk/results');
    const first = await results(db(), { from, to: today }, 'en');
    const rolledDays = await sql<{ n: number }>`select count(*)::int as n from risk_rolled_periods where hours = 24`.execute(db());
    expect(Number(rolledDays.rows[0]!.n)).toBe(new Date(Date.now() - 10 * 60_000).toISOString().slice(0, 10) === today ? 5 : 4);
    const second = await results(db(), { from, to: today }, 'en');
    expect(second).toEqual(first);
    // House: +500 (day 3: keeps 5.00, pays 8.00 net on 10.00 → -800 + 500 = -300), +2000 (day 2), -80 today.
    expect(first.byDay.map((d) => [d.key, d.house_cents])).toEqual([
      [day(3).toISOString().slice(0, 10), -300],
      [day(2).toISOString().slice(0, 10), 2000],
      [today, -80],
    ]);
    expect(first.total_house_cents).toBe(1620);
    expect(first.byWallet.find((w) => w.key === 'demo')?.house_cents).toBe(9900);
    const riskOperator = await signUpRisk(server.app);
    const csv = await server.app.inject({ method: 'GET', url: `/backoffice/risk/results.csv?from=${from}&to=${today}`, headers: { cookie: riskOperator.cookie, 'accept-language': 'en' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`day,${today},1,1,1.8,-0.8`);
    const bad = await server.app.inject({ method: 'GET', url: `/backoffice/risk/results?from=${today}&to=${from}`, headers: { cookie: riskOperator.cookie, 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(422);
    // The range is typed in the operator's order of day, month and year, and written back so.
    const russian = (iso: string) => iso.split('-').reverse().join('.');
    const typed = await server.app.inject({ method: 'GET', url: `/backoffice/risk/results?from=${russian(from)}&to=${russian(today)}`, headers: { cookie: riskOperator.cookie, 'accept-language': 'ru' } });
    expect(typed.statusCode).toBe(200);
    expect(typed.body).toContain(`name="from" required maxlength="20" autocomplete="off" value="${russian(from)}"`);
    expect(typed.body).toContain(`href="/backoffice/risk/results.csv?from=${from}&amp;to=${today}"`);
    const unreadable = await server.app.inject({ method: 'GET', url: '/backoffice/risk/signals?from=31.02.2026', headers: { cookie: riskOperator.cookie, 'accept-language': 'ru' } });
    expect(unreadable.statusCode).toBe(422);
  });
});

describe('abuse: shared origins', () => {
  test('three accounts seen from one address are listed together, each linked to its bets', async () => {
    const accounts = [await signUp(server.app), await signUp(server.app), await signUp(server.app)];
    for (const account of accounts) {
      const seen = await server.app.inject({ method: 'GET', url: '/api/bet/user/list?wallet_type=demo', remoteAddress: '203.0.113.7', headers: { 'x-requested-with': 'XMLHttpRequest', cookie: account.cookie } });
      expect(seen.statusCode).toBe(200);
    }
    await expect.poll(async () => (await db().selectFrom('account_sightings').select('user_id').where('value', '=', '203.0.113.7').execute()).length).toBe(3);
    const riskOperator = await signUpRisk(server.app);
    const page = await server.app.inject({ method: 'GET', url: '/backoffice/risk/signals', headers: { cookie: riskOperator.cookie, 'accept-language': 'en' } });
    expect(page.body).toContain('203.0.113.7');
    for (const account of accounts) expect(page.body).toContain(`href="/backoffice/risk/traders/${account.accountId}"`);
    // A browser seen with the three is listed too, but its id, the secret of its device cookie, is not shown.
    const device = 'Vq3n0cW1b2x9Zt7a';
    await db().insertInto('account_sightings').values(accounts.map((a) => ({ user_id: a.userId, kind: 'device' as const, value: device }))).execute();
    const withDevice = await server.app.inject({ method: 'GET', url: '/backoffice/risk/signals', headers: { cookie: riskOperator.cookie, 'accept-language': 'en' } });
    expect(withDevice.body).toContain('Device');
    expect(withDevice.body).not.toContain(device);
  });
});

describe('abuse: fast bets and cycles', () => {
  test('fast bets: flagged when the next tick favours too many of them for chance, not at about half', async () => {
    const { fastBetFlags } = await import('../../server/src/modules/risk/signals');
    const stats = (user_id: number, fast: number, favourable: number) => ({ user_id, decided: fast, wins: 0, payout_sum: 0, fast, favourable, main_stakes_cents: 0 });
    expect(fastBetFlags([stats(1, 40, 34), stats(2, 40, 22), stats(3, 0, 0)], 0.001).map((f) => f.user_id)).toEqual([1]);
  });

  test('a deposit withdrawn with little trading in between is listed, an account that traded it is not', async () => {
    const { moveMoney } = await import('../../server/src/modules/wallet/ledger');
    const { signals } = await import('../../server/src/modules/risk/signals');
    const cycler = await createTrader(server, { mainCents: 50_000 });
    const trader = await createTrader(server, { mainCents: 50_000 });
    await db().transaction().execute(async (trx) => {
      for (const who of [cycler, trader]) {
        await moveMoney(trx, { userId: who.id, walletType: 'main', kind: 'withdrawal_hold', amountCents: -45_000, refType: 'withdrawal', refId: who.id });
      }
    });
    const closedAt = new Date(Date.now() - 1000);
    await db().insertInto('bets').values({
      user_id: trader.id, wallet_type: 'main', pair_id: 'eurusd', direction: 'up', amount_cents: 40_000, payout_percent: 80,
      open_tick_id: 1, open_tick_t: closedAt.getTime() - 60_000, open_rate: 1.1, opened_at: new Date(closedAt.getTime() - 60_000), expires_at: closedAt,
      status: 'lost', close_tick_id: 2, close_tick_t: closedAt.getTime(), close_rate: 1.0, closed_at: closedAt, returned_cents: 0,
    }).execute();
    const today = new Date().toISOString().slice(0, 10);
    const found = await signals(db(), { from: today, to: today }, { false_alarm_rate: 0.001, fast_bet_ms: 300 });
    expect(found.cycles.map((c) => [c.account_id, c.deposits_cents, c.withdrawals_cents, c.stakes_cents])).toEqual([[cycler.accountId, 50_000, 45_000, 0]]);
  });
});
