import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { WALLET_TYPES, type Wallet, type WalletType } from '../../../../src/api/contract/envelope';
import { fromCents, toCents } from '../../../../src/api/contract/money';
import {
  MAX_OPEN_BETS_PER_WALLET,
  type Bet,
  type BetHistoryPayload,
  type BetInfoPayload,
  type BetListPayload,
  type PlaceBetRequest,
  type betHistoryQuerySchema,
} from '../../../../src/api/contract/bets';
import type { z } from 'zod';
import type { ErrorCode } from '../../../../src/api/contract/errors';
import { ApiError, type Message } from '../../http/errors';
import { lockWalletsOf, moveManyOnce, toWalletBalances } from '../wallet/ledger';
import type { Tick } from '../../../../src/api/contract/realtime';
import { PLATFORM } from '../market/service';
import * as repo from './repo';
import { checkTrader, placementRisk, takeHouseRoom, type PlacementRisk } from '../risk/placement';
import { checkPlacement, countPlacement, placementStates, type TraderPlacementState } from '../limits/service';

/** The entry tick may be at most this old when the bet is accepted. */
export const MAX_ENTRY_AGE_MS = 2000;
/** The tick the trader saw may be at most this much older than the entry tick. */
export const MAX_QUOTE_LAG_MS = 5000;
/** The furthest end time a bet may choose. */
export const MAX_END_TIME_AHEAD_MS = 24 * 3600 * 1000;

const iso = (value: Date) => value.toISOString();

export function toBet(row: repo.BetRow): Bet {
  const bet: Bet = {
    id: row.id,
    wallet_type: row.wallet_type,
    pair_id: row.pair_id,
    symbol: row.symbol,
    direction: row.direction,
    amount: fromCents(row.amount_cents),
    payout_percent: row.payout_percent,
    open_rate: row.open_rate,
    open_rate_id: row.open_tick_id,
    opened_at: iso(row.opened_at),
    expires_at: iso(row.expires_at),
    status: row.status,
  };
  if (row.status === 'open') return bet;
  if (row.close_rate !== null && row.close_tick_id !== null) {
    bet.close_rate = row.close_rate;
    bet.close_rate_id = row.close_tick_id;
  }
  if (row.closed_at) bet.closed_at = iso(row.closed_at);
  bet.profit = fromCents((row.returned_cents ?? 0) - row.amount_cents);
  return bet;
}

/**
 * The tick a trader acted on (a placement's rate_id, a sell-back's quote_id), when it still holds:
 * the pair's latest tick is at most MAX_ENTRY_AGE_MS old and the quoted one, of the same pair, at
 * most MAX_QUOTE_LAG_MS older than it. Null when the offer is stale or unknown.
 */
export function heldQuote(
  latest: Tick | undefined,
  quoted: (Tick & { pair_id: string }) | undefined,
  pairId: string,
  now: number,
): { latest: Tick; quoted: Tick } | null {
  if (!latest || now - latest.t > MAX_ENTRY_AGE_MS) return null;
  if (!quoted || quoted.pair_id !== pairId || latest.t - quoted.t > MAX_QUOTE_LAG_MS) return null;
  return { latest, quoted };
}

/** What a retried placement (or sell-back) gets back: the first answer, success or refusal. */
export type StoredAnswer = { bet: Bet } | { error: { code: ErrorCode; fields?: Record<string, string | Message>; message?: string | Message } };

function requestHash(request: PlaceBetRequest): string {
  const canonical = [
    request.wallet_type, request.pair_id, request.rate_id, request.amount, request.direction,
    request.interval ?? null, request.end_time === undefined ? null : Date.parse(request.end_time),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const invalid = (field: string, message: string | Message) => new ApiError('validation', { fields: { [field]: message } });

/** The expiry the request asks for, checked against the platform's offer. */
function expiryOf(request: PlaceBetRequest, now: number): number {
  if (request.interval !== undefined) {
    if (!PLATFORM.intervals.includes(request.interval)) throw invalid('interval', 'trading.error.interval_not_offered');
    return now + request.interval * 1000;
  }
  const end = Date.parse(request.end_time!);
  if (end % (PLATFORM.end_time_step * 1000) !== 0) throw invalid('end_time', { key: 'trading.error.end_time_step', params: { step: PLATFORM.end_time_step } });
  if (end - now < PLATFORM.purchase_cutoff * 1000) throw invalid('end_time', { key: 'trading.error.end_time_too_soon', params: { seconds: PLATFORM.purchase_cutoff } });
  if (end - now > MAX_END_TIME_AHEAD_MS) throw invalid('end_time', 'trading.error.end_time_too_far');
  return end;
}

export interface BetLimits {
  maxOpenBetsPerWallet: number;
}
const DEFAULT_LIMITS: BetLimits = { maxOpenBetsPerWallet: MAX_OPEN_BETS_PER_WALLET };

/** A placed bet and its trader's wallets as they are once it commits. */
export interface Placement {
  bet: Bet;
  /** Absent when the answer is a retry's replay: that call moved no money. */
  wallets?: Wallet[];
}

export function replay(answer: StoredAnswer): Bet {
  if ('bet' in answer) return answer.bet;
  // The refusal's own message too (a suspension's reason, the house limit): a retry reads the same text.
  throw new ApiError(answer.error.code, { ...(answer.error.fields ? { fields: answer.error.fields } : {}), ...(answer.error.message ? { message: answer.error.message } : {}) });
}

/** One placement of a group: who, its Idempotency-Key, what it asks for, and when it arrived. */
export interface PlacementOrder {
  userId: number;
  key: string;
  request: PlaceBetRequest;
  now: number;
  /** The session placing it (its sign-in starts the session-length limit); absent outside a session. */
  sessionHash?: string | null;
}

/** Each order's own answer: the placement, or the error its caller gets. */
export type PlacementOutcome = { placement: Placement } | { error: unknown };

const walletKey = (userId: number, walletType: WalletType) => `${userId}:${walletType}`;

/** Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own. */
const inTransaction = <T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);

/** What the group's reads found: pairs, locked wallets, open-bet counts and ticks. */
interface GroupState {
  pairs: Map<string, repo.PlacementPair>;
  /** Balance in cents by user and wallet type, moved as the group's placements are accepted. */
  balances: Map<string, number>;
  walletTypes: Map<number, WalletType[]>;
  openCounts: Map<string, number>;
  latest: Map<string, Tick>;
  quoted: Map<number, Tick & { pair_id: string }>;
  /** The risk desk's controls: suspensions, stake limits, the house limit (risk/placement.ts). */
  risk: PlacementRisk;
  /** Each trader's limits, self-exclusion and usage of the periods (limits/service.ts). */
  traders: Map<number, TraderPlacementState>;
}

/**
 * The rules of docs/design.md 3.2 for one placement against the group's state, in the order a lone
 * placement checks them; when it is accepted its stake and open bet are counted in the state, so
 * the next placement of the same wallet sees them (a placement that would overdraw is refused
 * alone, its neighbours go on). Answers the bet row to insert, or throws the refusal.
 */
function decide(state: GroupState, order: PlacementOrder, limits: BetLimits, betId: () => number): repo.NewBet {
  const { request, userId, now } = order;
  const pair = state.pairs.get(request.pair_id);
  if (!pair) throw invalid('pair_id', 'trading.error.pair_not_found');
  if (!pair.active) throw new ApiError('pair_inactive');
  const amountCents = toCents(request.amount)!;
  if (amountCents < pair.min_amount_cents) throw invalid('amount', { key: 'validation.too_small', params: { min: fromCents(pair.min_amount_cents) } });
  if (amountCents > pair.max_amount_cents) throw invalid('amount', { key: 'validation.too_big', params: { max: fromCents(pair.max_amount_cents) } });
  checkTrader(state.risk, userId, request.wallet_type, amountCents);
  const expiresAt = expiryOf(request, now);

  const wallet = walletKey(userId, request.wallet_type);
  const balance = state.balances.get(wallet);
  if (balance === undefined) throw invalid('wallet_type', 'validation.invalid');
  const trader = state.traders.get(userId)!;
  checkPlacement(trader, request.wallet_type, amountCents, now, order.sessionHash);
  const open = state.openCounts.get(wallet) ?? 0;
  if (open >= limits.maxOpenBetsPerWallet) throw new ApiError('too_many_open_bets');

  const held = heldQuote(state.latest.get(pair.id), state.quoted.get(request.rate_id), pair.id, now);
  if (!held) throw new ApiError('stale_rate');
  const entry = held.latest;
  if (balance < amountCents) throw new ApiError('insufficient_funds');
  takeHouseRoom(state.risk, request.wallet_type, amountCents, pair.payout_percent);

  state.balances.set(wallet, balance - amountCents);
  state.openCounts.set(wallet, open + 1);
  countPlacement(trader, request.wallet_type, amountCents);
  return {
    id: betId(),
    user_id: userId,
    wallet_type: request.wallet_type,
    pair_id: pair.id,
    direction: request.direction,
    amount_cents: amountCents,
    payout_percent: pair.payout_percent,
    open_tick_id: entry.id,
    open_tick_t: entry.t,
    open_rate: entry.v,
    opened_at: new Date(now),
    expires_at: new Date(expiresAt),
  };
}

/** A refusal worth remembering under its key: the caller's own mistakes and the market's answers. */
export const storedRefusal = (error: unknown): StoredAnswer | undefined =>
  error instanceof ApiError && error.code !== 'idempotency_conflict' && error.status < 500
    ? { error: { code: error.code, ...(error.options.fields ? { fields: error.options.fields } : {}), ...(error.options.message ? { message: error.options.message } : {}) } }
    : undefined;

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
export async function placeBet(
  db: Kysely<DB>,
  userId: number,
  key: string,
  request: PlaceBetRequest,
  now = Date.now(),
  limits = DEFAULT_LIMITS,
): Promise<Bet> {
  return (await place(db, userId, key, request, now, limits)).bet;
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

export interface PlacementGroupOptions {
  /** The most placements one transaction carries. */
  maxGroup?: number;
  /** Groups committing at once: 1 on PGlite (one connection), a few on PostgreSQL's pool. */
  maxInFlight?: number;
  limits?: BetLimits;
  /**
   * A placement still waiting for its group this long after it arrived is answered 503
   * `unavailable` with Retry-After, writing nothing: when placements arrive faster than the groups
   * commit, the ones the server can take are answered in time and the rest are shed at once,
   * instead of every one of them waiting until its caller gave up.
   */
  maxWaitMs?: number;
  /** Told each group's size once it committed (the metrics' histogram). */
  onGroup?: (size: number) => void;
}

interface Waiting extends PlacementOrder {
  resolve: (placement: Placement) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of placements: the placements that arrive while a group commits (or within the
 * same turn of the event loop when none does) go together into the next group, up to `maxGroup`.
 * Each caller is answered with its own outcome after its group's COMMIT. When a group's
 * transaction itself fails (a lost connection, a deadlock on PostgreSQL), each of its placements
 * is tried again alone, so that no placement fails for a neighbour's sake.
 */
export class PlacementGroups {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxGroup: number;
  private readonly maxInFlight: number;
  private readonly limits: BetLimits;
  private readonly maxWaitMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: PlacementGroupOptions = {},
  ) {
    this.maxGroup = options.maxGroup ?? 100;
    this.maxInFlight = options.maxInFlight ?? 1;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.maxWaitMs = options.maxWaitMs ?? 1000;
  }

  place(userId: number, key: string, request: PlaceBetRequest, now = Date.now(), sessionHash?: string | null): Promise<Placement> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, key, request, now, sessionHash, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // One turn of the event loop: the requests whose bodies were read in this turn join the group.
    setImmediate(() => {
      this.scheduled = false;
      this.startGroup();
    });
  }

  private startGroup() {
    if (this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    const late = Date.now() - this.maxWaitMs;
    while (this.queue.length > 0 && this.queue[0]!.now < late) {
      this.queue.shift()!.reject(new ApiError('unavailable', { retryAfter: 1 }));
    }
    if (this.queue.length === 0) return;
    const group: Waiting[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.queue.length && group.length < this.maxGroup; ) {
      const waiting = this.queue[i]!;
      const id = `${waiting.userId}:${waiting.key.toLowerCase()}`;
      // The same key twice waits for the next group, which then finds the first one's answer.
      if (keys.has(id)) {
        i += 1;
        continue;
      }
      keys.add(id);
      group.push(waiting);
      this.queue.splice(i, 1);
    }
    this.inFlight += 1;
    void this.commit(group).finally(() => {
      this.inFlight -= 1;
      this.schedule();
    });
  }

  private async commit(group: Waiting[]) {
    let outcomes: PlacementOutcome[];
    try {
      outcomes = await placeGroup(this.db, group, this.limits);
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      outcomes = [];
      for (const waiting of group) {
        try {
          outcomes.push((await placeGroup(this.db, [waiting], this.limits))[0]!);
        } catch (alone) {
          outcomes.push({ error: alone });
        }
      }
    }
    this.options.onGroup?.(group.length);
    group.forEach((waiting, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) waiting.reject(outcome.error);
      else waiting.resolve(outcome.placement);
    });
  }
}

export const CLOSED_LIST_SIZE = 20;

export async function betList(db: Kysely<DB>, userId: number, walletType: WalletType): Promise<BetListPayload> {
  const [opened, closed] = await Promise.all([
    repo.openBets(db, userId, walletType),
    repo.recentClosedBets(db, userId, walletType, CLOSED_LIST_SIZE),
  ]);
  return { opened: opened.map(toBet), closed: closed.map(toBet) };
}

export async function betInfo(db: Kysely<DB>, userId: number, betId: number): Promise<BetInfoPayload> {
  const row = await repo.usersBet(db, userId, betId);
  if (!row) throw new ApiError('not_found', { message: 'trading.error.bet_not_found' });
  return {
    bet: toBet(row),
    entry_tick: { id: row.open_tick_id, t: row.open_tick_t, v: row.open_rate },
    exit_tick:
      row.close_tick_id !== null && row.close_tick_t !== null && row.close_rate !== null
        ? { id: row.close_tick_id, t: row.close_tick_t, v: row.close_rate }
        : null,
  };
}

const DAY_MS = 86_400_000;
/** A day means the whole UTC day; an instant means itself. `to` is inclusive either way. */
const startOf = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
const endOf = (value: string) =>
  value.length === 10 ? new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(value) + 1);

export async function betHistory(db: Kysely<DB>, userId: number, query: z.output<typeof betHistoryQuerySchema>): Promise<BetHistoryPayload> {
  const filter: repo.HistoryFilter = {
    userId,
    walletType: query.wallet_type,
    pairId: query.pair_id,
    status: query.status,
    from: query.from === undefined ? undefined : startOf(query.from),
    until: query.to === undefined ? undefined : endOf(query.to),
  };
  const [rows, totals, byWallet] = await Promise.all([
    repo.historyPage(db, filter, (query.page - 1) * query.per_page, query.per_page),
    repo.historyTotals(db, filter),
    repo.historyTotalsByWallet(db, filter),
  ]);
  const sums = (row: { staked_cents: number; returned_cents: number }) => ({
    staked: fromCents(Number(row.staked_cents)),
    returned: fromCents(Number(row.returned_cents)),
    profit: fromCents(Number(row.returned_cents) - Number(row.staked_cents)),
  });
  return {
    items: rows.map(toBet),
    page: query.page,
    per_page: query.per_page,
    total: Number(totals.total),
    totals: sums(totals),
    by_wallet: WALLET_TYPES.flatMap((type) => {
      const row = byWallet.find((r) => r.wallet_type === type);
      return row ? [{ wallet_type: type, total: Number(row.total), ...sums(row) }] : [];
    }),
  };
}
