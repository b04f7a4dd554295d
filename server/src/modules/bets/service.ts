import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Wallet, WalletType } from '../../../../src/api/contract/envelope';
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
import { moveMoney, toWalletBalances } from '../wallet/ledger';
import { PLATFORM } from '../market/service';
import * as market from '../market/repo';
import * as repo from './repo';

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

/** What a retried placement gets back: the first answer, success or refusal. */
type StoredAnswer = { bet: Bet } | { error: { code: ErrorCode; fields?: Record<string, string | Message> } };

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

async function openBet(
  trx: Transaction<DB>,
  userId: number,
  request: PlaceBetRequest,
  now: number,
  limits: BetLimits,
): Promise<{ row: repo.BetRow; wallets: Wallet[] }> {
  const pair = await market.findPair(trx, request.pair_id);
  if (!pair) throw invalid('pair_id', 'trading.error.pair_not_found');
  if (!pair.active) throw new ApiError('pair_inactive');
  const amountCents = toCents(request.amount)!;
  if (amountCents < pair.min_amount_cents) throw invalid('amount', { key: 'validation.too_small', params: { min: fromCents(pair.min_amount_cents) } });
  if (amountCents > pair.max_amount_cents) throw invalid('amount', { key: 'validation.too_big', params: { max: fromCents(pair.max_amount_cents) } });
  const expiresAt = expiryOf(request, now);

  // The lock on the bet's wallet serializes placements on it, so the open-bet count cannot race.
  // All the trader's wallets are read and locked (in key order, as settlement locks them): less
  // the stake, they are the balances the trader's other screens are sent after the commit.
  const wallets = await trx
    .selectFrom('wallets')
    .select(['wallet_type', 'balance_cents'])
    .where('user_id', '=', userId)
    .orderBy('wallet_type')
    .forUpdate()
    .execute();
  if (!wallets.some((w) => w.wallet_type === request.wallet_type)) throw invalid('wallet_type', 'validation.invalid');
  if ((await repo.countOpenBets(trx, userId, request.wallet_type)) >= limits.maxOpenBetsPerWallet) {
    throw new ApiError('too_many_open_bets');
  }

  const entry = await market.latestTick(trx, pair.id);
  if (!entry || now - entry.t > MAX_ENTRY_AGE_MS) throw new ApiError('stale_rate');
  const quoted = request.rate_id === entry.id ? entry : await market.tickById(trx, pair.id, request.rate_id);
  if (!quoted || entry.t - quoted.t > MAX_QUOTE_LAG_MS) throw new ApiError('stale_rate');

  const inserted = await trx
    .insertInto('bets')
    .values({
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
      close_tick_id: null,
      close_tick_t: null,
      close_rate: null,
      closed_at: null,
      returned_cents: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await moveMoney(trx, { userId, walletType: request.wallet_type, kind: 'stake', amountCents: -amountCents, refType: 'bet', refId: inserted.id });
  const after = toWalletBalances(
    wallets.map((w) => (w.wallet_type === request.wallet_type ? { ...w, balance_cents: w.balance_cents - amountCents } : w)),
  );
  return { row: { ...inserted, symbol: pair.symbol }, wallets: after };
}

function replay(answer: StoredAnswer): Bet {
  if ('bet' in answer) return answer.bet;
  throw new ApiError(answer.error.code, answer.error.fields ? { fields: answer.error.fields } : {});
}

/**
 * Places a bet once per Idempotency-Key: the key is claimed in the bet's own transaction, so a
 * retry (even a concurrent one) gets the first answer, and the same key with other parameters is
 * refused. A refusal is remembered as well, in its own transaction after the rollback.
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

/** placeBet, answering also the wallets the placement left (read and locked in its transaction). */
export async function place(
  db: Kysely<DB>,
  userId: number,
  key: string,
  request: PlaceBetRequest,
  now = Date.now(),
  limits = DEFAULT_LIMITS,
): Promise<Placement> {
  const hash = requestHash(request);
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, request_hash: hash, response: JSON.stringify({ pending: true }) })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) {
        const earlier = await trx
          .selectFrom('idempotency_keys')
          .select(['request_hash', 'response'])
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        if (earlier.request_hash !== hash) throw new ApiError('idempotency_conflict');
        return { bet: replay(earlier.response as StoredAnswer) };
      }
      const opened = await openBet(trx, userId, request, now, limits);
      const bet = toBet(opened.row);
      await trx
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify({ bet } satisfies StoredAnswer) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
      return { bet, wallets: opened.wallets };
    });
  } catch (error) {
    if (error instanceof ApiError && error.code !== 'idempotency_conflict' && error.status < 500) {
      const answer: StoredAnswer = { error: { code: error.code, ...(error.options.fields ? { fields: error.options.fields } : {}) } };
      await db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, request_hash: hash, response: JSON.stringify(answer) })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .execute();
    }
    throw error;
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
  const [rows, totals] = await Promise.all([
    repo.historyPage(db, filter, (query.page - 1) * query.per_page, query.per_page),
    repo.historyTotals(db, filter),
  ]);
  return {
    items: rows.map(toBet),
    page: query.page,
    per_page: query.per_page,
    total: Number(totals.total),
    totals: {
      staked: fromCents(totals.staked_cents),
      returned: fromCents(totals.returned_cents),
      profit: fromCents(totals.returned_cents - totals.staked_cents),
    },
  };
}
