import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { BetsTable } from '../../db/tables/market';
import type { WalletType } from '../../../../src/api/contract/envelope';
import type { BetStatus } from '../../../../src/api/contract/bets';
import type { Tick } from '../../../../src/api/contract/realtime';

type Db = Kysely<DB> | Transaction<DB>;

export type BetRow = Selectable<BetsTable> & { symbol: string };

/** Bets with their pair's symbol. */
const selectBets = (db: Db) =>
  db.selectFrom('bets').innerJoin('pairs', 'pairs.id', 'bets.pair_id').selectAll('bets').select('pairs.symbol');

export async function openBets(db: Db, userId: number, walletType: WalletType): Promise<BetRow[]> {
  return selectBets(db)
    .where('bets.user_id', '=', userId)
    .where('bets.wallet_type', '=', walletType)
    .where('bets.status', '=', 'open')
    .orderBy('bets.expires_at')
    .orderBy('bets.id')
    .execute();
}

export async function recentClosedBets(db: Db, userId: number, walletType: WalletType, limit: number): Promise<BetRow[]> {
  return selectBets(db)
    .where('bets.user_id', '=', userId)
    .where('bets.wallet_type', '=', walletType)
    .where('bets.status', '!=', 'open')
    .orderBy('bets.closed_at', 'desc')
    .orderBy('bets.id', 'desc')
    .limit(limit)
    .execute();
}

export async function usersBet(db: Db, userId: number, betId: number): Promise<BetRow | undefined> {
  return selectBets(db).where('bets.id', '=', betId).where('bets.user_id', '=', userId).executeTakeFirst();
}

export interface HistoryFilter {
  userId: number;
  walletType?: WalletType | undefined;
  pairId?: string | undefined;
  status?: BetStatus | undefined;
  /** opened_at >= from */
  from?: Date | undefined;
  /** opened_at < until */
  until?: Date | undefined;
}

function filtered(db: Db, f: HistoryFilter) {
  let query = db.selectFrom('bets').where('bets.user_id', '=', f.userId);
  if (f.walletType) query = query.where('bets.wallet_type', '=', f.walletType);
  if (f.pairId) query = query.where('bets.pair_id', '=', f.pairId);
  if (f.status) query = query.where('bets.status', '=', f.status);
  if (f.from) query = query.where('bets.opened_at', '>=', f.from);
  if (f.until) query = query.where('bets.opened_at', '<', f.until);
  return query;
}

export async function historyPage(db: Db, f: HistoryFilter, offset: number, limit: number): Promise<BetRow[]> {
  return filtered(db, f)
    .innerJoin('pairs', 'pairs.id', 'bets.pair_id')
    .selectAll('bets')
    .select('pairs.symbol')
    .orderBy('bets.opened_at', 'desc')
    .orderBy('bets.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Count of the matching bets, and stakes and returns over the settled ones among them. */
export async function historyTotals(db: Db, f: HistoryFilter) {
  return filtered(db, f)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(amount_cents) filter (where status <> 'open'), 0)`.as('staked_cents'),
      sql<number>`coalesce(sum(returned_cents), 0)`.as('returned_cents'),
    ])
    .executeTakeFirstOrThrow();
}

/** The same sums per wallet (only the wallets with matching bets), so play money and real money stay apart. */
export async function historyTotalsByWallet(db: Db, f: HistoryFilter) {
  return filtered(db, f)
    .select([
      'bets.wallet_type',
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(amount_cents) filter (where status <> 'open'), 0)`.as('staked_cents'),
      sql<number>`coalesce(sum(returned_cents), 0)`.as('returned_cents'),
    ])
    .groupBy('bets.wallet_type')
    .execute();
}

/** A bet as a placement inserts it (its id drawn beforehand with nextBetIds). */
export type NewBet = Pick<
  Selectable<BetsTable>,
  | 'id' | 'user_id' | 'wallet_type' | 'pair_id' | 'direction' | 'amount_cents' | 'payout_percent'
  | 'open_tick_id' | 'open_tick_t' | 'open_rate' | 'opened_at' | 'expires_at'
>;

/**
 * Claims the Idempotency-Keys of a group of placements (in key order, so that concurrent groups
 * on PostgreSQL wait for each other in one order): one INSERT, a key already there is left as it
 * is. Answers the positions (in `claims`) of the keys this statement claimed.
 */
export async function claimKeys(trx: Transaction<DB>, claims: { userId: number; key: string; hash: string }[]): Promise<Set<number>> {
  const result = await sql<{ ord: number }>`
    with wanted as (
      select * from unnest(${claims.map((c) => c.userId)}::bigint[], ${claims.map((c) => c.key)}::uuid[], ${claims.map((c) => c.hash)}::text[])
        with ordinality as w (user_id, key, request_hash, ord)
    ),
    claimed as (
      insert into idempotency_keys (user_id, key, request_hash, response)
      select user_id, key, request_hash, '{"pending":true}'::jsonb from wanted order by user_id, key
      on conflict (user_id, key) do nothing
      returning user_id, key
    )
    select wanted.ord from wanted join claimed using (user_id, key)`.execute(trx);
  return new Set(result.rows.map((r) => Number(r.ord) - 1));
}

/** The stored answers of keys claimed before, with the position each was asked for. */
export async function earlierAnswers(trx: Transaction<DB>, keys: { userId: number; key: string; index: number }[]) {
  if (keys.length === 0) return [];
  const result = await sql<{ index: number; request_hash: string; response: unknown }>`
    select w.index, k.request_hash, k.response
    from unnest(${keys.map((k) => k.userId)}::bigint[], ${keys.map((k) => k.key)}::uuid[], ${keys.map((k) => k.index)}::int[]) as w (user_id, key, index)
    join idempotency_keys k on k.user_id = w.user_id and k.key = w.key`.execute(trx);
  return result.rows;
}

/** Writes each key's final answer (the bet, or the refusal) over its pending claim. */
export async function storeAnswers(trx: Transaction<DB>, answers: { userId: number; key: string; response: string }[]): Promise<void> {
  if (answers.length === 0) return;
  await sql`
    update idempotency_keys k set response = a.response::jsonb
    from unnest(${answers.map((a) => a.userId)}::bigint[], ${answers.map((a) => a.key)}::uuid[], ${answers.map((a) => a.response)}::text[]) as a (user_id, key, response)
    where k.user_id = a.user_id and k.key = a.key`.execute(trx);
}

/** The pairs a group of placements names (unknown ids are simply absent). */
export async function findPairs(db: Db, pairIds: string[]) {
  return db
    .selectFrom('pairs')
    .select(['id', 'symbol', 'payout_percent', 'min_amount_cents', 'max_amount_cents', 'active'])
    .where('id', 'in', pairIds)
    .execute();
}

/** Open bets by trader and wallet, for the open-bets limit. */
export async function countOpenBetsOf(db: Db, userIds: number[]) {
  const rows = await db
    .selectFrom('bets')
    .select(['user_id', 'wallet_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', userIds)
    .where('status', '=', 'open')
    .groupBy(['user_id', 'wallet_type'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/**
 * In one statement: the latest tick of each pair (a bet's entry) and the ticks the traders quoted
 * (rate_id), each with its pair.
 */
export async function entryAndQuotedTicks(trx: Transaction<DB>, pairIds: string[], tickIds: number[]) {
  const result = await sql<Tick & { pair_id: string; latest: boolean }>`
    select p.pair_id, l.id, l.t, l.v, true as latest
    from unnest(${pairIds}::text[]) as p (pair_id)
    cross join lateral (select id, t, v from ticks where ticks.pair_id = p.pair_id order by t desc, id desc limit 1) l
    union all
    select pair_id, id, t, v, false from ticks where id = any(${tickIds}::bigint[])`.execute(trx);
  const latest = new Map<string, Tick>();
  const quoted = new Map<number, Tick & { pair_id: string }>();
  for (const { latest: isLatest, pair_id, id, t, v } of result.rows) {
    if (isLatest) latest.set(pair_id, { id, t, v });
    else quoted.set(id, { pair_id, id, t, v });
  }
  return { latest, quoted };
}

/** Draws `count` bet ids from the bets' sequence, so a group's rows and their ledger rows are tied before the insert. */
export async function nextBetIds(trx: Transaction<DB>, count: number): Promise<number[]> {
  const result = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('bets', 'id')) as id from generate_series(1, ${count}::int)`.execute(trx);
  return result.rows.map((r) => Number(r.id));
}

/** Inserts a group's bets, all open, in one statement. */
export async function insertBets(trx: Transaction<DB>, bets: NewBet[]): Promise<void> {
  if (bets.length === 0) return;
  const column = <K extends keyof NewBet>(name: K) => bets.map((b) => b[name]);
  await sql`
    insert into bets (id, user_id, wallet_type, pair_id, direction, amount_cents, payout_percent, open_tick_id, open_tick_t, open_rate, opened_at, expires_at)
    select * from unnest(
      ${column('id')}::bigint[], ${column('user_id')}::bigint[], ${column('wallet_type')}::text[], ${column('pair_id')}::text[],
      ${column('direction')}::text[], ${column('amount_cents')}::bigint[], ${column('payout_percent')}::int[],
      ${column('open_tick_id')}::bigint[], ${column('open_tick_t')}::bigint[], ${column('open_rate')}::float8[],
      ${bets.map((b) => b.opened_at.toISOString())}::timestamptz[], ${bets.map((b) => b.expires_at.toISOString())}::timestamptz[]
    )`.execute(trx);
}

export type PlacementPair = Awaited<ReturnType<typeof findPairs>>[number];

/** The trader's own bet with what pricing its sell-back needs of its pair; undefined for anyone else's. */
export async function sellableBet(db: Db, userId: number, betId: number) {
  return selectBets(db)
    .select(['pairs.volatility', 'pairs.digits'])
    .where('bets.id', '=', betId)
    .where('bets.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Closes a bet sold back early, only while it is still open: the same condition settlement's
 * update has, so whichever of the two commits first takes the bet and the other changes nothing.
 * Answers the closed row, or undefined when the bet was no longer open.
 */
export async function closeSoldBet(trx: Transaction<DB>, betId: number, at: { tick: Tick; closedAt: Date; returnedCents: number }) {
  return trx
    .updateTable('bets')
    .set({ status: 'closed', close_tick_id: at.tick.id, close_tick_t: at.tick.t, close_rate: at.tick.v, closed_at: at.closedAt, returned_cents: at.returnedCents })
    .where('id', '=', betId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/** The open bets of these pairs that still take a sell-back offer at `until` (expiring after it), with their pair's model. */
export async function quotableBets(db: Db, pairIds: string[], until: Date) {
  if (pairIds.length === 0) return [];
  return db
    .selectFrom('bets')
    .innerJoin('pairs', 'pairs.id', 'bets.pair_id')
    .select(['bets.id', 'bets.user_id', 'bets.pair_id', 'bets.direction', 'bets.amount_cents', 'bets.payout_percent', 'bets.open_rate', 'bets.expires_at', 'pairs.volatility', 'pairs.digits'])
    .where('bets.status', '=', 'open')
    .where('bets.pair_id', 'in', pairIds)
    .where('bets.expires_at', '>', until)
    .execute();
}
