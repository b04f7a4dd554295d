/** Withdrawals: the form, the confirmation, cancelling, the payout job and the operators' decision. */
import { type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { StoredWithdrawField } from '../../db/tables/money';
import type { RealtimeBus } from '../../realtime/bus';
import { ApiError, type Message } from '../../http/errors';
import { moveMoney } from '../wallet/ledger';
import { fromCents, toCents } from '../../../../src/api/contract/money';
import { withdrawFeeCents, type WithdrawQuote, type Withdrawal } from '../../../../src/api/contract/payments';
import { payoutProviders, type ProviderRegistry } from './providers/registry';
import * as repo from './repo';
import { emptyChange, publishChange, recordNotice, type MoneyChange } from '../wallet/money-change';
import { assertWithdrawalAllowed } from '../limits/kyc';
import { limitError, offeredSystem, type PaymentSystemRow } from './payment-systems';
import { isoOrNull } from '../../db/iso-time';

function maskDestination(fields: StoredWithdrawField[], values: Record<string, string>): string {
  const main = fields[0];
  const raw = (main ? values[main.name] : undefined)?.replace(/\s/g, '') ?? '';
  if (!main || raw.length < 8) return '****';
  if (main.type === 'card_number') return `**** ${raw.slice(-4)}`;
  if (main.type === 'iban') return `${raw.slice(0, 4).toUpperCase()} **** ${raw.slice(-4)}`;
  return `${raw.slice(0, 4)}…${raw.slice(-4)}`;
}

export function presentWithdrawal(row: repo.WithdrawalRow, fields: StoredWithdrawField[] = []): Withdrawal {
  return {
    id: row.id,
    ps_id: row.ps_id,
    slug: row.slug,
    ps_name: row.ps_name,
    amount: fromCents(row.amount_cents),
    fee: fromCents(row.fee_cents),
    receive: fromCents(row.receive_cents),
    status: row.status,
    destination: maskDestination(fields, row.fields),
    created_at: row.created_at.toISOString(),
    processed_at: isoOrNull(row.processed_at),
  };
}

async function withdrawalOf(db: Kysely<DB> | Transaction<DB>, id: number, userId?: number): Promise<Withdrawal> {
  const row = await repo.findWithdrawal(db, id, userId);
  if (!row) throw new ApiError('not_found', { message: 'money.error.withdrawal_not_found' });
  const ps = await repo.findPaymentSystem(db, { id: row.ps_id });
  return presentWithdrawal(row, ps?.withdraw_fields ?? []);
}

export interface ValidWithdrawal {
  ps: PaymentSystemRow;
  amountCents: number;
  feeCents: number;
  values: Record<string, string>;
}

/**
 * Checks a withdraw form (amount + the system's fields) against the system and the main wallet.
 * Every problem is reported at once, per field; unknown fields are refused.
 */
export async function validateWithdrawForm(
  db: Kysely<DB> | Transaction<DB>,
  providers: ProviderRegistry,
  userId: number,
  slug: string,
  form: Record<string, string>,
  /** KYC_WITHDRAW_THRESHOLD: past it an unverified account is refused at the amount. */
  kycThresholdCents = Number.MAX_SAFE_INTEGER,
): Promise<ValidWithdrawal> {
  const ps = await offeredSystem(db, providers, { slug }, 'withdraw');
  const errors: Record<string, string | Message> = {};
  const known = new Set(['amount', ...ps.withdraw_fields.map((f) => f.name)]);
  for (const name of Object.keys(form)) if (!known.has(name)) errors[name] = 'validation.unknown_field';
  const amountCents = toCents(form.amount);
  if (form.amount === undefined || form.amount.trim() === '') errors.amount = 'validation.required';
  else if (amountCents === null || amountCents <= 0) errors.amount = 'validation.money';
  else {
    const limit = limitError(ps, amountCents);
    if (limit) errors.amount = limit;
    else {
      const wallet = await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).where('wallet_type', '=', 'main').executeTakeFirst();
      if ((wallet?.balance_cents ?? 0) < amountCents) errors.amount = 'money.error.insufficient_balance';
    }
  }
  const values: Record<string, string> = {};
  for (const field of ps.withdraw_fields) values[field.name] = (form[field.name] ?? '').trim();
  Object.assign(errors, providers.get(ps.provider).validateWithdrawFields(ps.withdraw_fields, values));
  if (Object.keys(errors).length > 0 || amountCents === null) throw new ApiError('validation', { fields: errors });
  await assertWithdrawalAllowed(db, userId, amountCents, kycThresholdCents);
  return { ps, amountCents, feeCents: withdrawFeeCents(amountCents, ps.fee_bp / 100), values };
}

export const quoteOf = (v: ValidWithdrawal): WithdrawQuote => ({
  amount: fromCents(v.amountCents),
  fee: fromCents(v.feeCents),
  receive: fromCents(v.amountCents - v.feeCents),
});

/** Creates the withdrawal and holds its amount from the main wallet in the same transaction. */
export async function confirmWithdrawal(
  db: Kysely<DB>,
  bus: RealtimeBus | undefined,
  providers: ProviderRegistry,
  userId: number,
  slug: string,
  form: Record<string, string>,
  kycThresholdCents = Number.MAX_SAFE_INTEGER,
): Promise<Withdrawal> {
  const id = await db.transaction().execute(async (trx) => {
    const valid = await validateWithdrawForm(trx, providers, userId, slug, form, kycThresholdCents);
    const row = await trx
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        ps_id: valid.ps.id,
        amount_cents: valid.amountCents,
        fee_cents: valid.feeCents,
        receive_cents: valid.amountCents - valid.feeCents,
        fields: JSON.stringify(valid.values),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await moveMoney(trx, { userId, walletType: 'main', kind: 'withdrawal_hold', amountCents: -valid.amountCents, refType: 'withdrawal', refId: row.id });
    // Again with the wallet locked by the hold and this withdrawal counted: two at once cannot both slip under.
    await assertWithdrawalAllowed(trx, userId, 0, kycThresholdCents);
    return row.id;
  });
  await publishChange(db, bus, { userIds: new Set([userId]), notifications: [] });
  return withdrawalOf(db, id, userId);
}

export async function cancelInfo(db: Kysely<DB>, userId: number, id: number) {
  const withdrawal = await withdrawalOf(db, id, userId);
  return { withdrawal, cancellable: withdrawal.status === 'pending' };
}

type FinalStatus = 'completed' | 'rejected' | 'cancelled';

/**
 * Moves a pending withdrawal to its final status, once: the row is locked, and whoever locks it
 * second (a cancel racing the processor, a replayed approval) finds it no longer pending and
 * changes nothing. Rejected and cancelled withdrawals give the held amount back.
 */
async function finishWithdrawal(
  trx: Transaction<DB>,
  id: number,
  status: FinalStatus,
  now: Date,
  change: MoneyChange,
  options: { userId?: number; reason?: string | undefined } = {},
): Promise<boolean> {
  let query = trx.selectFrom('withdrawals').select(['id', 'user_id', 'amount_cents', 'status']).where('id', '=', id);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row || row.status !== 'pending') return false;
  await trx
    .updateTable('withdrawals')
    .set({ status, processed_at: now, reject_reason: status === 'rejected' ? (options.reason ?? 'money.withdraw.reject.provider') : null })
    .where('id', '=', id)
    .execute();
  if (status !== 'completed') {
    await moveMoney(trx, { userId: row.user_id, walletType: 'main', kind: 'withdrawal_refund', amountCents: row.amount_cents, refType: 'withdrawal', refId: id });
    change.userIds.add(row.user_id);
  }
  if (status !== 'cancelled') {
    const notification = await recordNotice(trx, {
      userId: row.user_id,
      key: status === 'completed' ? 'money.notice.withdrawal_completed' : 'money.notice.withdrawal_rejected',
      params: { amount: fromCents(row.amount_cents) },
      type: status === 'completed' ? 'success' : 'warning',
      redirectUrl: '/finances',
    });
    change.notifications.push({ userId: row.user_id, notification });
  }
  return true;
}

export async function cancelWithdrawal(db: Kysely<DB>, bus: RealtimeBus | undefined, userId: number, id: number, now = new Date()): Promise<Withdrawal> {
  const change = emptyChange();
  const exists = await repo.findWithdrawal(db, id, userId);
  if (!exists) throw new ApiError('not_found', { message: 'money.error.withdrawal_not_found' });
  const cancelled = await db.transaction().execute((trx) => finishWithdrawal(trx, id, 'cancelled', now, change, { userId }));
  if (!cancelled) throw new ApiError('not_cancellable', { message: 'money.error.not_cancellable' });
  await publishChange(db, bus, change);
  return withdrawalOf(db, id, userId);
}

export interface WithdrawalJobOptions {
  /** Seconds a withdrawal stays pending before the provider pays it (config.withdrawDelay). */
  withdrawDelay?: number;
  bus?: RealtimeBus;
  providers?: ProviderRegistry;
  /** At most this many per run. */
  limit?: number;
}

/**
 * Pays one due withdrawal out. The row is claimed with FOR UPDATE SKIP LOCKED for the whole
 * payout, so two workers never pay the same withdrawal and a cancel waits for the outcome (and
 * then finds it no longer pending). The provider gets the withdrawal id as its idempotency key.
 */
async function payOut(db: Kysely<DB>, providers: ProviderRegistry, id: number, now: Date, change: MoneyChange) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('withdrawals')
      .select(['id', 'ps_id', 'receive_cents', 'fields'])
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    const ps = await trx.selectFrom('payment_systems').select('provider').where('id', '=', row.ps_id).executeTakeFirstOrThrow();
    const result = await providers.get(ps.provider).processWithdrawal({ id: row.id, receiveCents: row.receive_cents, fields: row.fields });
    const reason = result.status === 'rejected' ? result.reason : undefined;
    const done = await finishWithdrawal(trx, id, result.status, now, change, { reason });
    return done ? result.status : null;
  });
}

/**
 * The payout job: pending withdrawals older than the delay go to their provider and end completed
 * or rejected (refunded). A withdrawal cancelled meanwhile stays cancelled: the final step locks
 * the row and only moves it from pending.
 */
export async function processDueWithdrawals(db: Kysely<DB>, now: Date, options: WithdrawalJobOptions = {}) {
  const providers = options.providers ?? payoutProviders();
  const cutoff = new Date(now.getTime() - (options.withdrawDelay ?? 120) * 1000);
  // A provider no longer enabled pays nothing out: its withdrawals wait for an operator's decision.
  if (providers.enabled.length === 0) return [];
  const due = await db
    .selectFrom('withdrawals')
    .innerJoin('payment_systems as ps', 'ps.id', 'withdrawals.ps_id')
    .select('withdrawals.id')
    .where('withdrawals.status', '=', 'pending')
    .where('withdrawals.created_at', '<=', cutoff)
    .where('ps.provider', 'in', providers.enabled)
    .orderBy('withdrawals.id')
    .limit(options.limit ?? 100)
    .execute();
  const change = emptyChange();
  const outcomes: Array<{ id: number; status: 'completed' | 'rejected' }> = [];
  for (const { id } of due) {
    const status = await payOut(db, providers, id, now, change);
    if (status) outcomes.push({ id, status });
  }
  await publishChange(db, options.bus, change);
  return outcomes;
}

/** Back office: pays a pending withdrawal out now. False when it is no longer pending. */
export async function approveWithdrawal(db: Kysely<DB>, id: number, options: { bus?: RealtimeBus; now?: Date } = {}): Promise<boolean> {
  const change = emptyChange();
  const done = await db.transaction().execute((trx) => finishWithdrawal(trx, id, 'completed', options.now ?? new Date(), change));
  await publishChange(db, options.bus, change);
  return done;
}

/** Back office: refuses a pending withdrawal and refunds it. False when it is no longer pending. */
export async function rejectWithdrawal(
  db: Kysely<DB>,
  id: number,
  options: { bus?: RealtimeBus; now?: Date; reason?: string } = {},
): Promise<boolean> {
  const change = emptyChange();
  const done = await db
    .transaction()
    .execute((trx) => finishWithdrawal(trx, id, 'rejected', options.now ?? new Date(), change, { reason: options.reason ?? 'money.withdraw.reject.operator' }));
  await publishChange(db, options.bus, change);
  return done;
}
