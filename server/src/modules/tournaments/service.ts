import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, LocalizedTexts } from '../../db/schema';
import type { RealtimeBus } from '../../realtime/bus';
import { ApiError } from '../../http/errors';
import { inReaderLanguage, translate } from '../../i18n';
import { moveMoney, setBalance } from '../wallet/ledger';
import type { Locale } from '../../../../src/api/contract/envelope';
import { fromCents } from '../../../../src/api/contract/money';
import type { LeaderboardRow, Product, Tournament } from '../../../../src/api/contract/tournaments';
import { assertNotExcluded } from '../limits/service';
import { emptyChange, publishChange, recordNotice, type MoneyChange } from '../wallet/money-change';

type Db = Kysely<DB> | Transaction<DB>;

/** The free weekly tournament: Monday 00:00 UTC to the next Monday. */
const WEEKLY = {
  name: 'money.tournament.weekly_name',
  startBalanceCents: 1000_00,
  prizesCents: [100_00, 50_00, 25_00],
} as const;

const WEEK_MS = 7 * 86_400_000;

export function weekStart(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

export function findTournament(db: Db, id: number) {
  return db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
}
type TournamentRow = NonNullable<Awaited<ReturnType<typeof findTournament>>>;

/** The weekly tournament of `now`'s week, created by whichever request needs it first. */
export async function ensureWeeklyTournament(db: Db, now: Date): Promise<TournamentRow> {
  const starts = weekStart(now);
  await db
    .insertInto('tournaments')
    .values({
      kind: 'weekly',
      name: WEEKLY.name,
      starts_at: starts,
      ends_at: new Date(starts.getTime() + WEEK_MS),
      entry_fee_cents: 0,
      start_balance_cents: WEEKLY.startBalanceCents,
      prizes_cents: JSON.stringify(WEEKLY.prizesCents),
    })
    .onConflict((oc) => oc.column('starts_at').where('kind', '=', 'weekly').doNothing())
    .execute();
  return db
    .selectFrom('tournaments')
    .selectAll()
    .where('kind', '=', 'weekly')
    .where('starts_at', '=', starts)
    .executeTakeFirstOrThrow();
}

/** A tournament with an entry fee, joined through /purchase (opened from the back office). */
export async function createSpecialTournament(
  db: Db,
  t: { name: string; names?: LocalizedTexts; startsAt: Date; endsAt: Date; entryFeeCents: number; startBalanceCents: number; prizesCents: number[] },
): Promise<TournamentRow> {
  return db
    .insertInto('tournaments')
    .values({
      kind: 'special',
      name: t.name,
      names: t.names ? JSON.stringify(t.names) : null,
      starts_at: t.startsAt,
      ends_at: t.endsAt,
      entry_fee_cents: t.entryFeeCents,
      start_balance_cents: t.startBalanceCents,
      prizes_cents: JSON.stringify(t.prizesCents),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A tournament's name in the reader's language: the operator's text in it (or in the other
 * language when it is empty), else the stored name, a translation key or a literal.
 */
export const tournamentName = (t: Pick<TournamentRow, 'name' | 'names'>, locale: Locale): string =>
  inReaderLanguage(t.names, locale) ?? translate(locale, t.name);

const isRunning = (t: TournamentRow, now: Date) => t.status === 'running' && t.starts_at <= now && now < t.ends_at;

async function present(db: Db, rows: TournamentRow[], userId: number | null, locale: Locale): Promise<Tournament[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .selectFrom('tournament_entries')
    .select(['tournament_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tournament_id', 'in', ids)
    .groupBy('tournament_id')
    .execute();
  const mine = userId
    ? await db.selectFrom('tournament_entries').select('tournament_id').where('tournament_id', 'in', ids).where('user_id', '=', userId).execute()
    : [];
  const count = new Map(counts.map((c) => [c.tournament_id, Number(c.n)]));
  const joined = new Set(mine.map((m) => m.tournament_id));
  return rows.map((r) => ({
    id: r.id,
    name: tournamentName(r, locale),
    kind: r.kind,
    starts_at: r.starts_at.toISOString(),
    ends_at: r.ends_at.toISOString(),
    entry_fee: fromCents(r.entry_fee_cents),
    start_balance: fromCents(r.start_balance_cents),
    prizes: r.prizes_cents.map(fromCents),
    status: r.status,
    participants: count.get(r.id) ?? 0,
    joined: joined.has(r.id),
    product_id: r.entry_fee_cents > 0 ? r.id : null,
  }));
}

async function presentOne(db: Db, row: TournamentRow, userId: number | null, locale: Locale): Promise<Tournament> {
  const [tournament] = await present(db, [row], userId, locale);
  if (!tournament) throw new Error('tournament vanished');
  return tournament;
}

/** GET /tournament/current: the weekly tournament and every running one (the weekly first). */
export async function currentTournaments(db: Kysely<DB>, now: Date, userId: number | null, locale: Locale) {
  const weekly = await ensureWeeklyTournament(db, now);
  const running = await db
    .selectFrom('tournaments')
    .selectAll()
    .where('status', '=', 'running')
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy(sql`kind = 'weekly'`, 'desc')
    .orderBy('ends_at')
    .execute();
  const presented = await present(db, running.some((r) => r.id === weekly.id) ? running : [weekly, ...running], userId, locale);
  return { tournament: presented.find((t) => t.id === weekly.id) ?? presented[0]!, running: presented };
}

/** Whether the trader is entered in a running tournament other than this one. */
export async function inAnotherTournament(db: Db, userId: number, tournamentId: number, now: Date): Promise<boolean> {
  const other = await db
    .selectFrom('tournament_entries as e')
    .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
    .select('t.id')
    .where('e.user_id', '=', userId)
    .where('t.id', '<>', tournamentId)
    .where('t.status', '=', 'running')
    .where('t.ends_at', '>', now)
    .executeTakeFirst();
  return Boolean(other);
}

export type EnterResult = 'joined' | 'already_joined' | 'in_another' | 'not_running';

/**
 * Enters the trader into a tournament inside the caller's transaction and sets the tournament
 * wallet to the start balance. One running tournament at a time: the tournament wallet and the
 * bets counted for the leaderboard belong to it.
 */
export async function enterTournament(
  trx: Transaction<DB>,
  tournamentId: number,
  userId: number,
  now: Date,
  purchaseId: number | null,
): Promise<EnterResult> {
  const tournament = await trx.selectFrom('tournaments').selectAll().where('id', '=', tournamentId).forUpdate().executeTakeFirst();
  if (!tournament || !isRunning(tournament, now)) return 'not_running';
  // Serializes the joins of one trader (the wallet row is theirs alone).
  await trx.selectFrom('wallets').select('user_id').where('user_id', '=', userId).where('wallet_type', '=', 'tournament').forUpdate().execute();
  const entries = await trx
    .selectFrom('tournament_entries as e')
    .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
    .select(['t.id'])
    .where('e.user_id', '=', userId)
    .where('t.status', '=', 'running')
    .where('t.ends_at', '>', now)
    .execute();
  if (entries.some((e) => e.id === tournamentId)) return 'already_joined';
  if (entries.length > 0) return 'in_another';
  const entry = await trx
    .insertInto('tournament_entries')
    .values({ tournament_id: tournamentId, user_id: userId, purchase_id: purchaseId, joined_at: now })
    .onConflict((oc) => oc.constraint('tournament_entries_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!entry) return 'already_joined';
  await setBalance(trx, {
    userId,
    walletType: 'tournament',
    kind: 'tournament_reset',
    refType: 'tournament_entry',
    refId: entry.id,
    balanceCents: tournament.start_balance_cents,
  });
  return 'joined';
}

/**
 * POST /tournament/{id}/join. A free tournament is joined at once; a paid one not yet paid for
 * answers with where to pay (the purchase page for its product).
 */
export async function joinTournament(
  db: Kysely<DB>,
  bus: RealtimeBus | undefined,
  tournamentId: number,
  userId: number,
  now: Date,
  locale: Locale,
): Promise<{ redirect: string } | { tournament: Tournament; you: LeaderboardRow | null }> {
  const tournament = await findTournament(db, tournamentId);
  if (!tournament) throw new ApiError('not_found', { message: 'money.tournament.error.not_found' });
  if (!isRunning(tournament, now)) throw new ApiError('validation', { message: 'money.tournament.error.finished' });
  const mine = await db
    .selectFrom('tournament_entries')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // A self-excluded trader keeps the tournaments already joined but joins no other.
  if (!mine) await assertNotExcluded(db, userId, now);
  if (!mine && (await inAnotherTournament(db, userId, tournamentId, now))) {
    throw new ApiError('validation', { message: 'money.tournament.error.in_another' });
  }
  if (!mine && tournament.entry_fee_cents > 0) return { redirect: `/purchase?product_id=${tournament.id}` };
  if (!mine) {
    const result = await db.transaction().execute((trx) => enterTournament(trx, tournamentId, userId, now, null));
    if (result === 'in_another') throw new ApiError('validation', { message: 'money.tournament.error.in_another' });
    if (result === 'not_running') throw new ApiError('validation', { message: 'money.tournament.error.finished' });
    if (result === 'joined') await publishChange(db, bus, { userIds: new Set([userId]), notifications: [] });
  }
  const board = await leaderboard(db, tournamentId, userId, 1);
  return { tournament: await presentOne(db, tournament, userId, locale), you: board.you };
}

const displayName = (accountId: string) =>
  `${accountId.length > 4 ? `${accountId.slice(0, 2)}${'*'.repeat(Math.min(accountId.length - 4, 4))}${accountId.slice(-2)}` : accountId}`;

interface Standing {
  entryId: number;
  userId: number;
  accountId: string;
  profitCents: number;
  bets: number;
}

/**
 * Entrants ranked by the profit of their settled tournament-wallet bets opened between joining
 * and the end (what came back minus the stakes); ties go to the earlier entrant.
 */
async function standings(db: Db, tournamentId: number): Promise<Standing[]> {
  const rows = await db
    .selectFrom('tournament_entries as e')
    .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('bets as b', (join) =>
      join
        .onRef('b.user_id', '=', 'e.user_id')
        .on('b.wallet_type', '=', 'tournament')
        .on('b.status', '<>', 'open')
        .onRef('b.opened_at', '>=', 'e.joined_at')
        .onRef('b.opened_at', '<', 't.ends_at'),
    )
    .select([
      'e.id as entry_id',
      'e.user_id',
      'u.account_id',
      sql<number>`coalesce(sum(b.returned_cents - b.amount_cents), 0)`.as('profit_cents'),
      sql<number>`count(b.id)`.as('bets'),
    ])
    .where('e.tournament_id', '=', tournamentId)
    .groupBy(['e.id', 'e.user_id', 'u.account_id', 'e.joined_at'])
    .orderBy('profit_cents', 'desc')
    .orderBy('e.joined_at')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({ entryId: r.entry_id, userId: r.user_id, accountId: r.account_id, profitCents: Number(r.profit_cents), bets: Number(r.bets) }));
}

const rowOf = (s: Standing, index: number, userId: number | null): LeaderboardRow => ({
  rank: index + 1,
  name: displayName(s.accountId),
  profit: fromCents(s.profitCents),
  bets: s.bets,
  is_you: s.userId === userId,
});

async function leaderboard(db: Kysely<DB>, tournamentId: number, userId: number | null, limit: number) {
  const all = await standings(db, tournamentId);
  const mineIndex = all.findIndex((s) => s.userId === userId);
  const mine = mineIndex >= 0 ? all[mineIndex] : undefined;
  return {
    items: all.slice(0, limit).map((s, i) => rowOf(s, i, userId)),
    you: mine ? rowOf(mine, mineIndex, userId) : null,
  };
}

export async function leaderboardOf(db: Kysely<DB>, tournamentId: number, userId: number | null, limit: number, locale: Locale) {
  const tournament = await findTournament(db, tournamentId);
  if (!tournament) throw new ApiError('not_found', { message: 'money.tournament.error.not_found' });
  const board = await leaderboard(db, tournamentId, userId, limit);
  return { tournament: await presentOne(db, tournament, userId, locale), ...board };
}

/** GET /purchase/ps/{id}: the product a paid tournament's entry is. */
export async function productOf(db: Kysely<DB>, productId: number, userId: number, locale: Locale): Promise<Product> {
  const tournament = await findTournament(db, productId);
  if (!tournament || tournament.entry_fee_cents === 0) throw new ApiError('not_found', { message: 'money.error.product_not_found' });
  const owned = await db
    .selectFrom('tournament_entries')
    .select('id')
    .where('tournament_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    id: tournament.id,
    kind: 'tournament_entry',
    name: translate(locale, 'money.purchase.entry_name', { name: tournamentName(tournament, locale) }),
    price: fromCents(tournament.entry_fee_cents),
    tournament_id: tournament.id,
    owned: Boolean(owned),
  };
}

/**
 * The end of tournaments: ranks are fixed and prizes go to the main wallet, once. The tournament
 * row is locked and only a running one is finished; each prize is a ledger row unique to its entry.
 * Prizes go to entrants with at least one settled bet.
 */
export async function finishTournaments(db: Kysely<DB>, now: Date, options: { bus?: RealtimeBus } = {}) {
  const due = await db
    .selectFrom('tournaments')
    .select('id')
    .where('status', '=', 'running')
    .where('ends_at', '<=', now)
    .orderBy('id')
    .execute();
  const change = emptyChange();
  const finished: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction().execute((trx) => finishOne(trx, id, now, change));
    if (done) finished.push(id);
  }
  await publishChange(db, options.bus, change);
  return finished;
}

async function finishOne(trx: Transaction<DB>, id: number, now: Date, change: MoneyChange): Promise<boolean> {
  const tournament = await trx.selectFrom('tournaments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!tournament || tournament.status !== 'running' || tournament.ends_at > now) return false;
  const ranked = await standings(trx, id);
  let prizeIndex = 0;
  for (const [index, standing] of ranked.entries()) {
    const prize = standing.bets > 0 ? (tournament.prizes_cents[prizeIndex] ?? 0) : 0;
    if (standing.bets > 0) prizeIndex += 1;
    await trx
      .updateTable('tournament_entries')
      .set({ final_rank: index + 1, prize_cents: prize })
      .where('id', '=', standing.entryId)
      .execute();
    if (prize > 0) {
      await moveMoney(trx, { userId: standing.userId, walletType: 'main', kind: 'prize', amountCents: prize, refType: 'tournament_entry', refId: standing.entryId });
      change.userIds.add(standing.userId);
    }
    const notification = await recordNotice(trx, {
      userId: standing.userId,
      key: prize > 0 ? 'money.notice.tournament_prize' : 'money.notice.tournament_finished',
      params: { rank: index + 1, prize: fromCents(prize) },
      type: prize > 0 ? 'success' : 'info',
      redirectUrl: '/home',
    });
    change.notifications.push({ userId: standing.userId, notification });
  }
  await trx.updateTable('tournaments').set({ status: 'finished', finished_at: now }).where('id', '=', id).execute();
  return true;
}
