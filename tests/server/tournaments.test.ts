import { describe, expect, test } from 'vitest';
import { useTestServer as testServer, XHR } from './harness';
import { balanceCents, createTrader, decide, expectLedgerConsistent, ledgerRows, publicIdOf, signWebhook, type Trader } from './money-fixtures';
import {
  createSpecialTournament,
  ensureWeeklyTournament,
  finishTournaments,
  weekStart,
} from '../../server/src/modules/tournaments/service';

const server = testServer({ keep: ['payment_systems', 'pairs'] });

async function current(trader?: Trader) {
  const res = await server.app.inject({ method: 'GET', url: '/api/tournament/current', headers: trader?.headers ?? XHR });
  expect(res.statusCode).toBe(200);
  return res.json().payload as { tournament: { id: number; joined: boolean; participants: number; entry_fee: number }; running: Array<{ id: number }> };
}

function join(trader: Trader, id: number) {
  return server.app.inject({ method: 'POST', url: `/api/tournament/${id}/join`, headers: trader.headers, payload: {} });
}

/** A settled tournament-wallet bet as the trading module records it. */
async function settledBet(userId: number, stakeCents: number, returnedCents: number, openedAt = new Date()) {
  await server.database.db
    .insertInto('pairs')
    .values({ id: 'eurusd', symbol: 'EUR/USD', name: 'Euro / US Dollar', digits: 5, payout_percent: 80, min_amount_cents: 1_00, max_amount_cents: 1000_00, start_price: 1.1, volatility: 0.07 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await server.database.db
    .insertInto('bets')
    .values({
      user_id: userId,
      wallet_type: 'tournament',
      pair_id: 'eurusd',
      direction: 'up',
      amount_cents: stakeCents,
      payout_percent: 80,
      open_tick_id: 1,
      open_tick_t: openedAt.getTime(),
      open_rate: 1.1,
      opened_at: openedAt,
      expires_at: new Date(openedAt.getTime() + 60_000),
      status: returnedCents > stakeCents ? 'won' : returnedCents === stakeCents ? 'refund' : 'lost',
      closed_at: new Date(openedAt.getTime() + 60_000),
      returned_cents: returnedCents,
    })
    .execute();
}

describe('the weekly tournament', () => {
  test('always exists: created once for the current week, however many ask at once', async () => {
    const answers = await Promise.all([current(), current(), current()]);
    const ids = new Set(answers.map((a) => a.tournament.id));
    expect(ids.size).toBe(1);
    const { tournament } = answers[0]!;
    expect(tournament).toMatchObject({ kind: 'weekly', entry_fee: 0, start_balance: 1000, prizes: [100, 50, 25], status: 'running', joined: false, participants: 0 });
    expect(tournament).toMatchObject({ name: 'Weekly tournament', starts_at: weekStart(new Date()).toISOString() });
    expect(weekStart(new Date('2026-11-29T23:59:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  test('joining sets the tournament wallet to the start balance, once', async () => {
    const trader = await createTrader(server);
    const { tournament } = await current(trader);
    const res = await join(trader, tournament.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ tournament: { id: tournament.id, joined: true, participants: 1 }, you: { rank: 1, profit: 0, is_you: true } });
    expect(res.json().user.wallets).toContainEqual({ wallet_type: 'tournament', amount: 1000 });
    // Spending in the tournament and joining again does not refill the wallet.
    await server.database.db.transaction().execute(async (trx) => {
      const { moveMoney } = await import('../../server/src/modules/wallet/ledger');
      await moveMoney(trx, { userId: trader.id, walletType: 'tournament', kind: 'stake', amountCents: -300_00, refType: 'bet', refId: 900 });
    });
    expect((await join(trader, tournament.id)).statusCode).toBe(200);
    expect(await balanceCents(server, trader.id, 'tournament')).toBe(700_00);
    expect((await current(trader)).tournament.joined).toBe(true);
    await expectLedgerConsistent(server);
  });

  test('join errors: unknown, malformed, anonymous, operator', async () => {
    const trader = await createTrader(server);
    expect((await join(trader, 999)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/api/tournament/abc/join', headers: trader.headers, payload: {} })).statusCode).toBe(422);
    const { tournament } = await current();
    expect((await server.app.inject({ method: 'POST', url: `/api/tournament/${tournament.id}/join`, headers: XHR, payload: {} })).statusCode).toBe(401);
    const operator = await createTrader(server, { role: 'operator' });
    expect((await join(operator, tournament.id)).statusCode).toBe(403);
  });

  test('the leaderboard ranks entrants by the profit of their settled tournament bets', async () => {
    const [a, b, c] = [await createTrader(server), await createTrader(server), await createTrader(server)];
    const { tournament } = await current();
    for (const t of [a, b, c]) expect((await join(t, tournament.id)).statusCode).toBe(200);
    await settledBet(a.id, 100_00, 180_00); // +80
    await settledBet(b.id, 100_00, 0); // -100
    await settledBet(b.id, 50_00, 90_00); // +40 -> -60
    await settledBet(c.id, 10_00, 18_00); // +8
    await settledBet(c.id, 10_00, 18_00, new Date(Date.now() - 30 * 86_400_000)); // before joining: not counted
    const res = await server.app.inject({ method: 'GET', url: `/api/tournament/${tournament.id}/leaderboard?limit=2`, headers: c.headers });
    expect(res.statusCode).toBe(200);
    const { items, you } = res.json().payload;
    expect(items.map((r: { profit: number; bets: number }) => [r.profit, r.bets])).toEqual([[80, 1], [8, 1]]);
    expect(items[1].is_you).toBe(true);
    expect(you).toMatchObject({ rank: 2, profit: 8, bets: 1, is_you: true });
    expect(items[0].name).not.toContain(a.accountId);
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/tournament/${tournament.id}/leaderboard`, headers: XHR });
    expect(anonymous.json().payload.you).toBeNull();
    expect(anonymous.json().payload.items).toHaveLength(3);
    expect((await server.app.inject({ method: 'GET', url: `/api/tournament/${tournament.id}/leaderboard?limit=0`, headers: XHR })).statusCode).toBe(422);
    expect((await server.app.inject({ method: 'GET', url: '/api/tournament/999/leaderboard', headers: XHR })).statusCode).toBe(404);
  });

  test('at the end prizes go to the main wallet once, with a notification', async () => {
    const [a, b, idle] = [await createTrader(server), await createTrader(server), await createTrader(server)];
    const { tournament } = await current();
    for (const t of [a, b, idle]) await join(t, tournament.id);
    await settledBet(a.id, 100_00, 0);
    await settledBet(b.id, 100_00, 180_00);
    const end = new Date(weekStart(new Date()).getTime() + 7 * 86_400_000);
    expect(await finishTournaments(server.database.db, new Date(end.getTime() - 1000))).toEqual([]);
    expect(await finishTournaments(server.database.db, end)).toEqual([tournament.id]);
    expect(await finishTournaments(server.database.db, end)).toEqual([]);
    expect(await balanceCents(server, b.id)).toBe(100_00);
    expect(await balanceCents(server, a.id)).toBe(50_00);
    // No settled bet, no prize.
    expect(await balanceCents(server, idle.id)).toBe(0);
    const notice = await server.database.db.selectFrom('notifications').select('title').where('user_id', '=', b.id).executeTakeFirstOrThrow();
    expect(notice.title).toBe('The tournament has ended: rank 1, prize $100.00 credited to the main wallet');
    const entries = await server.database.db.selectFrom('tournament_entries').select(['user_id', 'final_rank', 'prize_cents']).orderBy('final_rank').execute();
    expect(entries).toEqual([
      { user_id: b.id, final_rank: 1, prize_cents: 100_00 },
      { user_id: idle.id, final_rank: 2, prize_cents: 0 },
      { user_id: a.id, final_rank: 3, prize_cents: 50_00 },
    ]);
    // The next week's tournament is there for whoever asks.
    const next = await ensureWeeklyTournament(server.database.db, end);
    expect(next.id).not.toBe(tournament.id);
    await expectLedgerConsistent(server);
  });
});

describe('a paid tournament through /purchase', () => {
  async function special(entryFeeCents = 25_00) {
    const now = Date.now();
    return createSpecialTournament(server.database.db, {
      name: 'Weekend Cup',
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 86_400_000),
      entryFeeCents,
      startBalanceCents: 5000_00,
      prizesCents: [500_00],
    });
  }

  async function buy(trader: Trader, productId: number) {
    const res = await server.app.inject({ method: 'POST', url: '/api/purchase/integration_json', headers: trader.headers, payload: { ps_id: 1, product_id: productId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as { purchase_id: number; redirect_url: string; check_url: string };
  }

  test('joining redirects to the purchase; paying joins once, even when the approval is replayed', async () => {
    const trader = await createTrader(server);
    const cup = await special();
    const joined = await join(trader, cup.id);
    expect(joined.json()).toMatchObject({ status: 'redirect', payload: { status: 'redirect', redirect_url: `/purchase?product_id=${cup.id}` } });

    const config = await server.app.inject({ method: 'GET', url: `/api/purchase/ps/${cup.id}`, headers: trader.headers });
    expect(config.json().payload).toMatchObject({
      product: { id: cup.id, kind: 'tournament_entry', name: 'Entry to Weekend Cup', price: 25, owned: false },
      integration_url: '/purchase/integration_json',
    });
    // Bank transfer starts at 50.00: above the 25.00 fee it is not offered.
    expect(config.json().payload.items.map((item: { slug: string }) => item.slug)).toEqual(['card', 'usdt']);
    const cheap = await special(5_00);
    const cheapConfig = await server.app.inject({ method: 'GET', url: `/api/purchase/ps/${cheap.id}`, headers: trader.headers });
    expect(cheapConfig.json().payload.items).toEqual([]);

    const purchase = await buy(trader, cup.id);
    expect(purchase.redirect_url).toMatch(/^\/sandbox\/checkout\//);
    const page = await server.app.inject({ method: 'GET', url: purchase.redirect_url, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('Tournament entry');
    const approved = await decide(server, purchase.redirect_url, 'approve');
    expect(approved.headers.location).toBe(`/purchase?purchase_id=${purchase.purchase_id}`);
    await decide(server, purchase.redirect_url, 'approve');
    const body = JSON.stringify({ event_id: 'provider-retry', payment_id: publicIdOf(purchase.redirect_url), status: 'approved', amount_cents: 25_00 });
    await server.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-signature': signWebhook(server, body) },
      payload: body,
    });

    const check = await server.app.inject({ method: 'POST', url: '/api/deposit/integration_json/check', headers: trader.headers, payload: { url: purchase.check_url } });
    expect(check.json().payload).toEqual({ status: 'completed' });
    expect(await balanceCents(server, trader.id, 'tournament')).toBe(5000_00);
    expect(await balanceCents(server, trader.id)).toBe(0);
    expect(await ledgerRows(server, 'deposit', 'purchase', purchase.purchase_id)).toHaveLength(1);
    expect(await ledgerRows(server, 'tournament_entry', 'purchase', purchase.purchase_id)).toHaveLength(1);
    expect((await join(trader, cup.id)).json().payload.tournament).toMatchObject({ id: cup.id, joined: true, participants: 1 });
    const again = await server.app.inject({ method: 'POST', url: '/api/purchase/integration_json', headers: trader.headers, payload: { ps_id: 1, product_id: cup.id } });
    expect(again.statusCode).toBe(422);
    await expectLedgerConsistent(server);
  });

  test('a declined purchase joins nothing and moves nothing', async () => {
    const trader = await createTrader(server);
    const cup = await special();
    const purchase = await buy(trader, cup.id);
    await decide(server, purchase.redirect_url, 'decline');
    expect(await balanceCents(server, trader.id, 'tournament')).toBe(0);
    const board = await server.app.inject({ method: 'GET', url: `/api/tournament/${cup.id}/leaderboard`, headers: trader.headers });
    expect(board.json().payload.items).toEqual([]);
  });

  test('paid while already in another tournament: the money stays in the main wallet', async () => {
    const trader = await createTrader(server);
    const cup = await special();
    const purchase = await buy(trader, cup.id);
    const { tournament } = await current(trader);
    expect((await join(trader, tournament.id)).statusCode).toBe(200);
    await decide(server, purchase.redirect_url, 'approve');
    expect(await balanceCents(server, trader.id)).toBe(25_00);
    expect(await balanceCents(server, trader.id, 'tournament')).toBe(1000_00);
    const inAnother = await join(trader, cup.id);
    expect(inAnother.statusCode).toBe(422);
    expect(inAnother.json().payload.message).toBe('You are already playing another tournament; join this one after it ends');
    const buyAgain = await server.app.inject({ method: 'POST', url: '/api/purchase/integration_json', headers: trader.headers, payload: { ps_id: 1, product_id: cup.id } });
    expect(buyAgain.statusCode).toBe(422);
    await expectLedgerConsistent(server);
  });

  test('purchase errors: free or unknown product, unknown system, bad body', async () => {
    const trader = await createTrader(server);
    const { tournament } = await current();
    const cup = await special();
    const free = await server.app.inject({ method: 'GET', url: `/api/purchase/ps/${tournament.id}`, headers: trader.headers });
    expect(free.statusCode).toBe(404);
    const post = (payload: object) => server.app.inject({ method: 'POST', url: '/api/purchase/integration_json', headers: trader.headers, payload });
    expect((await post({ ps_id: 1, product_id: tournament.id })).statusCode).toBe(404);
    expect((await post({ ps_id: 99, product_id: cup.id })).statusCode).toBe(404);
    expect((await post({ ps_id: 1 })).statusCode).toBe(422);
    expect((await post({ ps_id: 1, product_id: cup.id, amount: 1 })).statusCode).toBe(422);
    const cheap = await special(5_00);
    const belowMin = await post({ ps_id: 1, product_id: cheap.id });
    expect(belowMin.statusCode).toBe(422);
    expect(belowMin.json().payload.fields.ps_id).toBe('The minimum amount is $10.00');
  });
});
