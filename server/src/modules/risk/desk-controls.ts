import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { RealtimeBus } from '../../realtime/bus';
import { ApiError } from '../../http/errors';
import { lockSettings } from './settings';

type Db = Kysely<DB> | Transaction<DB>;

// The risk desk's actions (each audited with its operator and reason) and what the controls page lists.

export interface Actor {
  operatorId: number;
  reason: string;
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
 * the new terms without a reload. Answers the pair's symbol, which the operator is told.
 */
export async function changePair(
  db: Kysely<DB>,
  bus: RealtimeBus,
  actor: Actor,
  pairId: string,
  change: { payout?: number; active?: boolean },
): Promise<string> {
  const after = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('pairs').select(['symbol', 'payout_percent', 'active']).where('id', '=', pairId).forUpdate().executeTakeFirst();
    if (!before) throw noPair();
    const next = { payout_percent: change.payout ?? before.payout_percent, active: change.active ?? before.active };
    await trx.updateTable('pairs').set(next).where('id', '=', pairId).execute();
    await audit(trx, actor, change.payout !== undefined ? 'pair.payout' : next.active ? 'pair.resume' : 'pair.suspend', pairId, {
      before: { payout: before.payout_percent, active: before.active },
      after: { payout: next.payout_percent, active: next.active },
    });
    return { ...next, symbol: before.symbol };
  });
  bus.toPair(pairId, { type: 'pair', pair_id: pairId, payout: after.payout_percent, active: after.active });
  return after.symbol;
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
