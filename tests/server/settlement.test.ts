import { describe, expect, test } from 'vitest';
import { signUp, useTestServer as testServer } from './harness';
import { addTick, balanceCents, betRequest, ledgerSumCents, placeOk, TRADING_KEEP } from './trading-support';
import { outcomeOf, readExpiry, settleDue, settleReadExpiry, startSettlement, SETTLE_GRACE_MS } from '../../server/src/jobs/settlement';
import { closeSoldBet } from '../../server/src/modules/bets/repo';
import { createLocalBus } from '../../server/src/realtime/bus';
import type { Bet } from '../../src/api/contract/bets';
import type { ServerMessage } from '../../src/api/contract/realtime';

const server = testServer({ keep: TRADING_KEEP });
const db = () => server.database.db;

/** A trader with one open bet on EUR/USD at 1.10000 (payout 88 %). */
async function openBet(overrides: Parameters<typeof betRequest>[1] = {}) {
  const trader = await signUp(server.app);
  const tick = await addTick(db(), 'eurusd', 1.1);
  const bet = await placeOk(server.app, trader.cookie, betRequest(tick.id, overrides));
  return { trader, bet, opened: Date.parse(bet.opened_at), expires: Date.parse(bet.expires_at) };
}

const row = (id: number) => db().selectFrom('bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const credits = (id: number) =>
  db().selectFrom('ledger_entries').select(['kind', 'amount_cents']).where('ref_type', '=', 'bet').where('ref_id', '=', String(id)).where('kind', '!=', 'stake').execute();

describe('outcome rules', () => {
  const bet = { amount_cents: 1001, payout_percent: 88, open_rate: 1.1 };
  test('up above, down below win; the other side loses; a tie or no tick refunds', () => {
    expect(outcomeOf({ ...bet, direction: 'up' }, 1.10001)).toEqual({ status: 'won', returnedCents: 1881 }); // 18.8188 rounded down
    expect(outcomeOf({ ...bet, direction: 'up' }, 1.09999)).toEqual({ status: 'lost', returnedCents: 0 });
    expect(outcomeOf({ ...bet, direction: 'down' }, 1.09999)).toEqual({ status: 'won', returnedCents: 1881 });
    expect(outcomeOf({ ...bet, direction: 'down' }, 1.10001)).toEqual({ status: 'lost', returnedCents: 0 });
    expect(outcomeOf({ ...bet, direction: 'up' }, 1.1)).toEqual({ status: 'refund', returnedCents: 1001 });
    expect(outcomeOf({ ...bet, direction: 'down' }, undefined)).toEqual({ status: 'refund', returnedCents: 1001 });
  });
});

describe('settleDue', () => {
  test('a win credits stake plus payout rounded down, once, with the messages and a notification', async () => {
    const { trader, bet, expires } = await openBet({ amount: 10.01 });
    await addTick(db(), 'eurusd', 1.10002, expires - 400);
    const bus = createLocalBus();
    const seen: ServerMessage[] = [];
    bus.onUser((userId, message) => userId === trader.userId && seen.push(message));
    expect(await settleDue(db(), expires - 1, { bus })).toEqual([]); // not yet expired
    const settled = await settleDue(db(), expires, { bus });
    expect(settled.map((s) => s.bet)).toMatchObject([{ id: bet.id, status: 'won', close_rate: 1.10002, profit: 8.8 }]);
    expect(await credits(bet.id)).toEqual([{ kind: 'payout', amount_cents: 1881 }]);
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 1001 + 1881);
    expect(await ledgerSumCents(db(), trader.userId)).toBe(1_000_000 - 1001 + 1881);
    expect(seen.map((m) => m.type)).toEqual(['bet', 'notification', 'wallets']);
    const notification = seen[1] as Extract<ServerMessage, { type: 'notification' }>;
    expect(notification.notification).toMatchObject({ type: 'success', redirect_url: '/history/bets' });
    expect(notification.notification.title).toContain('EUR/USD');
    // Exactly once: a second pass changes nothing.
    expect(await settleDue(db(), expires + 10_000, { bus })).toEqual([]);
    expect(await credits(bet.id)).toHaveLength(1);
    expect(await db().selectFrom('notifications').select('id').where('user_id', '=', trader.userId).execute()).toHaveLength(1);
  });

  test('a loss credits nothing and keeps the exit tick', async () => {
    const { trader, bet, expires } = await openBet({ direction: 'up' });
    const exit = await addTick(db(), 'eurusd', 1.09, expires - 100);
    await settleDue(db(), expires);
    expect(await row(bet.id)).toMatchObject({ status: 'lost', returned_cents: 0, close_tick_id: exit.id, close_rate: 1.09 });
    expect(await credits(bet.id)).toEqual([]);
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 1000);
  });

  test('a tie refunds the stake', async () => {
    const { trader, bet, expires } = await openBet({ direction: 'down' });
    await addTick(db(), 'eurusd', 1.12, expires - 5000);
    await addTick(db(), 'eurusd', 1.1, expires - 1000); // back to the entry at the end
    await settleDue(db(), expires);
    expect(await row(bet.id)).toMatchObject({ status: 'refund', returned_cents: 1000, close_rate: 1.1 });
    expect(await credits(bet.id)).toEqual([{ kind: 'refund', amount_cents: 1000 }]);
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000);
  });

  test('a feed gap (no tick inside the bet\'s life) refunds the stake', async () => {
    const { trader, bet, opened, expires } = await openBet();
    await addTick(db(), 'eurusd', 1.2, opened - 1); // before the bet: not its exit
    await addTick(db(), 'eurusd', 1.3, expires + 1); // after expiry: not its exit either
    const [settled] = await settleDue(db(), expires + 5000);
    expect(settled!.bet).toMatchObject({ status: 'refund', profit: 0 });
    expect(settled!.bet.close_rate).toBeUndefined();
    expect(await row(bet.id)).toMatchObject({ status: 'refund', close_tick_id: null });
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000);
  });

  test('a tick exactly at expiry is the exit; the one just after is not', async () => {
    const { bet, expires } = await openBet({ direction: 'up' });
    const atExpiry = await addTick(db(), 'eurusd', 1.105, expires);
    await addTick(db(), 'eurusd', 1.0, expires + 1);
    await settleDue(db(), expires + 2000);
    expect(await row(bet.id)).toMatchObject({ status: 'won', close_tick_id: atExpiry.id, close_tick_t: expires });
  });

  test('settlers running at once settle each bet once', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const bets: Bet[] = [];
    for (let i = 0; i < 10; i++) bets.push(await placeOk(server.app, trader.cookie, betRequest(tick.id, { direction: i % 2 ? 'up' : 'down' })));
    const expires = Math.max(...bets.map((b) => Date.parse(b.expires_at)));
    // Inside every bet's life: after the last opening, before the first expiry.
    await addTick(db(), 'eurusd', 1.2, Math.min(...bets.map((b) => Date.parse(b.expires_at))) - 10);
    const runs = await Promise.all([settleDue(db(), expires), settleDue(db(), expires), settleDue(db(), expires)]);
    expect(runs.flat()).toHaveLength(10);
    expect(new Set(runs.flat().map((s) => s.bet.id)).size).toBe(10);
    const payouts = await db().selectFrom('ledger_entries').select('ref_id').where('kind', '=', 'payout').execute();
    expect(payouts).toHaveLength(5);
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 10 * 1000 + 5 * 1880);
    expect(await ledgerSumCents(db(), trader.userId)).toBe(await balanceCents(db(), trader.userId));
  });
});

describe('bets read ahead of their expiry', () => {
  /** Moves bets to one common expiry (placed bets end on different minute boundaries as the clock turns). */
  const expireAt = (expires: number, ...ids: number[]) =>
    db().updateTable('bets').set({ expires_at: new Date(expires) }).where('id', 'in', ids).execute();
  const sellBack = async (id: number) => {
    const tick = await addTick(db(), 'eurusd', 1.1);
    await db().transaction().execute((trx) => closeSoldBet(trx, id, { tick, closedAt: new Date(), returnedCents: 500 }));
  };

  test('settle with the exit tick stored after the read; a bet sold back since is left alone, one the read missed is claimed', async () => {
    const up = await openBet({ direction: 'up' });
    const down = await openBet({ direction: 'down' });
    const sold = await openBet({ direction: 'up' });
    const expires = up.expires;
    await expireAt(expires, up.bet.id, down.bet.id, sold.bet.id);
    const read = await readExpiry(db(), expires);
    expect(read.bets.map((bet) => bet.id)).toEqual([up.bet.id, down.bet.id, sold.bet.id]);

    await sellBack(sold.bet.id);
    const late = await openBet({ direction: 'down' });
    await expireAt(expires, late.bet.id);
    const exit = await addTick(db(), 'eurusd', 1.2, expires - 100);

    const bus = createLocalBus();
    const heard: number[] = [];
    bus.onUser((_user, message) => message.type === 'bet' && heard.push(Number(message.bet.id)));
    const settled = await settleReadExpiry(db(), read, expires, { bus });
    expect(settled.map((s) => [s.bet.id, s.bet.status])).toEqual([[up.bet.id, 'won'], [down.bet.id, 'lost']]);
    expect(heard).toEqual([up.bet.id, down.bet.id]);
    expect(await row(up.bet.id)).toMatchObject({ status: 'won', close_tick_id: exit.id, close_rate: 1.2 });
    expect(await credits(up.bet.id)).toEqual([{ kind: 'payout', amount_cents: 1880 }]);
    expect(await balanceCents(db(), up.trader.userId)).toBe(1_000_000 - 1000 + 1880);
    expect(await row(sold.bet.id)).toMatchObject({ status: 'closed', returned_cents: 500 });
    expect(await credits(sold.bet.id)).toEqual([]);

    // The bet the read missed is still open, and the claim that follows settles it.
    expect(await row(late.bet.id)).toMatchObject({ status: 'open' });
    expect((await settleDue(db(), expires)).map((s) => [s.bet.id, s.bet.status])).toEqual([[late.bet.id, 'lost']]);
    // A second pass over the read changes nothing.
    expect(await settleReadExpiry(db(), read, expires)).toEqual([]);
    expect(await credits(up.bet.id)).toHaveLength(1);
  });

  test('a settler with the read and settlers claiming, at once, settle each bet once', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const bets: Bet[] = [];
    for (let i = 0; i < 12; i++) bets.push(await placeOk(server.app, trader.cookie, betRequest(tick.id, { direction: i % 2 ? 'up' : 'down' })));
    const expires = Date.parse(bets[0]!.expires_at);
    await expireAt(expires, ...bets.map((bet) => bet.id));
    const read = await readExpiry(db(), expires);
    await addTick(db(), 'eurusd', 1.2, expires - 10);
    const runs = await Promise.all([settleReadExpiry(db(), read, expires), settleDue(db(), expires), settleDue(db(), expires)]);
    expect(runs.flat().map((s) => s.bet.id).sort((a, b) => a - b)).toEqual(bets.map((bet) => bet.id).sort((a, b) => a - b));
    expect(await db().selectFrom('ledger_entries').select('ref_id').where('kind', '=', 'payout').execute()).toHaveLength(6);
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 12 * 1000 + 6 * 1880);
    expect(await ledgerSumCents(db(), trader.userId)).toBe(await balanceCents(db(), trader.userId));
  });

  test('beside the feed, the settler settles the next expiry read ahead, with the bets sold back or added since', async () => {
    const kept = await openBet({ direction: 'up' });
    const sold = await openBet({ direction: 'up' });
    const expiresAt = Date.now() + 2500;
    await expireAt(expiresAt, kept.bet.id, sold.bet.id);
    const bus = createLocalBus();
    const settled = new Map<number, string>();
    bus.onUser((_user, message) => {
      if (message.type === 'bet' && message.bet.status !== 'open') settled.set(Number(message.bet.id), String(message.bet.status));
    });
    const settler = startSettlement(db(), { bus, log: server.app.log });
    try {
      settler.ticksStored(Date.now() - 1000); // the feed runs here: the settler reads the next expiry at its next look
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await sellBack(sold.bet.id);
      const late = await openBet({ direction: 'down' });
      await expireAt(expiresAt, late.bet.id);
      await addTick(db(), 'eurusd', 1.2, expiresAt);
      await expect.poll(() => (settler.ticksStored(expiresAt), settled.size), { timeout: 4000, interval: 100 }).toBe(2);
      expect(Object.fromEntries(settled)).toEqual({ [kept.bet.id]: 'won', [late.bet.id]: 'lost' });
    } finally {
      await settler.stop();
    }
    expect(await row(sold.bet.id)).toMatchObject({ status: 'closed' });
  });
});

describe('the settler', () => {
  test('at start it settles bets a crash left open, then keeps settling within a second of expiry', async () => {
    const overdue = await openBet();
    await addTick(db(), 'eurusd', 1.2, overdue.expires - 1);
    // Pretend the server was down over the expiry: the bet is already overdue.
    await db().updateTable('bets').set({ expires_at: new Date(Date.now() - 5000), opened_at: new Date(overdue.opened - 60_000) }).where('id', '=', overdue.bet.id).execute();
    await db().updateTable('ticks').set({ t: Date.now() - 6000 }).where('v', '=', 1.2).execute();

    // A bet that expires in a moment while the settler runs.
    const soon = await openBet({ direction: 'down' });
    const expiresAt = Date.now() + 700;
    await db().updateTable('bets').set({ expires_at: new Date(expiresAt) }).where('id', '=', soon.bet.id).execute();
    await addTick(db(), 'eurusd', 1.0, expiresAt - 100);

    const bus = createLocalBus();
    const settledAt = new Map<number, number>();
    bus.onUser((_user, message) => {
      if (message.type === 'bet' && message.bet.status !== 'open') settledAt.set(Number(message.bet.id), Date.now());
    });
    const settler = startSettlement(db(), { bus, log: server.app.log });
    try {
      await expect.poll(() => settledAt.size, { timeout: 5000, interval: 50 }).toBe(2);
    } finally {
      await settler.stop();
    }
    expect(await row(overdue.bet.id)).toMatchObject({ status: 'won' });
    expect(await row(soon.bet.id)).toMatchObject({ status: 'won' });
    const lag = settledAt.get(soon.bet.id)! - expiresAt;
    expect(lag).toBeGreaterThanOrEqual(SETTLE_GRACE_MS);
    expect(lag).toBeLessThan(1000);
  });

  test('when the feed has stored the expiry\'s ticks it settles at once, without the grace', async () => {
    const { bet } = await openBet({ direction: 'up' });
    const expiresAt = Date.now() + 5000;
    await db().updateTable('bets').set({ expires_at: new Date(expiresAt) }).where('id', '=', bet.id).execute();
    await addTick(db(), 'eurusd', 1.2, expiresAt);

    const bus = createLocalBus();
    let settledAt: number | undefined;
    bus.onUser((_user, message) => {
      if (message.type === 'bet' && message.bet.id === bet.id && message.bet.status !== 'open') settledAt = Date.now();
    });
    const settler = startSettlement(db(), { bus, log: server.app.log });
    try {
      // The feed says so every second; here ahead of the clock, so only the feed's word can settle the bet.
      await expect.poll(() => (settler.ticksStored(expiresAt), settledAt), { timeout: 4000, interval: 100 }).toBeDefined();
    } finally {
      await settler.stop();
    }
    expect(settledAt!).toBeLessThan(expiresAt);
    expect(await row(bet.id)).toMatchObject({ status: 'won', close_rate: 1.2 });
  });
});
