import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Wallet } from '../../../../src/api/contract/envelope';
import type { Bet, PlaceBetRequest } from '../../../../src/api/contract/bets';
import { ApiError } from '../../http/errors';
import { lockWalletsOf, moveManyOnce, toWalletBalances } from '../wallet/ledger';
import { placementRisk } from '../risk/placement';
import { placementStates } from '../limits/service';
import * as repo from './repo';
import { toBet } from './bet-payload';
import { replay, storedRefusal, type StoredAnswer } from './stored-answer';
import { DEFAULT_LIMITS, decide, walletKey, type GroupState, type PlacementOrder } from './placement-decision';

function requestHash(request: PlaceBetRequest): string {
  const canonical = [
    request.wallet_type, request.pair_id, request.rate_id, request.amount, request.direction,
    request.interval ?? null, request.end_time === undefined ? null : Date.parse(request.end_time),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** A placed bet and its trader's wallets as they are once it commits. */
export interface Placement {
  bet: Bet;
  /** Absent when the answer is a retry's replay: that call moved no money. */
  wallets?: Wallet[];
}

/** Each order's own answer: the placement, or the error its caller gets. */
export type PlacementOutcome = { placement: Placement } | { error: unknown };

/** Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own. */
const inTransaction = <T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);

/**
 * Places a group of bets in ONE transaction with set-based statements (one per table for the
 * whole group): the Idempotency-Keys are claimed, the pairs, the traders' wallets (locked, in key
 * order, as settlement locks them), their open-bet counts and the ticks are read once, every
 * placement is decided in arrival order against that state (`decide`), and then the accepted bets,
 * their stake ledger rows with the wallet debits, and every claimed key's answer (bet or refusal)
 * are written. Each order gets its own outcome; a refusal never fails its neighbours. The orders'
 * (userId, key) must be distinct (PlacementGroups holds a repeated key back for the next group).
 * Nothing is answered before the transaction committed. Given a transaction, it places inside it
 * (a pending order's trigger claims the order and places its bet in one transaction).
 */
export async function placeGroup(db: Kysely<DB>, orders: readonly PlacementOrder[], limits = DEFAULT_LIMITS): Promise<PlacementOutcome[]> {
  const hashes = orders.map((o) => requestHash(o.request));
  return inTransaction(db, async (trx) => {
    const outcomes: (PlacementOutcome | undefined)[] = new Array(orders.length);
    const claimed = await repo.claimKeys(trx, orders.map((o, i) => ({ userId: o.userId, key: o.key, hash: hashes[i]! })));
    const retried = orders.flatMap((o, i) => (claimed.has(i) ? [] : [{ userId: o.userId, key: o.key, index: i }]));
    for (const earlier of await repo.earlierAnswers(trx, retried)) {
      try {
        if (earlier.request_hash !== hashes[earlier.index]) throw new ApiError('idempotency_conflict');
        outcomes[earlier.index] = { placement: { bet: replay(earlier.response as StoredAnswer) } };
      } catch (error) {
        outcomes[earlier.index] = { error };
      }
    }
    const fresh = orders.flatMap((o, i) => (claimed.has(i) ? [{ order: o, index: i }] : []));
    if (fresh.length === 0) return outcomes as PlacementOutcome[];

    const userIds = [...new Set(fresh.map((f) => f.order.userId))];
    const pairIds = [...new Set(fresh.map((f) => f.order.request.pair_id))];
    const [pairs, wallets, openCounts, ticks, risk] = [
      await repo.findPairs(trx, pairIds),
      await lockWalletsOf(trx, userIds),
      await repo.countOpenBetsOf(trx, userIds),
      await repo.entryAndQuotedTicks(trx, pairIds, [...new Set(fresh.map((f) => f.order.request.rate_id))]),
      await placementRisk(trx, userIds, new Set(fresh.map((f) => f.order.request.wallet_type))),
    ];
    // Read after the wallets are locked: another group of these traders has committed or waits.
    const traders = await placementStates(
      trx,
      userIds,
      Math.min(...fresh.map((f) => f.order.now)),
      fresh.flatMap((f) => (f.order.sessionHash ? [f.order.sessionHash] : [])),
    );
    const state: GroupState = {
      pairs: new Map(pairs.map((p) => [p.id, p])),
      balances: new Map(wallets.map((w) => [walletKey(w.user_id, w.wallet_type), w.balance_cents])),
      walletTypes: new Map(),
      openCounts: new Map(openCounts.map((c) => [walletKey(c.user_id, c.wallet_type), c.n])),
      latest: ticks.latest,
      quoted: ticks.quoted,
      risk,
      traders,
    };
    for (const w of wallets) state.walletTypes.set(w.user_id, [...(state.walletTypes.get(w.user_id) ?? []), w.wallet_type]);

    const ids = await repo.nextBetIds(trx, fresh.length);
    const accepted: repo.NewBet[] = [];
    const answers: { userId: number; key: string; answer: StoredAnswer }[] = [];
    for (const { order, index } of fresh) {
      try {
        const row = decide(state, order, limits, () => ids.pop()!);
        accepted.push(row);
        const bet = toBet({ ...row, status: 'open', close_tick_id: null, close_tick_t: null, close_rate: null, closed_at: null, returned_cents: null, symbol: state.pairs.get(row.pair_id)!.symbol });
        // The trader's wallets as they are once this placement (and those before it) commit.
        const after = toWalletBalances(
          state.walletTypes.get(order.userId)!.map((type) => ({ wallet_type: type, balance_cents: state.balances.get(walletKey(order.userId, type))! })),
        );
        outcomes[index] = { placement: { bet, wallets: after } };
        answers.push({ userId: order.userId, key: order.key, answer: { bet } });
      } catch (error) {
        outcomes[index] = { error };
        const answer = storedRefusal(error);
        if (answer) answers.push({ userId: order.userId, key: order.key, answer });
      }
    }
    await repo.insertBets(trx, accepted);
    await moveManyOnce(
      trx,
      accepted.map((b) => ({ userId: b.user_id, walletType: b.wallet_type, kind: 'stake', amountCents: -b.amount_cents, refType: 'bet', refId: b.id })),
    );
    await repo.storeAnswers(trx, answers.map((a) => ({ userId: a.userId, key: a.key, response: JSON.stringify(a.answer) })));
    return outcomes as PlacementOutcome[];
  });
}

/**
 * Places a bet once per Idempotency-Key: the key is claimed in the bet's own transaction, so a
 * retry (even a concurrent one) gets the first answer, and the same key with other parameters is
 * refused. A refusal is remembered as well, in the same transaction.
 */
export async function placeBet(...args: Parameters<typeof place>): Promise<Bet> {
  return (await place(...args)).bet;
}

/** placeBet, answering also the wallets the placement left (read and locked in its transaction): a group of one. */
export async function place(
  db: Kysely<DB>,
  userId: number,
  key: string,
  request: PlaceBetRequest,
  now = Date.now(),
  limits = DEFAULT_LIMITS,
): Promise<Placement> {
  const [outcome] = await placeGroup(db, [{ userId, key, request, now }], limits);
  if ('error' in outcome!) throw outcome.error;
  return outcome!.placement;
}
