import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { fromCents, toCents } from '../../../../src/api/contract/money';
import { durationSeconds, TIMEOUT_PERIODS } from '../../../../src/api/contract/duration';
import {
  LIMIT_COOLING_OFF_MS,
  LIMIT_NAMES,
  MIN_EXCLUSION_MONTHS,
  isMoneyLimit,
  type ExclusionKind,
  type ExclusionRequest,
  type LimitName,
  type LimitsPayload,
  type LimitsUpdate,
  type SessionSummary,
} from '../../../../src/api/contract/limits';

type Db = Kysely<DB> | Transaction<DB>;

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The rolling periods of the per-period limits. */
const PERIOD_MS = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS } as const;
type Period = keyof typeof PERIOD_MS;
const PERIODS = Object.keys(PERIOD_MS) as Period[];

/** A limit as stored: the value in force and a raise or removal waiting for its cooling-off. */
interface LimitRow {
  name: string;
  value: number | null;
  pending_value: number | null;
  pending_from: Date | null;
}

/** The value in force at `now`: a pending change counts from its time on (no job needs to apply it). */
function inForce(row: LimitRow, now: number): number | null {
  const value = row.pending_from && row.pending_from.getTime() <= now ? row.pending_value : row.value;
  return value === null ? null : Number(value);
}

/** Each limit in force at `now`, in cents (money) or minutes (session). */
type LimitsInForce = Partial<Record<LimitName, number>>;

function limitsInForce(rows: readonly LimitRow[], now: number): LimitsInForce {
  const limits: LimitsInForce = {};
  for (const row of rows) {
    const value = inForce(row, now);
    if (value !== null && (LIMIT_NAMES as readonly string[]).includes(row.name)) limits[row.name as LimitName] = value;
  }
  return limits;
}

async function limitRowsOf(db: Db, userIds: readonly number[]): Promise<(LimitRow & { user_id: number })[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('trading_limits').select(['user_id', 'name', 'value', 'pending_value', 'pending_from']).where('user_id', 'in', userIds).execute();
}

// ---------------------------------------------------------------------------------------------
// Refusals

const wire = (name: LimitName, value: number) => (isMoneyLimit(name) ? fromCents(value) : value);
/** A limit as its refusal writes it: money in dollars, the session's length in seconds (`{{limit, duration}}`). */
const messageValue = (name: LimitName, value: number) => (isMoneyLimit(name) ? fromCents(value) : value * 60);

/** The refusal of a money-in or a bet that would cross a limit; the message names the limit. */
const limitRefusal = (name: LimitName, value: number) =>
  new ApiError('limit_reached', { message: { key: `limits.refused.${name}`, params: { limit: messageValue(name, value) } } });

/** The refusal of a money-in, a bet or a tournament entry during a self-exclusion. */
const exclusionRefusal = (until: Date) =>
  new ApiError('self_excluded', { message: { key: 'limits.refused.excluded', params: { until: until.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' } } });

/** The end of the trader's self-exclusion when it is still running at `now`. */
async function excludedUntil(db: Db, userId: number, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('responsible_settings').select('excluded_until').where('user_id', '=', userId).executeTakeFirst();
  return row?.excluded_until && row.excluded_until > now ? row.excluded_until : null;
}

/** Refuses a money-in or a tournament entry of a self-excluded trader. */
export async function assertNotExcluded(db: Db, userId: number, now: Date): Promise<void> {
  const until = await excludedUntil(db, userId, now);
  if (until) throw exclusionRefusal(until);
}

// ---------------------------------------------------------------------------------------------
// What the trader sees and changes

async function settingsOf(db: Db, userId: number) {
  return db.selectFrom('responsible_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function readLimits(db: Db, userId: number, now: Date): Promise<LimitsPayload> {
  const [rows, settings] = [await limitRowsOf(db, [userId]), await settingsOf(db, userId)];
  const byName = new Map(rows.map((r) => [r.name, r]));
  const at = now.getTime();
  return {
    limits: LIMIT_NAMES.map((name) => {
      const row = byName.get(name);
      const value = row ? inForce(row, at) : null;
      const pending = row?.pending_from && row.pending_from.getTime() > at ? row : null;
      return {
        name,
        value: value === null ? null : wire(name, value),
        pending: pending
          ? { value: pending.pending_value === null ? null : wire(name, Number(pending.pending_value)), applies_at: pending.pending_from!.toISOString() }
          : null,
      };
    }),
    reality_check_minutes: settings?.reality_check_minutes ?? null,
    exclusion:
      settings?.excluded_until && settings.excluded_until > now
        ? { kind: settings.exclusion_kind as ExclusionKind, until: settings.excluded_until.toISOString() }
        : null,
  };
}

/**
 * Changes limits: lowering one (or setting one where there was none) takes effect at once and drops
 * a waiting raise; raising or removing one waits LIMIT_COOLING_OFF_MS, while the lower value stays
 * in force. The reality check's period changes at once (it limits nothing).
 */
export async function updateLimits(db: Kysely<DB>, userId: number, update: LimitsUpdate, now: Date): Promise<LimitsPayload> {
  const at = now.getTime();
  return db.transaction().execute(async (trx) => {
    await ensureSettingsRow(trx, userId);
    const rows = new Map((await trx.selectFrom('trading_limits').selectAll().where('user_id', '=', userId).forUpdate().execute()).map((r) => [r.name, r]));
    for (const [name, wanted] of Object.entries(update.limits ?? {}) as [LimitName, number | null | undefined][]) {
      if (wanted === undefined) continue;
      const next = wanted === null ? null : isMoneyLimit(name) ? toCents(wanted)! : wanted;
      const row = rows.get(name);
      const current = row ? inForce(row, at) : null;
      let values: { value: number | null; pending_value: number | null; pending_from: Date | null };
      if (next !== null && (current === null || next <= current)) values = { value: next, pending_value: null, pending_from: null };
      else if (next === current) values = { value: current, pending_value: null, pending_from: null };
      else values = { value: current, pending_value: next, pending_from: new Date(at + LIMIT_COOLING_OFF_MS) };
      await trx
        .insertInto('trading_limits')
        .values({ user_id: userId, name, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet(values))
        .execute();
    }
    if (update.reality_check_minutes !== undefined) {
      await trx.updateTable('responsible_settings').set({ reality_check_minutes: update.reality_check_minutes }).where('user_id', '=', userId).execute();
    }
    return readLimits(trx, userId, now);
  });
}

async function ensureSettingsRow(trx: Transaction<DB>, userId: number) {
  await trx.insertInto('responsible_settings').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  await trx.selectFrom('responsible_settings').select('user_id').where('user_id', '=', userId).forUpdate().execute();
}

/** The first instant after `months` calendar months from `now` (UTC). */
const addMonths = (now: Date, months: number) => {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
};

/** The end of a self-exclusion request, or the field error when it is too short. */
function exclusionEnd(request: ExclusionRequest, now: Date): Date {
  if (request.kind !== 'until_date') return new Date(now.getTime() + durationSeconds(TIMEOUT_PERIODS[request.kind]) * 1000);
  const end = new Date(Date.parse(`${request.until}T00:00:00Z`) + DAY_MS);
  if (Number.isNaN(end.getTime()) || end < addMonths(now, MIN_EXCLUSION_MONTHS)) {
    throw new ApiError('validation', { fields: { until: { key: 'limits.error.exclusion_too_short', params: { months: MIN_EXCLUSION_MONTHS } } } });
  }
  return end;
}

/**
 * Starts a self-exclusion. It cannot be shortened or undone: a request ending before the one
 * running only keeps the running one; a later end extends it.
 */
export async function startExclusion(db: Kysely<DB>, userId: number, request: ExclusionRequest | { kind: 'rest_of_day' }, now: Date): Promise<LimitsPayload> {
  const until = request.kind === 'rest_of_day' ? new Date(Date.parse(now.toISOString().slice(0, 10)) + DAY_MS) : exclusionEnd(request, now);
  return db.transaction().execute(async (trx) => {
    await ensureSettingsRow(trx, userId);
    await trx
      .updateTable('responsible_settings')
      .set({ excluded_until: until, exclusion_kind: request.kind, excluded_at: now })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('excluded_until', 'is', null), eb('excluded_until', '<', until)]))
      .execute();
    return readLimits(trx, userId, now);
  });
}

/** The traders whose self-exclusion runs at `now`, the longest first (the back office's list). */
export async function runningExclusions(db: Db, now: Date) {
  const rows = await db
    .selectFrom('responsible_settings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.email', 'u.account_id', 'r.exclusion_kind', 'r.excluded_at', 'r.excluded_until'])
    .where('r.excluded_until', '>', now)
    .orderBy('r.excluded_until', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ email: r.email, account_id: r.account_id, kind: r.exclusion_kind ?? 'timeout_24h', excluded_at: r.excluded_at, excluded_until: r.excluded_until! }));
}

// ---------------------------------------------------------------------------------------------
// Placements: the limits are checked in the placement group's transaction, against its state

/** Per trader: the limits in force, the exclusion, and what the periods already used (cents). */
export interface TraderPlacementState {
  limits: LimitsInForce;
  excludedUntil: Date | null;
  /**
   * The loss of each period: the stakes of the main wallet's bets opened in it minus what they
   * returned, an open bet counting as lost. A bet never loses more than its stake, so when every
   * placement keeps `loss + stake <= limit` the loss actually made can never cross the limit, however
   * the open bets end.
   */
  loss: Record<Period, number>;
  /** The stakes of the main wallet's bets opened in each period. */
  turnover: Record<Period, number>;
  /** When each of the trader's placing sessions signed in (read when a session limit is set). */
  sessionStarts: Map<string, number>;
}

/**
 * Reads, in the placement group's transaction (after it locked the traders' wallets, so no other
 * placement of theirs commits meanwhile), each trader's limits, exclusion and usage of the periods
 * ending at `now` (the group's earliest arrival: the windows are then the widest).
 */
export async function placementStates(
  trx: Transaction<DB>,
  userIds: readonly number[],
  now: number,
  sessionHashes: readonly string[] = [],
): Promise<Map<number, TraderPlacementState>> {
  const states = new Map<number, TraderPlacementState>();
  if (userIds.length === 0) return states;
  const empty = () => ({ day: 0, week: 0, month: 0 });
  for (const id of userIds) states.set(id, { limits: {}, excludedUntil: null, loss: empty(), turnover: empty(), sessionStarts: new Map() });
  const [limitRows, settings] = [
    await limitRowsOf(trx, userIds),
    await trx.selectFrom('responsible_settings').select(['user_id', 'excluded_until']).where('user_id', 'in', userIds).execute(),
  ];
  const byUser = new Map<number, LimitRow[]>();
  for (const row of limitRows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  for (const [id, rows] of byUser) states.get(id)!.limits = limitsInForce(rows, now);
  for (const row of settings) if (row.excluded_until && row.excluded_until.getTime() > now) states.get(row.user_id)!.excludedUntil = row.excluded_until;
  const timed = [...states].filter(([, s]) => s.limits.session_minutes !== undefined).map(([id]) => id);
  if (timed.length > 0 && sessionHashes.length > 0) {
    const sessions = await trx.selectFrom('sessions').select(['id_hash', 'user_id', 'created_at']).where('id_hash', 'in', sessionHashes).where('user_id', 'in', timed).execute();
    for (const row of sessions) states.get(row.user_id)!.sessionStarts.set(row.id_hash, row.created_at.getTime());
  }
  // Only traders with a loss or turnover limit need their bets summed.
  const limited = [...states].filter(([, s]) => Object.keys(s.limits).some((n) => n.startsWith('loss_') || n.startsWith('turnover_'))).map(([id]) => id);
  if (limited.length > 0) {
    const since = (p: Period) => new Date(now - PERIOD_MS[p]);
    const usage = await trx
      .selectFrom('bets')
      .select((eb) => [
        'user_id',
        ...PERIODS.flatMap((p) => [
          sql<number>`coalesce(sum(amount_cents - coalesce(returned_cents, 0)) filter (where opened_at > ${since(p)}), 0)`.as(`loss_${p}`),
          sql<number>`coalesce(sum(amount_cents) filter (where opened_at > ${since(p)}), 0)`.as(`turnover_${p}`),
        ]),
        eb.fn.countAll().as('n'),
      ])
      .where('user_id', 'in', limited)
      .where('wallet_type', '=', 'main')
      .where('opened_at', '>', since('month'))
      .groupBy('user_id')
      .execute();
    for (const row of usage as unknown as Record<string, number>[]) {
      const state = states.get(Number(row.user_id))!;
      for (const p of PERIODS) {
        state.loss[p] = Number(row[`loss_${p}`]);
        state.turnover[p] = Number(row[`turnover_${p}`]);
      }
    }
  }
  return states;
}

/**
 * Checks one placement of the main wallet against its trader's limits and counts its stake when it
 * passes; `sessionHash` names the session placing it, whose sign-in starts the session-length limit.
 * Every wallet is closed during a self-exclusion.
 */
export function checkPlacement(state: TraderPlacementState, walletType: string, amountCents: number, now: number, sessionHash?: string | null): void {
  if (state.excludedUntil) throw exclusionRefusal(state.excludedUntil);
  const { limits } = state;
  const session = limits.session_minutes;
  const started = sessionHash ? state.sessionStarts.get(sessionHash) : undefined;
  if (session !== undefined && started !== undefined && now - started >= session * 60_000) throw limitRefusal('session_minutes', session);
  if (walletType !== 'main') return;
  if (limits.stake !== undefined && amountCents > limits.stake) throw limitRefusal('stake', limits.stake);
  for (const p of PERIODS) {
    const loss = limits[`loss_${p}`];
    if (loss !== undefined && state.loss[p] + amountCents > loss) throw limitRefusal(`loss_${p}`, loss);
    const turnover = limits[`turnover_${p}`];
    if (turnover !== undefined && state.turnover[p] + amountCents > turnover) throw limitRefusal(`turnover_${p}`, turnover);
  }
}

/** Counts an accepted placement's stake in its trader's usage (the next placement of the group sees it). */
export function countPlacement(state: TraderPlacementState, walletType: string, amountCents: number): void {
  if (walletType !== 'main') return;
  for (const p of PERIODS) {
    state.loss[p] += amountCents;
    state.turnover[p] += amountCents;
  }
}

// ---------------------------------------------------------------------------------------------
// Deposits

/**
 * Checks a new deposit against the exclusion and the deposit limits, in the transaction that
 * inserts it: the trader's settings row is locked first, so two deposits started at once are
 * checked one after the other. A deposit counts from its start (pending or paid; failed and
 * cancelled ones do not), so the deposits waiting for their checkout can never add up past a limit.
 */
export async function checkDeposit(trx: Transaction<DB>, userId: number, amountCents: number, now: Date): Promise<void> {
  await ensureSettingsRow(trx, userId);
  await assertNotExcluded(trx, userId, now);
  const limits = limitsInForce(await limitRowsOf(trx, [userId]), now.getTime());
  const names = PERIODS.filter((p) => limits[`deposit_${p}`] !== undefined);
  if (names.length === 0) return;
  const since = (p: Period) => new Date(now.getTime() - PERIOD_MS[p]);
  const row = await trx
    .selectFrom('deposits')
    .select(PERIODS.map((p) => sql<number>`coalesce(sum(amount_cents) filter (where created_at > ${since(p)}), 0)`.as(p)))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'completed'])
    .where('created_at', '>', since('month'))
    .executeTakeFirstOrThrow();
  for (const p of names) {
    const limit = limits[`deposit_${p}`]!;
    if (Number(row[p]) + amountCents > limit) throw limitRefusal(`deposit_${p}`, limit);
  }
}

// ---------------------------------------------------------------------------------------------
// Reality check

/** The current session's trading: its start, the bets placed since, and their settled net result (main wallet). */
export async function sessionSummary(db: Db, userId: number, sessionStartedAt: Date): Promise<SessionSummary> {
  const [bets, settings] = [
    await db
      .selectFrom('bets')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(returned_cents - amount_cents) filter (where status <> 'open' and wallet_type = 'main'), 0)`.as('net'),
      ])
      .where('user_id', '=', userId)
      .where('opened_at', '>=', sessionStartedAt)
      .executeTakeFirstOrThrow(),
    await settingsOf(db, userId),
  ];
  return {
    started_at: sessionStartedAt.toISOString(),
    bets: Number(bets.n),
    net: fromCents(Number(bets.net)),
    reality_check_minutes: settings?.reality_check_minutes ?? null,
  };
}
