import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema';
import type { BetsTable } from '../db/tables/market';
import type { RealtimeBus } from '../realtime/bus';
import type { Bet } from '../../../src/api/contract/bets';
import type { Notification } from '../../../src/api/contract/envelope';
import { creditOnce, walletsOfUsers } from '../modules/wallet/ledger';
import type { BetRow } from '../modules/bets/repo';
import { toBet } from '../modules/bets/bet-payload';
import { createBetResultNotifications } from '../modules/bets/result-notification';
import { metrics } from '../ops/metrics';

/**
 * Bets claimed per transaction: the first batch of an expiry is small, so the first traders hear
 * of their bets within a fraction of a second (a batch's results go out after its commit); each
 * next one is twice as large, up to the last size, because a batch costs a fixed few
 * statements and a commit whatever its size (10,000 bets expiring together, issue 13, take five
 * batches, not twenty).
 */
const FIRST_BATCH = 500;
const LARGEST_BATCH = 4000;

export interface SettledBet {
  userId: number;
  bet: Bet;
  notification: Notification;
}

/** What happens after a batch is committed: realtime messages and the result notification. */
export interface SettlementEffects {
  bus?: RealtimeBus;
  log?: FastifyBaseLogger;
}

type Outcome = { status: 'won' | 'lost' | 'refund'; returnedCents: number };

/**
 * `up` wins above the entry, `down` below; equal, or no tick inside the bet's life, refunds the
 * stake. A win returns the stake plus the locked payout, rounded down to the cent.
 */
export function outcomeOf(bet: Pick<BetRow, 'direction' | 'amount_cents' | 'payout_percent' | 'open_rate'>, exit: number | undefined): Outcome {
  if (exit === undefined || exit === bet.open_rate) return { status: 'refund', returnedCents: bet.amount_cents };
  const won = bet.direction === 'up' ? exit > bet.open_rate : exit < bet.open_rate;
  if (!won) return { status: 'lost', returnedCents: 0 };
  return { status: 'won', returnedCents: Math.floor((bet.amount_cents * (100 + bet.payout_percent)) / 100) };
}

/** Ticks are stamped in epoch milliseconds, bets in timestamps: the same instant as a tick's `t`. */
const epochMs = (column: string) => sql<number>`floor(extract(epoch from ${sql.ref(column)}) * 1000)::bigint`;

type ExitTick = { exit_id: number | null; exit_t: number | null; exit_v: number | null };
type ReadBet = Selectable<BetsTable> & { symbol: string; locale: string };
type DueBet = ReadBet & ExitTick;

const NO_EXIT: ExitTick = { exit_id: null, exit_t: null, exit_v: null };

/**
 * The bet with its exit: the last tick of its pair up to its expiry, unless that tick came before
 * the bet opened (no tick inside its life: a refund).
 */
const withExit = <T extends ReadBet>(bet: T, last: ExitTick): T & ExitTick =>
  last.exit_t !== null && last.exit_t < bet.opened_at.getTime() ? { ...bet, ...NO_EXIT } : { ...bet, ...last };

/**
 * Claims up to `limit` expired open bets (SKIP LOCKED: several settlers, on several nodes or a
 * settler and a restart, claim disjoint bets) and reads, in the same statement, each bet's pair
 * symbol, its owner's language and the last tick of its pair up to its expiry. Bets expiring
 * together on a pair share one look-up of that tick (a busy expiry has thousands of bets and a
 * few pairs).
 */
async function claimDue(trx: Transaction<DB>, now: number, limit: number): Promise<DueBet[]> {
  const result = await sql<DueBet>`
    with due as (
      select id from bets where status = 'open' and expires_at <= ${new Date(now)}
      order by expires_at limit ${limit} for update skip locked
    ),
    claimed as (select bets.* from due join bets on bets.id = due.id),
    ends as (
      select e.pair_id, e.expires_at, last.id, last.t, last.v
      from (select distinct pair_id, expires_at from claimed) e
      left join lateral (
        select id, t, v from ticks
        where ticks.pair_id = e.pair_id and ticks.t <= ${epochMs('e.expires_at')}
        order by t desc, id desc limit 1
      ) last on true
    )
    select claimed.*, pairs.symbol, users.locale, ends.id as exit_id, ends.t as exit_t, ends.v as exit_v
    from claimed
    join pairs on pairs.id = claimed.pair_id
    join users on users.id = claimed.user_id
    join ends on ends.pair_id = claimed.pair_id and ends.expires_at = claimed.expires_at
    order by claimed.expires_at, claimed.id`.execute(trx);
  return result.rows.map((bet) => withExit(bet, bet));
}

/**
 * Closes the bets with their outcomes in one statement, each only while it is still open and no
 * other settler holds it (SKIP LOCKED: the one that holds it settles it; bets this transaction
 * claimed are its own); answers the rows it changed.
 */
async function closeBets(trx: Transaction<DB>, due: DueBet[], now: number): Promise<Selectable<BetsTable>[]> {
  const closedAt = new Date(now);
  const closed = due.map((bet): Selectable<BetsTable> => {
    const exit = bet.exit_id === null ? undefined : { id: bet.exit_id, t: bet.exit_t, v: bet.exit_v };
    const { status, returnedCents } = outcomeOf(bet, exit?.v ?? undefined);
    const { symbol: _symbol, locale: _locale, exit_id: _id, exit_t: _t, exit_v: _v, ...row } = bet;
    return { ...row, status, close_tick_id: exit?.id ?? null, close_tick_t: exit?.t ?? null, close_rate: exit?.v ?? null, closed_at: closedAt, returned_cents: returnedCents };
  });
  const column = <T>(pick: (row: Selectable<BetsTable>) => T) => closed.map(pick);
  const result = await sql<{ id: number }>`
    update bets set
      status = o.status, close_tick_id = o.close_tick_id, close_tick_t = o.close_tick_t,
      close_rate = o.close_rate, closed_at = ${closedAt}, returned_cents = o.returned_cents
    from unnest(
      ${column((r) => r.id)}::bigint[], ${column((r) => r.status)}::text[], ${column((r) => r.close_tick_id)}::bigint[],
      ${column((r) => r.close_tick_t)}::bigint[], ${column((r) => r.close_rate)}::float8[], ${column((r) => r.returned_cents)}::bigint[]
    ) as o (id, status, close_tick_id, close_tick_t, close_rate, returned_cents)
    where bets.id = o.id and bets.id in (
      select id from bets where id = any(${column((r) => r.id)}::bigint[]) and status = 'open' for update skip locked
    )
    returning bets.id`.execute(trx);
  const changed = new Set(result.rows.map((r) => Number(r.id)));
  return closed.filter((row) => changed.has(row.id));
}

/**
 * Closes, credits and notifies bets already read (claimed in `trx`, or read ahead of their
 * expiry): the close changes only bets still open, and only those it changed are credited and
 * answered.
 */
async function settleRead(trx: Transaction<DB>, due: DueBet[], now: number): Promise<SettledBet[]> {
  const claimed = new Map(due.map((bet) => [bet.id, bet]));
  const closed = (await closeBets(trx, due, now)).map((row) => {
    const { symbol, locale } = claimed.get(row.id)!;
    return { row, locale, bet: toBet({ ...row, symbol }) };
  });
  await creditOnce(
    trx,
    closed
      .filter(({ row }) => (row.returned_cents ?? 0) > 0)
      .map(({ row }) => ({
        userId: row.user_id,
        walletType: row.wallet_type,
        kind: row.status === 'won' ? 'payout' : 'refund',
        amountCents: row.returned_cents!,
        refType: 'bet',
        refId: row.id,
      })),
  );
  const notifications = await createBetResultNotifications(
    trx,
    closed.map(({ row, locale, bet }) => ({ userId: row.user_id, locale, bet })),
  );
  return closed.map(({ row, bet }, index) => ({ userId: row.user_id, bet, notification: notifications[index]! }));
}

/**
 * Runs batches until one comes back short: each is its own transaction, and after its commit its
 * owners hear of it. The first batch is small and each next one twice as large (FIRST_BATCH).
 */
async function inBatches(
  db: Kysely<DB>,
  effects: SettlementEffects,
  settle: (trx: Transaction<DB>, offset: number, limit: number) => Promise<{ settled: SettledBet[]; more: boolean }>,
): Promise<SettledBet[]> {
  const all: SettledBet[] = [];
  for (let offset = 0, limit = FIRST_BATCH; ; offset += limit, limit = Math.min(2 * limit, LARGEST_BATCH)) {
    const { settled, more } = await db.transaction().execute((trx) => settle(trx, offset, limit));
    metrics.betsSettled(settled.map(({ bet }) => bet));
    all.push(...settled);
    if (effects.bus) await publish(db, effects.bus, settled);
    if (!more) return all;
    // PGlite answers within the same turn of the event loop: without a turn between batches a busy
    // expiry would hold every socket write (the results just published), request and timer until the last batch.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Settles every open bet that expired at or before `now`, each exactly once: the status changes
 * only from 'open' and the credit's ledger reference (kind + bet id) is unique. After each
 * committed batch, the owners get the bet and their wallets over the bus.
 */
export async function settleDue(db: Kysely<DB>, now: number, effects: SettlementEffects = {}): Promise<SettledBet[]> {
  return inBatches(db, effects, async (trx, _offset, limit) => {
    const due = await claimDue(trx, now, limit);
    return { settled: due.length === 0 ? [] : await settleRead(trx, due, now), more: due.length === limit };
  });
}

/**
 * An expiry's open bets, read ahead of it with what their settlement needs but the exit tick.
 * None can be added after the purchase cutoff, so read after it they are all of the expiry's bets;
 * one sold back since is left alone by the close (it is no longer open).
 */
export interface ReadExpiry {
  expiresAt: number;
  bets: ReadBet[];
}

export async function readExpiry(db: Kysely<DB>, expiresAt: number): Promise<ReadExpiry> {
  const { rows } = await sql<ReadBet>`
    select bets.*, pairs.symbol, users.locale
    from bets join pairs on pairs.id = bets.pair_id join users on users.id = bets.user_id
    where bets.status = 'open' and bets.expires_at = ${new Date(expiresAt)}
    order by bets.id`.execute(db);
  return { expiresAt, bets: rows };
}

/**
 * Settles the bets read ahead of their expiry: once the exit ticks are stored, the only reads left
 * are one look-up of each pair's last tick, so a busy expiry's results go out in the time of its
 * writes alone. The close leaves a bet another settler holds to it, so settlers on several nodes
 * never wait on each other's bets.
 */
export async function settleReadExpiry(db: Kysely<DB>, read: ReadExpiry, now: number, effects: SettlementEffects = {}): Promise<SettledBet[]> {
  const pairIds = [...new Set(read.bets.map((bet) => bet.pair_id))];
  if (pairIds.length === 0) return [];
  const { rows } = await sql<ExitTick & { pair_id: string }>`
    select p.pair_id, last.id as exit_id, last.t as exit_t, last.v as exit_v
    from unnest(${pairIds}::text[]) as p (pair_id)
    left join lateral (
      select id, t, v from ticks where ticks.pair_id = p.pair_id and ticks.t <= ${read.expiresAt}
      order by t desc, id desc limit 1
    ) last on true`.execute(db);
  const lastTick = new Map(rows.map(({ pair_id, ...exit }) => [pair_id, exit]));
  return inBatches(db, effects, async (trx, offset, limit) => {
    const due = read.bets.slice(offset, offset + limit).map((bet) => withExit(bet, lastTick.get(bet.pair_id) ?? NO_EXIT));
    return { settled: due.length === 0 ? [] : await settleRead(trx, due, now), more: offset + limit < read.bets.length };
  });
}

async function publish(db: Kysely<DB>, bus: RealtimeBus, settled: SettledBet[]) {
  for (const { userId, bet, notification } of settled) {
    bus.toUser(userId, { type: 'bet', bet });
    bus.toUser(userId, { type: 'notification', notification });
  }
  // A lost bet leaves its wallet as it was (the stake left at placement): only credited owners hear of theirs.
  const credited = settled.filter(({ bet }) => bet.status !== 'lost').map(({ userId }) => userId);
  if (credited.length === 0) return;
  const wallets = await walletsOfUsers(db, [...new Set(credited)]);
  for (const [userId, userWallets] of wallets) bus.toUser(userId, { type: 'wallets', wallets: userWallets });
}

/**
 * How long after expiry a bet waits before it is settled when the feed does not say sooner that
 * the exit tick is stored (another node holds the feed, or its write failed): ticks are stamped
 * on the second and stored within milliseconds, so by then the exit tick is in the record.
 */
export const SETTLE_GRACE_MS = 300;
/** The settler looks at least this often for new bets (placed since, or through other nodes). */
const IDLE_POLL_MS = 1000;
/**
 * How long before the next expiry the settler beside the feed reads its bets (readExpiry): well
 * after the purchase cutoff (30 s), so none is placed later, and soon enough that a busy expiry's
 * read is done before it. A bet it missed still settles, claimed after the read ones.
 */
const READ_AHEAD_MS = 5000;

export interface SettlementScheduler {
  /**
   * The feed stored its ticks stamped `t`: every exit tick up to `t` is in the record, so the
   * bets that expired by then are settled now instead of after the grace.
   */
  ticksStored(t: number): void;
  stop(): Promise<void>;
}

/**
 * Runs settlement at start (bets left open by a crash) and then continuously, waking when the
 * feed has stored the next expiry's ticks, at that expiry plus the grace, or at the idle poll,
 * whichever is soonest. Once the feed has said it runs here, the next expiry's bets are read
 * ahead of it and settled first when it comes.
 */
export function startSettlement(db: Kysely<DB>, effects: Required<SettlementEffects>): SettlementScheduler {
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Infinity;
  let nextExpiry = Infinity;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let feedHere = false;
  let readAhead: { expiresAt: number; read: Promise<ReadExpiry | undefined> } | undefined;

  const readAheadOf = (expiresAt: number) => {
    if (!feedHere || expiresAt - Date.now() > READ_AHEAD_MS || readAhead?.expiresAt === expiresAt) return;
    readAhead = {
      expiresAt,
      read: readExpiry(db, expiresAt).catch((error: unknown) => {
        effects.log.error({ err: error }, 'reading an expiry ahead failed; its bets are claimed when due');
        return undefined;
      }),
    };
  };

  const arm = (at: number) => {
    if (stopped || at >= wakeAt) return;
    clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(() => {
      wakeAt = Infinity;
      running = running.then(() => run(Date.now() - SETTLE_GRACE_MS));
    }, Math.max(0, at - Date.now()));
  };

  const run = async (upTo: number) => {
    if (stopped) return;
    try {
      const ahead = readAhead;
      if (ahead && ahead.expiresAt <= upTo) {
        readAhead = undefined;
        const read = await ahead.read;
        if (read) await settleReadExpiry(db, read, upTo, effects);
      }
      await settleDue(db, upTo, effects);
      const next = await db
        .selectFrom('bets')
        .select((eb) => eb.fn.min('expires_at').as('at'))
        .where('status', '=', 'open')
        .executeTakeFirst();
      nextExpiry = next?.at ? new Date(next.at).getTime() : Infinity;
      readAheadOf(nextExpiry);
      arm(Math.min(nextExpiry + SETTLE_GRACE_MS, Date.now() + IDLE_POLL_MS));
    } catch (error) {
      effects.log.error({ err: error }, 'settlement failed; retrying');
      arm(Date.now() + IDLE_POLL_MS);
    }
  };

  running = run(Date.now() - SETTLE_GRACE_MS);
  return {
    ticksStored: (t) => {
      feedHere = true;
      if (stopped || t < nextExpiry) return;
      nextExpiry = Infinity;
      running = running.then(() => run(t));
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
