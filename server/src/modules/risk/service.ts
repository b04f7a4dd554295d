import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { RealtimeBus } from '../../realtime/bus';
import { ApiError } from '../../http/errors';
import type { WalletType } from '../../../../src/api/contract/envelope';
import { breakEvenRate, winRateTest, binomialUpperTail, type WinRateTest } from './stats';
import { MONEY_WALLET } from './placement';

type Db = Kysely<DB> | Transaction<DB>;

/** Expiry buckets of the exposure table: time left until the bets expire, seconds (upper bounds). */
export const EXPIRY_BUCKETS = [60, 300, 900, 3600, Infinity] as const;
export const bucketName = (upper: number) => (upper === Infinity ? 'later' : `${upper}`);

export interface ExposureRow {
  pair_id: string;
  symbol: string;
  direction: 'up' | 'down';
  /** The bucket's upper bound in seconds as text, or 'later'. */
  bucket: string;
  bets: number;
  stakes_cents: number;
  /** What goes back to the traders if every bet of the row wins. */
  pays_if_all_win_cents: number;
  /** What goes back if the pair's current price holds until expiry (equal price: the stake back). */
  pays_if_price_holds_cents: number;
}

export interface Exposure {
  wallet: WalletType;
  rows: ExposureRow[];
  stakes_cents: number;
  pays_if_all_win_cents: number;
  pays_if_price_holds_cents: number;
  /** What the house loses beyond the stakes if every open bet wins (both directions of a pair can win when their entries differ). */
  worst_case_cents: number;
  house_limit_cents: number | null;
}

const bucketCase = sql.raw(
  `case ${EXPIRY_BUCKETS.filter((b) => b !== Infinity)
    .map((b) => `when b.expires_at <= now() + interval '${b} seconds' then '${b}'`)
    .join(' ')} else 'later' end`,
);

/** The open bets of one wallet type by pair, direction and expiry bucket, against each pair's latest tick. */
export async function exposure(db: Db, wallet: WalletType = MONEY_WALLET): Promise<Exposure> {
  const result = await sql<ExposureRow>`
    with open_bets as (select * from bets b where b.status = 'open' and b.wallet_type = ${wallet}),
    latest as (
      select p.id as pair_id, p.symbol, l.v from pairs p
      cross join lateral (select v from ticks where ticks.pair_id = p.id order by t desc, id desc limit 1) l
      where p.id in (select distinct pair_id from open_bets)
    )
    select b.pair_id, coalesce(l.symbol, b.pair_id) as symbol, b.direction, ${bucketCase} as bucket,
      count(*)::int as bets,
      sum(b.amount_cents)::bigint as stakes_cents,
      sum((b.amount_cents * (100 + b.payout_percent)) / 100)::bigint as pays_if_all_win_cents,
      sum(case
        when l.v is null or l.v = b.open_rate then b.amount_cents
        when (b.direction = 'up') = (l.v > b.open_rate) then (b.amount_cents * (100 + b.payout_percent)) / 100
        else 0 end)::bigint as pays_if_price_holds_cents
    from open_bets b left join latest l on l.pair_id = b.pair_id
    group by 1, 2, 3, 4 order by 1, 3, 4`.execute(db);
  const rows = result.rows.map((r) => ({
    ...r,
    bets: Number(r.bets),
    stakes_cents: Number(r.stakes_cents),
    pays_if_all_win_cents: Number(r.pays_if_all_win_cents),
    pays_if_price_holds_cents: Number(r.pays_if_price_holds_cents),
  }));
  const sum = (key: 'stakes_cents' | 'pays_if_all_win_cents' | 'pays_if_price_holds_cents') => rows.reduce((s, r) => s + r[key], 0);
  const settings = await riskSettings(db);
  return {
    wallet,
    rows,
    stakes_cents: sum('stakes_cents'),
    pays_if_all_win_cents: sum('pays_if_all_win_cents'),
    pays_if_price_holds_cents: sum('pays_if_price_holds_cents'),
    worst_case_cents: sum('pays_if_all_win_cents') - sum('stakes_cents'),
    house_limit_cents: settings.house_limit_cents,
  };
}

/**
 * The worst case over the last `minutes`, one point a minute: at each instant, the winnings of the
 * bets open then (opened before, not yet closed). Read from the bets themselves, so the history
 * needs no sampler and is the same on every node.
 */
export async function exposureHistory(db: Db, wallet: WalletType, now = Date.now(), minutes = 60): Promise<{ t: number; worst_case_cents: number }[]> {
  const since = new Date(now - minutes * 60_000);
  const result = await sql<{ t: Date; worst: number }>`
    with candidates as (
      select opened_at, closed_at, amount_cents, payout_percent from bets where status = 'open' and wallet_type = ${wallet}
      union all
      select opened_at, closed_at, amount_cents, payout_percent from bets where status <> 'open' and closed_at > ${since} and wallet_type = ${wallet}
    )
    select g.t, coalesce(sum((c.amount_cents * (100 + c.payout_percent)) / 100 - c.amount_cents), 0)::bigint as worst
    from generate_series(${since}::timestamptz, ${new Date(now)}::timestamptz, interval '1 minute') as g (t)
    left join candidates c on c.opened_at <= g.t and (c.closed_at is null or c.closed_at > g.t)
    group by g.t order by g.t`.execute(db);
  return result.rows.map((r) => ({ t: new Date(r.t).getTime(), worst_case_cents: Number(r.worst) }));
}

/** The settings row as migration 0011 writes it; stored again when it is missing (a wiped table). */
const DEFAULT_SETTINGS = { house_limit_cents: null, false_alarm_rate: 0.001, fast_bet_ms: 300 };

export async function riskSettings(db: Db) {
  const row = (await db.selectFrom('risk_settings').select(['house_limit_cents', 'false_alarm_rate', 'fast_bet_ms']).where('id', '=', 1).executeTakeFirst()) ?? DEFAULT_SETTINGS;
  return {
    house_limit_cents: row.house_limit_cents === null ? null : Number(row.house_limit_cents),
    false_alarm_rate: Number(row.false_alarm_rate),
    fast_bet_ms: Number(row.fast_bet_ms),
  };
}

// ---------------------------------------------------------------- controls

export interface Actor {
  operatorId: number;
  reason: string;
}

/** Locks the settings row for a change, storing the defaults first when it is missing. */
async function lockSettings(trx: Transaction<DB>) {
  await trx.insertInto('risk_settings').values({ id: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  return trx.selectFrom('risk_settings').select(['house_limit_cents', 'false_alarm_rate', 'fast_bet_ms']).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
}

async function audit(trx: Transaction<DB>, actor: Actor, action: string, target: string, details: Record<string, unknown>) {
  await trx
    .insertInto('risk_audit')
    .values({ operator_id: actor.operatorId, action, target, details: JSON.stringify(details), reason: actor.reason })
    .execute();
}

const noPair = () => new ApiError('validation', { fields: { pair_id: 'trading.error.pair_not_found' } });

/**
 * A pair's payout or its suspension. Open bets keep the payout they locked at placement (it is
 * copied into each bet); the pair's subscribers are told at once, so the trader's bet slip shows
 * the new terms without a reload.
 */
export async function changePair(
  db: Kysely<DB>,
  bus: RealtimeBus,
  actor: Actor,
  pairId: string,
  change: { payout?: number; active?: boolean },
): Promise<void> {
  const after = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('pairs').select(['payout_percent', 'active']).where('id', '=', pairId).forUpdate().executeTakeFirst();
    if (!before) throw noPair();
    const next = { payout_percent: change.payout ?? before.payout_percent, active: change.active ?? before.active };
    await trx.updateTable('pairs').set(next).where('id', '=', pairId).execute();
    await audit(trx, actor, change.payout !== undefined ? 'pair.payout' : next.active ? 'pair.resume' : 'pair.suspend', pairId, {
      before: { payout: before.payout_percent, active: before.active },
      after: { payout: next.payout_percent, active: next.active },
    });
    return next;
  });
  bus.toPair(pairId, { type: 'pair', pair_id: pairId, payout: after.payout_percent, active: after.active });
}

async function traderByAccount(trx: Transaction<DB>, account: string) {
  const user = await trx.selectFrom('users').select(['id', 'account_id', 'role']).where('account_id', '=', account.trim()).executeTakeFirst();
  if (!user || user.role !== 'trader') throw new ApiError('validation', { fields: { account: 'risk.error.no_trader' } });
  return user;
}

async function currentControls(trx: Transaction<DB>, userId: number) {
  const row = await trx.selectFrom('trader_controls').select(['max_stake_cents', 'suspended_reason']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return { max_stake_cents: row?.max_stake_cents === null || row === undefined ? null : Number(row.max_stake_cents), suspended_reason: row?.suspended_reason ?? null };
}

async function writeControls(trx: Transaction<DB>, userId: number, next: { max_stake_cents: number | null; suspended_reason: string | null }) {
  await trx
    .insertInto('trader_controls')
    .values({ user_id: userId, ...next })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...next, updated_at: sql`now()` }))
    .execute();
}

/** The trader's largest real-money stake per bet (null lifts the limit). */
export async function setStakeLimit(db: Kysely<DB>, actor: Actor, account: string, maxStakeCents: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await traderByAccount(trx, account);
    const before = await currentControls(trx, user.id);
    await writeControls(trx, user.id, { ...before, max_stake_cents: maxStakeCents });
    await audit(trx, actor, 'trader.stake_limit', user.account_id, { before: before.max_stake_cents, after: maxStakeCents });
  });
}

/** Suspends the account's trading with the message the trader reads on every refused bet, or (null) lifts it. */
export async function setSuspension(db: Kysely<DB>, actor: Actor, account: string, message: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await traderByAccount(trx, account);
    const before = await currentControls(trx, user.id);
    await writeControls(trx, user.id, { ...before, suspended_reason: message });
    await audit(trx, actor, message === null ? 'trader.resume' : 'trader.suspend', user.account_id, { before: before.suspended_reason, after: message });
  });
}

/** The house-wide worst-case limit (null: none); locks the row placements lock, so no group straddles the change. */
export async function setHouseLimit(db: Kysely<DB>, actor: Actor, limitCents: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockSettings(trx);
    await trx.updateTable('risk_settings').set({ house_limit_cents: limitCents }).where('id', '=', 1).execute();
    await audit(trx, actor, 'house.limit', 'house', { before: before.house_limit_cents === null ? null : Number(before.house_limit_cents), after: limitCents });
  });
}

/** The abuse signals' false-alarm rate and the fast-bet window. */
export async function setSignalSettings(db: Kysely<DB>, actor: Actor, settings: { false_alarm_rate: number; fast_bet_ms: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockSettings(trx);
    await trx.updateTable('risk_settings').set(settings).where('id', '=', 1).execute();
    // The roll-ups counted fast bets with the old window: they are rolled again on the next read.
    if (Number(before.fast_bet_ms) !== settings.fast_bet_ms) {
      await sql`delete from risk_rolled_periods`.execute(trx);
      await sql`delete from risk_rollup_users`.execute(trx);
      await sql`delete from risk_rollup_pairs`.execute(trx);
    }
    await audit(trx, actor, 'signals.settings', 'house', { before: { false_alarm_rate: before.false_alarm_rate, fast_bet_ms: before.fast_bet_ms }, after: settings });
  });
}

export const AUDIT_PAGE = 50;

export async function auditLog(db: Db, page = 1) {
  return db
    .selectFrom('risk_audit')
    .innerJoin('users', 'users.id', 'risk_audit.operator_id')
    .select(['risk_audit.id', 'risk_audit.action', 'risk_audit.target', 'risk_audit.details', 'risk_audit.reason', 'risk_audit.created_at', 'users.email as operator'])
    .orderBy('risk_audit.id', 'desc')
    .offset((page - 1) * AUDIT_PAGE)
    .limit(AUDIT_PAGE)
    .execute();
}

export async function controlledTraders(db: Db) {
  return db
    .selectFrom('trader_controls')
    .innerJoin('users', 'users.id', 'trader_controls.user_id')
    .select(['users.account_id', 'users.email', 'trader_controls.max_stake_cents', 'trader_controls.suspended_reason', 'trader_controls.updated_at'])
    .where((eb) => eb.or([eb('trader_controls.max_stake_cents', 'is not', null), eb('trader_controls.suspended_reason', 'is not', null)]))
    .orderBy('trader_controls.updated_at', 'desc')
    .limit(200)
    .execute();
}

export async function pairsForControls(db: Db) {
  return db.selectFrom('pairs').select(['id', 'symbol', 'payout_percent', 'active']).orderBy('sort_order').execute();
}

// ---------------------------------------------------------------- results

export interface ResultRange {
  /** Inclusive UTC day, YYYY-MM-DD. */
  from: string;
  /** Inclusive UTC day. */
  to: string;
}

export interface ResultLine {
  key: string;
  bets: number;
  stakes_cents: number;
  returned_cents: number;
  /** Stakes minus returns: the house's profit (negative: a loss). */
  house_cents: number;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A period is final (no bet closes in it any more) this long after it ended: then it is rolled up. */
export const FINAL_AFTER_MS = 10 * 60_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

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

interface PairDay { day: string; wallet_type: string; pair_id: string; bets: number; stakes_cents: number; returned_cents: number }

async function pairDays(db: Kysely<DB>, range: ResultRange, windowMs: number, now: number): Promise<PairDay[]> {
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

function sumLines(rows: readonly PairDay[], keyOf: (row: PairDay) => string): ResultLine[] {
  const lines = new Map<string, ResultLine>();
  for (const row of rows) {
    const key = keyOf(row);
    const line = lines.get(key) ?? { key, bets: 0, stakes_cents: 0, returned_cents: 0, house_cents: 0 };
    line.bets += row.bets;
    line.stakes_cents += row.stakes_cents;
    line.returned_cents += row.returned_cents;
    line.house_cents = line.stakes_cents - line.returned_cents;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The house's result over settled bets closed in the range: real money (main) by day and by pair,
 * every wallet type side by side (demo and tournament chips apart from the money), and each
 * tournament's entry fees against its prizes (the money a tournament moves).
 */
export async function results(db: Kysely<DB>, range: ResultRange, now = Date.now()) {
  const { start, end } = { start: startOfDay(range.from), end: startOfDay(addDays(range.to, 1)) };
  const settings = await riskSettings(db);
  const [days, byTournament] = await Promise.all([
    pairDays(db, range, settings.fast_bet_ms, now),
    sql<{ key: string; name: string; entries: number; fees_cents: number; prizes_cents: number }>`
      select t.id::text as key, t.name, count(e.id)::int as entries,
        (count(e.id) * t.entry_fee_cents)::bigint as fees_cents,
        coalesce((select sum(l.amount_cents) from ledger_entries l join tournament_entries pe on l.ref_type = 'tournament_entry' and l.ref_id = pe.id::text
          where l.kind = 'prize' and pe.tournament_id = t.id), 0)::bigint as prizes_cents
      from tournaments t left join tournament_entries e on e.tournament_id = t.id
      where t.ends_at >= ${start} and t.starts_at < ${end}
      group by t.id order by t.starts_at`.execute(db),
  ]);
  const money = days.filter((d) => d.wallet_type === MONEY_WALLET);
  const byDay = sumLines(money, (d) => d.day);
  return {
    range,
    byDay,
    byPair: sumLines(money, (d) => d.pair_id),
    byWallet: sumLines(days, (d) => d.wallet_type),
    byTournament: byTournament.rows.map((r) => ({
      key: r.key,
      name: r.name,
      entries: Number(r.entries),
      fees_cents: Number(r.fees_cents),
      prizes_cents: Number(r.prizes_cents),
      house_cents: Number(r.fees_cents) - Number(r.prizes_cents),
    })),
    /** Real money only: demo and tournament chips are no one's money. */
    total_house_cents: byDay.reduce((s, r) => s + r.house_cents, 0),
  };
}
export type Results = Awaited<ReturnType<typeof results>>;

// ---------------------------------------------------------------- abuse signals

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
export function winRateFlags(stats: readonly UserStats[], alpha: number) {
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
export const SHARED_ACCOUNTS = 3;

export async function sharedOriginSignals(db: Db) {
  const result = await sql<{ kind: 'ip' | 'device'; value: string; accounts: string[] }>`
    select s.kind, s.value, array_agg(u.account_id order by u.account_id) as accounts
    from account_sightings s join users u on u.id = s.user_id
    group by s.kind, s.value having count(distinct s.user_id) >= ${SHARED_ACCOUNTS}
    order by count(distinct s.user_id) desc limit 100`.execute(db);
  return result.rows;
}

/** Deposits and a withdrawal in the range with settled stakes under this share of the deposits: money passing through. */
export const CYCLE_TURNOVER_SHARE = 0.5;

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
      'bets.id', 'bets.wallet_type', 'pairs.symbol', 'bets.direction', 'bets.amount_cents', 'bets.payout_percent', 'bets.status',
      'bets.opened_at', 'bets.open_tick_id', 'bets.open_tick_t', 'bets.open_rate', 'bets.close_tick_id', 'bets.close_tick_t', 'bets.close_rate', 'bets.returned_cents',
    ])
    .where('bets.user_id', '=', user.id)
    .orderBy('bets.id', 'desc')
    .limit(limit)
    .execute();
  const controls = await db.selectFrom('trader_controls').select(['max_stake_cents', 'suspended_reason']).where('user_id', '=', user.id).executeTakeFirst();
  return { user, bets, controls: controls ?? null };
}

/** Remembers where a signed-in account was seen (address, device): the shared-origin signal reads it. */
export async function recordSighting(db: Db, userId: number, kind: 'ip' | 'device', value: string): Promise<void> {
  await db
    .insertInto('account_sightings')
    .values({ user_id: userId, kind, value })
    .onConflict((oc) => oc.columns(['kind', 'value', 'user_id']).doUpdateSet({ last_seen_at: sql`now()` }))
    .execute();
}
