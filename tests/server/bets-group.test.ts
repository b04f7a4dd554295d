import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { signUp, useTestServer as testServer } from './harness';
import { addTick, balanceCents, betRequest, ledgerSumCents, setDemoBalance, TRADING_KEEP } from './trading-support';
import { placeBet, placeGroup } from '../../server/src/modules/bets/placement';
import { PlacementGroups } from '../../server/src/modules/bets/placement-groups';
import type { PlacementOrder } from '../../server/src/modules/bets/placement-decision';
import type { ApiError } from '../../server/src/http/errors';

/**
 * Group commit of placements (issue 13): the placements of one group share one transaction, yet
 * each is decided and answered alone, and only the accepted ones are written.
 */
const server = testServer({ keep: TRADING_KEEP });
const db = () => server.database.db;

const codeOf = (outcome: Awaited<ReturnType<typeof placeGroup>>[number]) =>
  'error' in outcome ? (outcome.error as ApiError).code : 'ok';

describe('a group of placements', () => {
  test('good and bad placements in one group: each answered alone, only the good ones written', async () => {
    const [rich, poor, busy, retrier] = [await signUp(server.app), await signUp(server.app), await signUp(server.app), await signUp(server.app)];
    await setDemoBalance(db(), poor.userId, 1500); // 15.00: one bet of 10 fits, the second does not
    const old = await addTick(db(), 'eurusd', 1.1, Date.now() - 6000); // beyond the quote lag of the entry
    const tick = await addTick(db(), 'eurusd', 1.1001);
    const limits = { maxOpenBetsPerWallet: 2 };
    const now = Date.now();
    // busy already has its two open bets; retrier already placed one bet under a key.
    for (let i = 0; i < 2; i++) await placeBet(db(), busy.userId, randomUUID(), betRequest(tick.id), now, limits);
    const usedKey = randomUUID();
    const first = await placeBet(db(), retrier.userId, usedKey, betRequest(tick.id, { amount: 20 }), now, limits);
    const stakesBefore = await db().selectFrom('ledger_entries').select('id').where('kind', '=', 'stake').execute();

    const orders: PlacementOrder[] = [
      { userId: rich.userId, key: randomUUID(), request: betRequest(tick.id, { amount: 11 }), now },
      { userId: poor.userId, key: randomUUID(), request: betRequest(tick.id, { amount: 10 }), now },
      { userId: poor.userId, key: randomUUID(), request: betRequest(tick.id, { amount: 10 }), now }, // overdraws
      { userId: rich.userId, key: randomUUID(), request: betRequest(old.id), now }, // stale rate
      { userId: busy.userId, key: randomUUID(), request: betRequest(tick.id), now }, // over the limit
      { userId: retrier.userId, key: usedKey, request: betRequest(tick.id, { amount: 20 }), now }, // a retry
      { userId: retrier.userId, key: randomUUID(), request: betRequest(tick.id, { amount: 12 }), now },
      { userId: rich.userId, key: usedKey, request: betRequest(tick.id, { amount: 13 }), now }, // another trader's key is his own
      { userId: poor.userId, key: randomUUID(), request: betRequest(tick.id, { amount: 5 }), now }, // fits after the refusal
    ];
    const outcomes = await placeGroup(db(), orders, limits);
    expect(outcomes.map(codeOf)).toEqual(['ok', 'ok', 'insufficient_funds', 'stale_rate', 'too_many_open_bets', 'ok', 'ok', 'ok', 'ok']);
    // The retry answers the first bet and moved no money; the others carry their wallets.
    const retry = outcomes[5]!;
    expect('placement' in retry && retry.placement.bet).toEqual(first);
    expect('placement' in retry && retry.placement.wallets).toBeUndefined();
    const poorLast = outcomes[8]!;
    expect('placement' in poorLast && poorLast.placement.wallets).toContainEqual({ wallet_type: 'demo', amount: 0 });

    // Written: exactly the five new bets, each with its stake; every balance equals its ledger.
    const newBets = outcomes.flatMap((o, i) => ('placement' in o && i !== 5 ? [o.placement.bet] : []));
    expect(newBets.map((b) => b.amount)).toEqual([11, 10, 12, 13, 5]);
    const stakes = await db().selectFrom('ledger_entries').select(['ref_id', 'amount_cents']).where('kind', '=', 'stake').execute();
    expect(stakes).toHaveLength(stakesBefore.length + 5);
    for (const bet of newBets) expect(stakes).toContainEqual({ ref_id: String(bet.id), amount_cents: -Math.round(bet.amount * 100) });
    expect(await db().selectFrom('bets').select('id').execute()).toHaveLength(2 + 1 + 5);
    expect(await balanceCents(db(), rich.userId)).toBe(1_000_000 - 2400);
    expect(await balanceCents(db(), poor.userId)).toBe(0);
    expect(await balanceCents(db(), busy.userId)).toBe(1_000_000 - 2000);
    expect(await balanceCents(db(), retrier.userId)).toBe(1_000_000 - 3200);
    for (const trader of [rich, poor, busy, retrier]) {
      expect(await ledgerSumCents(db(), trader.userId)).toBe(await balanceCents(db(), trader.userId));
    }

    // Every refusal is remembered under its key: a retry gets the same answer and writes nothing.
    const again = await placeGroup(db(), orders.slice(2, 5), limits);
    expect(again.map(codeOf)).toEqual(['insufficient_funds', 'stale_rate', 'too_many_open_bets']);
    // The same key with other parameters is a conflict, even next to good placements.
    const conflict = await placeGroup(db(), [
      { userId: retrier.userId, key: usedKey, request: betRequest(tick.id, { amount: 21 }), now },
      { userId: retrier.userId, key: randomUUID(), request: betRequest(tick.id, { amount: 1 }), now },
    ], { maxOpenBetsPerWallet: 20 });
    expect(conflict.map(codeOf)).toEqual(['idempotency_conflict', 'ok']);
    const pending = await db().selectFrom('idempotency_keys').select('key').where('response', '=', JSON.stringify({ pending: true })).execute();
    expect(pending).toEqual([]);
  });

  test('200 concurrent placements on one balance: never negative, exactly what the balance allows, balance = ledger', async () => {
    const trader = await signUp(server.app);
    await setDemoBalance(db(), trader.userId, 73 * 1000); // 73 bets of 10.00
    const tick = await addTick(db(), 'eurusd', 1.1);
    const sizes: number[] = [];
    const groups = new PlacementGroups(db(), {
      maxGroup: 32,
      maxInFlight: server.database.kind === 'postgres' ? 4 : 1,
      limits: { maxOpenBetsPerWallet: 1000 }, // the balance alone decides here
      onGroup: (size) => sizes.push(size),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => groups.place(trader.userId, randomUUID(), betRequest(tick.id, { amount: 10 }))),
    );
    const accepted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as ApiError).code] : []));
    expect(accepted).toHaveLength(73);
    expect(new Set(refused)).toEqual(new Set(['insufficient_funds']));
    // They were grouped: fewer transactions than placements, none bigger than allowed.
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(200);
    expect(sizes.length).toBeLessThan(200);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(32);
    // Each answer's balance is what its group left after it and before the next; none is negative.
    const balances = accepted.map((p) => p.wallets!.find((w) => w.wallet_type === 'demo')!.amount);
    expect(Math.min(...balances)).toBe(0);
    expect(new Set(balances).size).toBe(73);
    expect(await balanceCents(db(), trader.userId)).toBe(0);
    expect(await ledgerSumCents(db(), trader.userId)).toBe(0);
    const bets = await db().selectFrom('bets').select('id').where('user_id', '=', trader.userId).execute();
    expect(bets.map((b) => b.id).sort()).toEqual(accepted.map((p) => p.bet.id).sort());
  }, 60_000);

  test('the same key twice in one burst: one bet, both answered with it', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const groups = new PlacementGroups(db());
    const key = randomUUID();
    const [a, b] = await Promise.all([
      groups.place(trader.userId, key, betRequest(tick.id)),
      groups.place(trader.userId, key.toUpperCase(), betRequest(tick.id)),
    ]);
    expect(a.bet).toEqual(b.bet);
    expect(await db().selectFrom('bets').select('id').where('user_id', '=', trader.userId).execute()).toHaveLength(1);
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 1000);
  });

  test('a placement that waited past maxWaitMs is shed with 503 and Retry-After, writing nothing; its neighbour is placed', async () => {
    const trader = await signUp(server.app);
    const tick = await addTick(db(), 'eurusd', 1.1);
    const groups = new PlacementGroups(db(), { maxWaitMs: 1000 });
    const staleKey = randomUUID();
    const [shed, placed] = await Promise.allSettled([
      groups.place(trader.userId, staleKey, betRequest(tick.id), Date.now() - 1500), // arrived 1.5 s ago
      groups.place(trader.userId, randomUUID(), betRequest(tick.id)),
    ]);
    expect(shed.status === 'rejected' && shed.reason).toMatchObject({ code: 'unavailable', status: 503, options: { retryAfter: 1 } });
    expect(placed.status).toBe('fulfilled');
    expect(await db().selectFrom('bets').select('id').where('user_id', '=', trader.userId).execute()).toHaveLength(1);
    // Nothing was kept under the shed key: a retry with it is placed.
    expect(await db().selectFrom('idempotency_keys').select('key').where('key', '=', staleKey).execute()).toEqual([]);
    expect((await groups.place(trader.userId, staleKey, betRequest(tick.id))).bet.status).toBe('open');
    expect(await balanceCents(db(), trader.userId)).toBe(1_000_000 - 2000);
  });
});
