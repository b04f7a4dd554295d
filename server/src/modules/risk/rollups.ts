import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The results and the signals read settled bets through roll-ups: a final hour or day is summed once
// into risk_rollup_pairs and risk_rollup_users, and only the last hour or so is read from the bets.

export interface ResultRange {
  /** Inclusive UTC day, YYYY-MM-DD. */
  from: string;
  /** Inclusive UTC day. */
  to: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A period is final (no bet closes in it any more) this long after it ended: then it is rolled up. */
const FINAL_AFTER_MS = 10 * 60_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
export const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

type Unit = 'day' | 'hour';
const UNITS: Record<Unit, { ms: number; hours: number }> = { day: { ms: DAY_MS, hours: 24 }, hour: { ms: HOUR_MS, hours: 1 } };
interface Span { from: number; to: number }

/**
 * A range as the roll-ups serve it: its final days from the daily roll-ups, today's final hours
 * from the hourly ones, and only the last hour or so from the bets themselves.
 */
function splitRange(range: ResultRange, now: number) {
  const start = startOfDay(range.from).getTime();
  const end = startOfDay(addDays(range.to, 1)).getTime();
  const finalDays = Math.floor((now - FINAL_AFTER_MS) / DAY_MS) * DAY_MS;
  const finalHours = Math.floor((now - FINAL_AFTER_MS) / HOUR_MS) * HOUR_MS;
  const daysTo = Math.min(end, finalDays);
  const days: Span | null = daysTo > start ? { from: start, to: daysTo } : null;
  const hoursFrom = Math.max(start, days?.to ?? start);
  const hoursTo = Math.min(end, finalHours);
  const hours: Span | null = hoursTo > hoursFrom ? { from: hoursFrom, to: hoursTo } : null;
  const liveFrom = Math.max(start, hours?.to ?? days?.to ?? start);
  const live: Span | null = end > liveFrom ? { from: liveFrom, to: end } : null;
  return { days, hours, live };
}

/** Settled bets by UTC period of closing, wallet type and pair, between two instants. */
const pairStatsSql = (unit: Unit, start: Date, end: Date) => sql`
  select date_trunc(${unit}, closed_at, 'UTC') as period, wallet_type, pair_id, count(*)::int as bets,
    sum(amount_cents)::bigint as stakes_cents, coalesce(sum(returned_cents), 0)::bigint as returned_cents
  from bets where status <> 'open' and closed_at >= ${start} and closed_at < ${end}
  group by 1, 2, 3`;

/**
 * Settled bets by UTC period of closing and trader: decided bets, wins and their payouts (the
 * win-rate test), the bets whose next tick came within `windowMs` of the placement and those it
 * favoured (the fast-bet test), and the real-money stakes (the cycles).
 */
const userStatsSql = (unit: Unit, start: Date, end: Date, windowMs: number) => sql`
  select date_trunc(${unit}, b.closed_at, 'UTC') as period, b.user_id,
    count(*) filter (where b.status in ('won', 'lost'))::int as decided,
    count(*) filter (where b.status = 'won')::int as wins,
    coalesce(sum(b.payout_percent) filter (where b.status in ('won', 'lost')), 0)::bigint as payout_sum,
    count(n.t)::int as fast,
    count(*) filter (where (b.direction = 'up' and n.v > b.open_rate) or (b.direction = 'down' and n.v < b.open_rate))::int as favourable,
    coalesce(sum(b.amount_cents) filter (where b.wallet_type = 'main'), 0)::bigint as main_stakes_cents
  from bets b
  left join lateral (
    select t, v from ticks where ticks.pair_id = b.pair_id and ticks.t > b.open_tick_t order by t limit 1
  ) n on n.t - floor(extract(epoch from b.opened_at) * 1000)::bigint between 0 and ${windowMs}
  where b.status <> 'open' and b.closed_at >= ${start} and b.closed_at < ${end}
  group by 1, 2`;

/** Rolls up the final periods of the span not rolled yet (once each: later reads take the roll-up). */
async function rollUp(db: Kysely<DB>, unit: Unit, span: Span, windowMs: number): Promise<void> {
  const { ms, hours } = UNITS[unit];
  const missing = await sql<{ period: Date }>`
    select p as period from generate_series(${new Date(span.from)}::timestamptz, ${new Date(span.to - ms)}::timestamptz, ${`1 ${unit}`}::interval) as p
    where not exists (select 1 from risk_rolled_periods r where r.hours = ${hours} and r.period = p) order by p`.execute(db);
  if (missing.rows.length === 0) return;
  const periods = missing.rows.map((r) => new Date(r.period).toISOString()).sort();
  const start = new Date(periods[0]!);
  const end = new Date(Date.parse(periods[periods.length - 1]!) + ms);
  await db.transaction().execute(async (trx) => {
    await sql`insert into risk_rollup_pairs (hours, period, wallet_type, pair_id, bets, stakes_cents, returned_cents)
      select ${hours}, s.* from (${pairStatsSql(unit, start, end)}) s where s.period = any(${periods}::timestamptz[]) on conflict do nothing`.execute(trx);
    await sql`insert into risk_rollup_users (hours, period, user_id, decided, wins, payout_sum, fast, favourable, main_stakes_cents)
      select ${hours}, s.* from (${userStatsSql(unit, start, end, windowMs)}) s where s.period = any(${periods}::timestamptz[]) on conflict do nothing`.execute(trx);
    await sql`insert into risk_rolled_periods (hours, period) select ${hours}, unnest(${periods}::timestamptz[]) on conflict do nothing`.execute(trx);
  });
}

/** The roll-ups' rows (rolled first when missing) and the live query over the rest of the range. */
async function rolledParts(db: Kysely<DB>, range: ResultRange, windowMs: number, now: number, table: 'risk_rollup_pairs' | 'risk_rollup_users', columns: string, live: (start: Date, end: Date) => ReturnType<typeof sql>) {
  const split = splitRange(range, now);
  if (split.days) await rollUp(db, 'day', split.days, windowMs);
  if (split.hours) await rollUp(db, 'hour', split.hours, windowMs);
  const rolled = (hours: number, span: Span) =>
    sql`select ${sql.raw(columns)} from ${sql.table(table)} where hours = ${hours} and period >= ${new Date(span.from)} and period < ${new Date(span.to)}`;
  return [
    split.days ? rolled(24, split.days) : null,
    split.hours ? rolled(1, split.hours) : null,
    split.live ? sql`select ${sql.raw(columns)} from (${live(new Date(split.live.from), new Date(split.live.to))}) l` : null,
  ].filter((p) => p !== null);
}

/** Rolls the final periods of the last 31 days (the roll-up job runs it ahead of the pages). */
export async function rollUpRecent(db: Kysely<DB>, windowMs: number, now = Date.now()): Promise<void> {
  const split = splitRange({ from: dayOf(now - 30 * DAY_MS), to: dayOf(now) }, now);
  if (split.days) await rollUp(db, 'day', split.days, windowMs);
  if (split.hours) await rollUp(db, 'hour', split.hours, windowMs);
}

export interface PairDay { day: string; wallet_type: string; pair_id: string; bets: number; stakes_cents: number; returned_cents: number }

export async function pairDays(db: Kysely<DB>, range: ResultRange, windowMs: number, now: number): Promise<PairDay[]> {
  const parts = await rolledParts(db, range, windowMs, now, 'risk_rollup_pairs', 'period, wallet_type, pair_id, bets, stakes_cents, returned_cents', (start, end) => pairStatsSql('hour', start, end));
  if (parts.length === 0) return [];
  const result = await sql<PairDay>`select to_char(period at time zone 'UTC', 'YYYY-MM-DD') as day, wallet_type, pair_id,
      sum(bets)::int as bets, sum(stakes_cents)::bigint as stakes_cents, sum(returned_cents)::bigint as returned_cents
    from (${sql.join(parts, sql` union all `)}) u group by 1, 2, 3`.execute(db);
  return result.rows.map((r) => ({ ...r, bets: Number(r.bets), stakes_cents: Number(r.stakes_cents), returned_cents: Number(r.returned_cents) }));
}

export interface UserStats { user_id: number; decided: number; wins: number; payout_sum: number; fast: number; favourable: number; main_stakes_cents: number }

/** Each trader's figures over the range (roll-ups for final periods, the bets for the rest). */
export async function userStats(db: Kysely<DB>, range: ResultRange, windowMs: number, now = Date.now()): Promise<UserStats[]> {
  const parts = await rolledParts(db, range, windowMs, now, 'risk_rollup_users', 'user_id, decided, wins, payout_sum, fast, favourable, main_stakes_cents', (start, end) => userStatsSql('hour', start, end, windowMs));
  if (parts.length === 0) return [];
  const result = await sql<UserStats>`
    select user_id, sum(decided)::int as decided, sum(wins)::int as wins, sum(payout_sum)::bigint as payout_sum,
      sum(fast)::int as fast, sum(favourable)::int as favourable, sum(main_stakes_cents)::bigint as main_stakes_cents
    from (${sql.join(parts, sql` union all `)}) u group by user_id`.execute(db);
  return result.rows.map((r) => ({
    user_id: Number(r.user_id), decided: Number(r.decided), wins: Number(r.wins), payout_sum: Number(r.payout_sum),
    fast: Number(r.fast), favourable: Number(r.favourable), main_stakes_cents: Number(r.main_stakes_cents),
  }));
}
