import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { breakEvenRate, winRateTest, binomialUpperTail, type WinRateTest } from './stats';
import { addDays, startOfDay, userStats, type ResultRange, type UserStats } from './rollups';

type Db = Kysely<DB> | Transaction<DB>;

async function accountsOf(db: Kysely<DB>, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { account_id: string; email: string }>();
  const rows = await db.selectFrom('users').select(['id', 'account_id', 'email']).where('id', 'in', userIds).execute();
  return new Map(rows.map((r) => [Number(r.id), { account_id: r.account_id, email: r.email }]));
}

export interface WinRateSignal extends WinRateTest {
  account_id: string;
  email: string;
}

/**
 * Accounts whose wins are improbable at the break-even rate of the payouts they bet at (see
 * stats.ts). Refunds are neither wins nor losses; the rate is that of the bets' mean payout.
 */
function winRateFlags(stats: readonly UserStats[], alpha: number) {
  return stats
    .filter((s) => s.wins > 0)
    .map((s) => ({ user_id: s.user_id, ...winRateTest(s.decided, s.wins, breakEvenRate(s.payout_sum / s.decided), alpha) }))
    .filter((s) => s.flagged)
    .sort((a, b) => a.pValue - b.pValue);
}

/**
 * Bets placed within the window before a tick that moved in their favour: a trader with a faster
 * price source bets just before our feed catches up. Over bets whose next tick came that soon, an
 * honest trader is favoured about half the time; an account is flagged when its favourable share
 * is improbable at 1/2 (the same one-sided binomial test and rate as the win rate).
 */
export function fastBetFlags(stats: readonly UserStats[], alpha: number) {
  return stats
    .filter((s) => s.fast > 0)
    .map((s) => ({ user_id: s.user_id, fast: s.fast, favourable: s.favourable, pValue: binomialUpperTail(s.fast, s.favourable, 0.5) }))
    .filter((s) => s.pValue <= alpha)
    .sort((a, b) => a.pValue - b.pValue);
}

/** Accounts seen from one address or one browser: this many or more share it. */
const SHARED_ACCOUNTS = 3;

/** The groups with their address; a browser's id is its device cookie's secret, so it stays here. */
async function sharedOriginSignals(db: Db) {
  const result = await sql<{ kind: 'ip' | 'device'; address: string | null; accounts: string[]; last_seen_at: Date }>`
    select s.kind, case when s.kind = 'ip' then s.value end as address,
      array_agg(u.account_id order by u.account_id) as accounts, max(s.last_seen_at) as last_seen_at
    from account_sightings s join users u on u.id = s.user_id
    group by s.kind, s.value having count(distinct s.user_id) >= ${SHARED_ACCOUNTS}
    order by count(distinct s.user_id) desc limit 100`.execute(db);
  return result.rows;
}

/** Deposits and a withdrawal in the range with settled stakes under this share of the deposits: money passing through. */
const CYCLE_TURNOVER_SHARE = 0.5;

async function cycleFlags(db: Kysely<DB>, range: ResultRange, stats: readonly UserStats[]) {
  const result = await sql<{ user_id: number; deposits_cents: number; withdrawals_cents: number }>`
    select user_id,
      coalesce(sum(amount_cents) filter (where kind = 'deposit'), 0)::bigint as deposits_cents,
      coalesce(-sum(amount_cents) filter (where kind = 'withdrawal_hold'), 0)::bigint as withdrawals_cents
    from ledger_entries
    where kind in ('deposit', 'withdrawal_hold') and wallet_type = 'main'
      and created_at >= ${startOfDay(range.from)} and created_at < ${startOfDay(addDays(range.to, 1))}
    group by user_id`.execute(db);
  const stakes = new Map(stats.map((s) => [s.user_id, s.main_stakes_cents]));
  return result.rows
    .map((r) => ({ user_id: Number(r.user_id), deposits_cents: Number(r.deposits_cents), withdrawals_cents: Number(r.withdrawals_cents), stakes_cents: stakes.get(Number(r.user_id)) ?? 0 }))
    .filter((r) => r.deposits_cents > 0 && r.withdrawals_cents > 0 && r.stakes_cents < r.deposits_cents * CYCLE_TURNOVER_SHARE)
    .sort((a, b) => b.withdrawals_cents - a.withdrawals_cents)
    .slice(0, 100);
}

/** Every signal over the range, each with the trader's account to link to the evidence. */
export async function signals(db: Kysely<DB>, range: ResultRange, settings: { false_alarm_rate: number; fast_bet_ms: number }, now = Date.now()) {
  const stats = await userStats(db, range, settings.fast_bet_ms, now);
  const [shared, cycles] = [await sharedOriginSignals(db), await cycleFlags(db, range, stats)];
  const winRate = winRateFlags(stats, settings.false_alarm_rate).slice(0, 100);
  const fastBets = fastBetFlags(stats, settings.false_alarm_rate).slice(0, 100);
  const accounts = await accountsOf(db, [...new Set([...winRate, ...fastBets, ...cycles].map((s) => s.user_id))]);
  const named = <T extends { user_id: number }>(rows: T[]) =>
    rows.flatMap((r) => {
      const account = accounts.get(r.user_id);
      return account ? [{ ...r, ...account }] : [];
    });
  return { winRate: named(winRate), fastBets: named(fastBets), shared, cycles: named(cycles) };
}

/** The win-rate signal alone (its test reads it). */
export async function winRateSignals(db: Kysely<DB>, range: ResultRange, alpha: number): Promise<WinRateSignal[]> {
  return (await signals(db, range, { false_alarm_rate: alpha, fast_bet_ms: 300 })).winRate;
}

/** A trader's latest bets with their entry and exit ticks: the evidence behind a signal. */
export async function traderBets(db: Db, account: string, limit = 200) {
  const user = await db.selectFrom('users').select(['id', 'account_id', 'email']).where('account_id', '=', account).executeTakeFirst();
  if (!user) return null;
  const bets = await db
    .selectFrom('bets')
    .innerJoin('pairs', 'pairs.id', 'bets.pair_id')
    .select([
      'bets.id', 'bets.wallet_type', 'pairs.symbol', 'pairs.digits', 'bets.direction', 'bets.amount_cents', 'bets.payout_percent', 'bets.status',
      'bets.opened_at', 'bets.open_tick_id', 'bets.open_tick_t', 'bets.open_rate', 'bets.close_tick_id', 'bets.close_tick_t', 'bets.close_rate', 'bets.returned_cents',
    ])
    .where('bets.user_id', '=', user.id)
    .orderBy('bets.id', 'desc')
    .limit(limit)
    .execute();
  const controls = await db.selectFrom('trader_controls').select(['max_stake_cents', 'suspended_reason']).where('user_id', '=', user.id).executeTakeFirst();
  return { user, bets, controls: controls ?? null };
}
