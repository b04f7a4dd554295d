import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { resetDatabase, useTestServer as testServer } from './harness';
import { createTrader, decide, expectLedgerConsistent, publicIdOf, signWebhook, type Trader } from './money-fixtures';
import { ApiError } from '../../server/src/http/errors';
import { randomUUID } from 'node:crypto';
import { placeBet } from '../../server/src/modules/bets/placement';
import { settleDue } from '../../server/src/jobs/settlement';
import { addTick, TRADING_KEEP } from './trading-support';
import { currentTournaments, joinTournament } from '../../server/src/modules/tournaments/service';
import { createProviders } from '../../server/src/modules/payments/providers/registry';
import { createDeposit } from '../../server/src/modules/payments/checkout-payments';
import { cancelWithdrawal, confirmWithdrawal, processDueWithdrawals, rejectWithdrawal } from '../../server/src/modules/payments/withdrawals';
import { resetDemo } from '../../server/src/modules/payments/finances';

const KEEP = ['payment_systems', ...TRADING_KEEP];
const server = testServer({ keep: KEEP });

/**
 * Random sequences of everything that moves money: deposits and their approvals or declines,
 * replayed and duplicated webhooks, withdrawals, cancels, processing and back-office rejections,
 * bets placed and settled through the trading module (main, demo and tournament wallets),
 * tournament joins, demo resets. After every step: each balance equals its ledger sum
 * and is not negative, and every payment's ledger rows match its status exactly (nothing credited,
 * refunded or paid out twice).
 */
type Step =
  | { kind: 'deposit'; user: number; cents: number }
  | { kind: 'approve' | 'decline' | 'replay' | 'fresh_event'; index: number }
  | { kind: 'withdraw'; user: number; cents: number }
  | { kind: 'cancel' | 'reject'; index: number }
  | { kind: 'process' }
  | { kind: 'bet'; user: number; wallet: 'main' | 'demo' | 'tournament'; cents: number; up: boolean }
  | { kind: 'settle'; move: number }
  | { kind: 'join'; user: number }
  | { kind: 'demo_reset'; user: number };

const USERS = 3;
const user = fc.integer({ min: 0, max: USERS - 1 });
const index = fc.nat({ max: 30 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('deposit' as const), user, cents: fc.integer({ min: 10_00, max: 600_00 }) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('approve' as const), index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fresh_event' as const), index }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), user, cents: fc.integer({ min: 10_00, max: 150_00 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('process' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      user,
      wallet: fc.constantFrom('main' as const, 'demo' as const, 'tournament' as const),
      cents: fc.integer({ min: 1_00, max: 1000_00 }),
      up: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settle' as const), move: fc.integer({ min: -3, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('join' as const), user }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('demo_reset' as const), user }) },
);

/** Errors a step may legitimately meet (the call is refused and must change nothing). */
const refused = (error: unknown) =>
  error instanceof ApiError &&
  ['validation', 'insufficient_funds', 'not_cancellable', 'not_found', 'too_many_open_bets', 'stale_rate'].includes(error.code);

const at = <T,>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

async function expectPaymentsMatchLedger() {
  const { db } = server.database;
  const ledger = await db.selectFrom('ledger_entries').select(['kind', 'ref_type', 'ref_id', 'amount_cents']).execute();
  const rows = (kind: string, refType: string, id: number) => ledger.filter((l) => l.kind === kind && l.ref_type === refType && l.ref_id === String(id));
  for (const d of await db.selectFrom('deposits').select(['id', 'status', 'amount_cents']).execute()) {
    const credits = rows('deposit', 'deposit', d.id);
    expect(credits.length).toBe(d.status === 'completed' ? 1 : 0);
    if (credits[0]) expect(credits[0].amount_cents).toBe(d.amount_cents);
  }
  for (const w of await db.selectFrom('withdrawals').select(['id', 'status', 'amount_cents']).execute()) {
    expect(rows('withdrawal_hold', 'withdrawal', w.id).map((r) => r.amount_cents)).toEqual([-w.amount_cents]);
    const refunds = rows('withdrawal_refund', 'withdrawal', w.id);
    expect(refunds.map((r) => r.amount_cents)).toEqual(w.status === 'rejected' || w.status === 'cancelled' ? [w.amount_cents] : []);
  }
  for (const b of await db.selectFrom('bets').select(['id', 'status', 'amount_cents', 'returned_cents']).execute()) {
    expect(rows('stake', 'bet', b.id).map((r) => r.amount_cents)).toEqual([-b.amount_cents]);
    expect(rows('payout', 'bet', b.id).map((r) => r.amount_cents)).toEqual(b.status === 'won' ? [b.returned_cents] : []);
    expect(rows('refund', 'bet', b.id).map((r) => r.amount_cents)).toEqual(b.status === 'refund' ? [b.amount_cents] : []);
  }
}

describe('money properties', () => {
  test('every balance equals its ledger, never negative, nothing moved twice', async () => {
    const { db } = server.database;
    const providers = createProviders(server.config.sessionSecret);
    let run = 0;
    // What the runs reached, so the property cannot pass by refusing everything.
    const reached = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 35 }), async (steps) => {
        run += 1;
        await resetDatabase(server.database, KEEP);
        const traders: Trader[] = [];
        for (let i = 0; i < USERS; i += 1) traders.push(await createTrader(server));
        const deposits: Array<{ redirect: string; cents: number }> = [];
        const withdrawals: Array<{ id: number; user: number }> = [];
        let clock = Date.now();
        let price = 1.1;
        for (const s of steps) {
          const who = 'user' in s ? traders[s.user]! : undefined;
          try {
            switch (s.kind) {
              case 'deposit': {
                const d = await createDeposit(db, providers, who!.id, 1, s.cents);
                deposits.push({ redirect: d.redirect_url, cents: s.cents });
                break;
              }
              case 'approve':
              case 'decline': {
                const d = at(deposits, s.index);
                if (d) expect((await decide(server, d.redirect, s.kind)).statusCode).toBe(303);
                break;
              }
              case 'replay':
              case 'fresh_event': {
                const d = at(deposits, s.index);
                if (!d) break;
                const publicId = publicIdOf(d.redirect);
                const eventId = s.kind === 'replay' ? `${publicId}.approve` : `${publicId}.${run}.${clock}`;
                const body = JSON.stringify({ event_id: eventId, payment_id: publicId, status: 'approved', amount_cents: d.cents });
                const res = await server.app.inject({
                  method: 'POST',
                  url: '/api/payments/webhook/sandbox',
                  headers: { 'content-type': 'application/json', 'x-signature': signWebhook(server, body) },
                  payload: body,
                });
                expect(res.statusCode).toBe(200);
                break;
              }
              case 'withdraw': {
                const w = await confirmWithdrawal(db, undefined, providers, who!.id, 'card', {
                  amount: (s.cents / 100).toFixed(2),
                  card_number: s.cents % 7 === 0 ? '4000 0000 0000 0002' : '4242 4242 4242 4242',
                  holder_name: 'JANE DOE',
                });
                withdrawals.push({ id: w.id, user: s.user });
                break;
              }
              case 'cancel': {
                const w = at(withdrawals, s.index);
                if (w) await cancelWithdrawal(db, undefined, traders[w.user]!.id, w.id);
                break;
              }
              case 'reject': {
                const w = at(withdrawals, s.index);
                if (w) await rejectWithdrawal(db, w.id);
                break;
              }
              case 'process':
                clock += 200_000;
                await processDueWithdrawals(db, new Date(clock), { withdrawDelay: 120 });
                break;
              case 'bet': {
                // The trader quotes the latest tick and the bet enters on it, as on the platform.
                clock += 1000;
                price = Math.round(price * 1e5 + 1) / 1e5;
                const tick = await addTick(db, 'eurusd', price, clock);
                await placeBet(db, who!.id, randomUUID(), {
                  wallet_type: s.wallet,
                  pair_id: 'eurusd',
                  rate_id: tick.id,
                  amount: s.cents / 100,
                  direction: s.up ? 'up' : 'down',
                  interval: 30,
                }, clock);
                break;
              }
              case 'settle':
                // A last tick inside the open bets' lives moves the price up, down or not at all.
                price = Math.round(price * 1e5 + s.move) / 1e5;
                await addTick(db, 'eurusd', price, clock + 29_000);
                clock += 31_000;
                await settleDue(db, clock + 300);
                break;
              case 'join': {
                const { tournament } = await currentTournaments(db, new Date(), who!.id, 'en');
                await joinTournament(db, undefined, tournament.id, who!.id, new Date(), 'en');
                break;
              }
              case 'demo_reset':
                await resetDemo(db, undefined, who!.id);
                break;
            }
          } catch (error) {
            if (!refused(error)) throw error;
          }
          await expectLedgerConsistent(server);
          await expectPaymentsMatchLedger();
        }
        const kinds = await db.selectFrom('ledger_entries').select('kind').distinct().execute();
        for (const { kind } of kinds) reached.add(kind);
      }),
      { numRuns: 20, endOnFailure: true, seed: 20261123 },
    );
    expect([...reached].sort()).toEqual(
      expect.arrayContaining(['deposit', 'withdrawal_hold', 'withdrawal_refund', 'stake', 'payout', 'demo_reset', 'tournament_reset']),
    );
  }, 240_000);
});
