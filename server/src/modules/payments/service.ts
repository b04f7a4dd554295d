import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { StoredWithdrawField } from '../../db/tables/money';
import type { RealtimeBus } from '../../realtime/bus';
import { ApiError, type Message } from '../../http/errors';
import { translate, translateOr } from '../../i18n';
import { moveMoney, setBalance } from '../wallet/ledger';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/api/contract/envelope';
import { fromCents, toCents } from '../../../../src/api/contract/money';
import {
  DEMO_BALANCE,
  withdrawFeeCents,
  type Deposit,
  type Finances,
  type PaymentCheckStatus,
  type PaymentHistoryItem,
  type PaymentSystem,
  type PaymentSystemListItem,
  type WithdrawQuote,
  type Withdrawal,
} from '../../../../src/api/contract/payments';
import { payoutProviders, type ProviderRegistry } from './providers/registry';
import type { PaymentEvent } from './providers/provider';
import { publicIdFromStatusUrl } from './providers/sandbox';
import * as repo from './repo';
import { emptyChange, publishChange, recordNotice, type MoneyChange } from '../wallet/money-change';
import { enterTournament, findTournament, inAnotherTournament } from '../tournaments/service';
import { assertNotExcluded, checkDeposit } from '../limits/service';
import { assertWithdrawalAllowed, kycStatus } from '../limits/kyc';

type PaymentSystemRow = NonNullable<Awaited<ReturnType<typeof repo.findPaymentSystem>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// Payment systems

/** The logos are the web app's own files (public/payment-logos), so Storybook and tests show them too. */
export const logoUrl = (slug: string) => `/payment-logos/${slug}.svg`;

export function presentPaymentSystem(row: PaymentSystemRow, locale: Locale, withFields: boolean): PaymentSystem {
  const system: PaymentSystem = {
    id: row.id,
    slug: row.slug,
    // The reader's language for the systems the translations know; an operator's own system keeps its name.
    name: translateOr(locale, `money.ps.${row.slug}`, row.name),
    logo: logoUrl(row.slug),
    min: fromCents(row.min_cents),
    max: fromCents(row.max_cents),
    fee_percent: row.fee_bp / 100,
  };
  if (withFields) {
    system.fields = row.withdraw_fields.map((f) => ({
      name: f.name,
      label: translate(locale, f.label),
      type: f.type,
      ...(f.pattern === undefined ? {} : { pattern: f.pattern }),
      required: f.required,
    }));
  }
  return system;
}

/** GET /payment_system/list, /deposit/ps, /withdraw/ps: each item with its config url, of enabled providers only. */
export async function listSystems(
  db: Kysely<DB>,
  providers: ProviderRegistry,
  use: 'any' | 'deposit' | 'withdraw',
  locale: Locale,
): Promise<PaymentSystemListItem[]> {
  const rows = (await repo.listPaymentSystems(db, use)).filter((row) => providers.offers(row.provider));
  return rows.map((row) => ({
    ...presentPaymentSystem(row, locale, false),
    url: use === 'withdraw' ? `/withdraw/ps/${row.id}` : `/deposit/ps/${row.id}`,
  }));
}

export async function systemById(db: Kysely<DB>, providers: ProviderRegistry, id: number, use: 'deposit' | 'withdraw'): Promise<PaymentSystemRow> {
  const row = await repo.findPaymentSystem(db, { id });
  if (!row || !(use === 'deposit' ? row.deposit_enabled : row.withdraw_enabled) || !providers.offers(row.provider)) {
    throw new ApiError('not_found', { message: 'money.error.ps_not_found' });
  }
  return row;
}

function limitError(row: PaymentSystemRow, amountCents: number): Message | null {
  if (amountCents < row.min_cents) return { key: 'money.error.amount_min', params: { min: fromCents(row.min_cents) } };
  if (amountCents > row.max_cents) return { key: 'money.error.amount_max', params: { max: fromCents(row.max_cents) } };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Checkout payments: deposits and purchases

/** Where the browser goes back to after the checkout of a payment. */
export const returnUrlOf = (payment: { kind: 'deposit' | 'purchase'; id: number }) =>
  payment.kind === 'deposit' ? `/deposit?deposit_id=${payment.id}` : `/purchase?purchase_id=${payment.id}`;

/** The payment starts on the provider's checkout; the browser comes back to `returnUrl`. */
async function startCheckout(
  providers: ProviderRegistry,
  row: PaymentSystemRow,
  amountCents: number,
  insert: (ids: { public_id: string; checkout_token: string }) => Promise<{ id: number }>,
  returnUrl: (id: number) => string,
) {
  const ids = { public_id: randomUUID(), checkout_token: randomBytes(24).toString('base64url') };
  const { id } = await insert(ids);
  const checkout = providers.get(row.provider).createCheckout({
    publicId: ids.public_id,
    amountCents,
    returnUrl: returnUrl(id),
  });
  return { id, checkout };
}

export async function createDeposit(db: Kysely<DB>, providers: ProviderRegistry, userId: number, psId: number, amountCents: number, now = new Date()) {
  const row = await systemById(db, providers, psId, 'deposit');
  const limit = limitError(row, amountCents);
  if (limit) throw new ApiError('validation', { fields: { amount: limit } });
  const { id, checkout } = await startCheckout(
    providers,
    row,
    amountCents,
    // The trader's self-exclusion and deposit limits are checked in the insert's transaction.
    (ids) =>
      db.transaction().execute(async (trx) => {
        await checkDeposit(trx, userId, amountCents, now);
        return repo.insertDeposit(trx, { ...ids, user_id: userId, ps_id: row.id, amount_cents: amountCents, created_at: now });
      }),
    (depositId) => returnUrlOf({ kind: 'deposit', id: depositId }),
  );
  return { deposit_id: id, redirect_url: checkout.redirectUrl, check_url: checkout.checkUrl };
}

export async function createPurchase(db: Kysely<DB>, providers: ProviderRegistry, userId: number, psId: number, productId: number, now: Date) {
  const row = await systemById(db, providers, psId, 'deposit');
  await assertNotExcluded(db, userId, now);
  const tournament = await findTournament(db, productId);
  if (!tournament || tournament.entry_fee_cents === 0) throw new ApiError('not_found', { message: 'money.error.product_not_found' });
  if (tournament.status !== 'running' || tournament.ends_at <= now) {
    throw new ApiError('validation', { message: 'money.tournament.error.finished', fields: { product_id: 'money.tournament.error.finished' } });
  }
  const entered = await db
    .selectFrom('tournament_entries')
    .select('id')
    .where('tournament_id', '=', tournament.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (entered) throw new ApiError('validation', { message: 'money.tournament.error.already_joined', fields: { product_id: 'money.tournament.error.already_joined' } });
  if (await inAnotherTournament(db, userId, tournament.id, now)) {
    throw new ApiError('validation', { message: 'money.tournament.error.in_another', fields: { product_id: 'money.tournament.error.in_another' } });
  }
  const limit = limitError(row, tournament.entry_fee_cents);
  if (limit) throw new ApiError('validation', { fields: { ps_id: limit } });
  const { id, checkout } = await startCheckout(
    providers,
    row,
    tournament.entry_fee_cents,
    (ids) =>
      db
        .insertInto('purchases')
        .values({ ...ids, user_id: userId, ps_id: row.id, tournament_id: tournament.id, amount_cents: tournament.entry_fee_cents })
        .returning('id')
        .executeTakeFirstOrThrow(),
    (purchaseId) => returnUrlOf({ kind: 'purchase', id: purchaseId }),
  );
  return { purchase_id: id, redirect_url: checkout.redirectUrl, check_url: checkout.checkUrl };
}

export type EventResult = 'applied' | 'replayed' | 'unknown_payment' | 'amount_mismatch' | 'already_settled';

/**
 * Applies a verified provider event exactly once: the event id is recorded (a replay stops there),
 * the payment row is locked and moves from pending only once, and the ledger's uniqueness on
 * (kind, ref) is the last guard. Approved deposits credit the main wallet; approved purchases
 * credit the fee and spend it on the tournament entry.
 */
export async function applyPaymentEvent(
  db: Kysely<DB>,
  bus: RealtimeBus | undefined,
  providerName: string,
  event: PaymentEvent,
  now: Date = new Date(),
): Promise<EventResult> {
  const change = emptyChange();
  const result = await db.transaction().execute(async (trx): Promise<EventResult> => {
    const recorded = await trx
      .insertInto('webhook_events')
      .values({ provider: providerName, event_id: event.eventId, payload: JSON.stringify(event) })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!recorded) return 'replayed';
    const payment = await repo.findPaymentByPublicId(trx, event.publicId);
    if (!payment || payment.provider !== providerName) return 'unknown_payment';
    if (payment.amount_cents !== event.amountCents) return 'amount_mismatch';
    const table = payment.kind === 'deposit' ? 'deposits' : 'purchases';
    const status = event.outcome === 'approved' ? 'completed' : 'failed';
    const moved = await trx
      .updateTable(table)
      .set({ status, completed_at: now })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!moved) return 'already_settled';
    if (payment.kind === 'deposit') await settleDeposit(trx, payment, status, change);
    else await settlePurchase(trx, payment, status, now, change);
    return 'applied';
  });
  await publishChange(db, bus, change);
  return result;
}

type Payment = NonNullable<Awaited<ReturnType<typeof repo.findPaymentByPublicId>>>;

async function settleDeposit(trx: Transaction<DB>, payment: Payment, status: 'completed' | 'failed', change: MoneyChange) {
  const amount = fromCents(payment.amount_cents);
  if (status === 'completed') {
    await moveMoney(trx, { userId: payment.user_id, walletType: 'main', kind: 'deposit', amountCents: payment.amount_cents, refType: 'deposit', refId: payment.id });
    change.userIds.add(payment.user_id);
  }
  const notification = await recordNotice(trx, {
    userId: payment.user_id,
    key: status === 'completed' ? 'money.notice.deposit_credited' : 'money.notice.deposit_failed',
    params: { amount },
    type: status === 'completed' ? 'success' : 'danger',
    redirectUrl: '/finances',
  });
  change.notifications.push({ userId: payment.user_id, notification });
}

async function settlePurchase(trx: Transaction<DB>, payment: Payment, status: 'completed' | 'failed', now: Date, change: MoneyChange) {
  const purchase = await trx.selectFrom('purchases').select(['tournament_id']).where('id', '=', payment.id).executeTakeFirstOrThrow();
  let key = 'money.notice.purchase_failed';
  if (status === 'completed') {
    // The fee arrives in the main wallet and is spent on the entry; when the entry can no longer
    // be made (the tournament ended meanwhile, or the trader is in another one), it stays there.
    await moveMoney(trx, { userId: payment.user_id, walletType: 'main', kind: 'deposit', amountCents: payment.amount_cents, refType: 'purchase', refId: payment.id });
    const entered = await enterTournament(trx, purchase.tournament_id, payment.user_id, now, payment.id);
    if (entered === 'joined') {
      await moveMoney(trx, { userId: payment.user_id, walletType: 'main', kind: 'tournament_entry', amountCents: -payment.amount_cents, refType: 'purchase', refId: payment.id });
      key = 'money.notice.purchase_joined';
    } else {
      key = 'money.notice.purchase_kept';
    }
    change.userIds.add(payment.user_id);
  }
  const notification = await recordNotice(trx, {
    userId: payment.user_id,
    key,
    params: { amount: fromCents(payment.amount_cents) },
    type: status === 'completed' ? 'success' : 'danger',
    redirectUrl: '/home',
  });
  change.notifications.push({ userId: payment.user_id, notification });
}

async function ownDeposit(db: repo.Db, userId: number, id: number) {
  const deposit = await repo.findDeposit(db, id, userId);
  // Another trader's deposit is answered exactly like one that does not exist.
  if (!deposit) throw new ApiError('not_found', { message: 'money.error.payment_not_found' });
  return deposit;
}

/**
 * GET /deposit/{id}/resume: the checkout of the caller's pending deposit again (the trader closed
 * it or went Back). The provider is asked for the same payment, so paying it now credits this deposit.
 */
export async function resumeDeposit(db: Kysely<DB>, providers: ProviderRegistry, userId: number, id: number) {
  const deposit = await ownDeposit(db, userId, id);
  if (deposit.status !== 'pending') throw new ApiError('not_cancellable', { message: 'money.error.deposit_not_pending' });
  const checkout = providers.get(deposit.provider).createCheckout({
    publicId: deposit.public_id,
    amountCents: deposit.amount_cents,
    returnUrl: returnUrlOf({ kind: 'deposit', id }),
  });
  return { deposit_id: id, redirect_url: checkout.redirectUrl, check_url: checkout.checkUrl };
}

/**
 * POST /deposit/{id}/cancel: the trader gives up a pending deposit (no money was held, so nothing
 * moves). Idempotent: a deposit already cancelled is answered as it is; one the provider finished
 * (completed, failed) is refused and stays as it is. The row is locked, so a payment arriving at
 * the same moment either lands first (and the cancel is refused) or finds it cancelled.
 */
export async function cancelDeposit(db: Kysely<DB>, userId: number, id: number, locale: Locale, now = new Date()): Promise<Deposit> {
  await ownDeposit(db, userId, id);
  const deposit = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('deposits').select('id').where('id', '=', id).forUpdate().execute();
    const current = await ownDeposit(trx, userId, id);
    if (current.status === 'cancelled') return current;
    if (current.status !== 'pending') throw new ApiError('not_cancellable', { message: 'money.error.deposit_not_pending' });
    await trx.updateTable('deposits').set({ status: 'cancelled', completed_at: now }).where('id', '=', id).where('status', '=', 'pending').execute();
    return ownDeposit(trx, userId, id);
  });
  return presentDeposit(deposit, locale);
}

/** POST /deposit/integration_json/check: the status of the caller's deposit or purchase. */
export async function checkPayment(db: Kysely<DB>, userId: number, url: string): Promise<PaymentCheckStatus> {
  const publicId = publicIdFromStatusUrl(url);
  if (!publicId) throw new ApiError('validation', { fields: { url: 'validation.invalid' } });
  const payment = await repo.findPaymentByPublicId(db, publicId);
  if (!payment || payment.user_id !== userId) throw new ApiError('not_found', { message: 'money.error.payment_not_found' });
  // A checkout page polls only pending, completed or failed: for it an expired (cancelled) deposit
  // is one that will not be paid. The history and the notice name it 'cancelled'.
  return payment.status === 'cancelled' ? 'failed' : payment.status;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

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
    processed_at: iso(row.processed_at),
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
  const ps = await repo.findPaymentSystem(db, { slug });
  if (!ps || !ps.withdraw_enabled || !providers.offers(ps.provider)) throw new ApiError('not_found', { message: 'money.error.ps_not_found' });
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
/**
 * Deposits whose checkout was left (closed, Back) stay pending until this job cancels them, once
 * they are older than `expirySeconds`: the status and the notice both say 'cancelled'. A provider
 * answer that arrives later finds no pending deposit and changes nothing.
 */
export async function expireAbandonedDeposits(db: Kysely<DB>, now: Date, options: { expirySeconds: number; bus?: RealtimeBus | undefined }) {
  const change = emptyChange();
  await db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('deposits')
      .set({ status: 'cancelled', completed_at: now })
      .where('status', '=', 'pending')
      .where('created_at', '<', new Date(now.getTime() - options.expirySeconds * 1000))
      .returning(['id', 'user_id', 'amount_cents'])
      .execute();
    for (const deposit of expired) {
      const notification = await recordNotice(trx, {
        userId: deposit.user_id,
        key: 'money.notice.deposit_cancelled',
        params: { amount: fromCents(deposit.amount_cents) },
        type: 'warning',
        redirectUrl: '/finances',
      });
      change.notifications.push({ userId: deposit.user_id, notification });
    }
  });
  await publishChange(db, options.bus, change);
  return change.notifications.length;
}

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

/** Back office: the pending withdrawals, oldest first, with the full destination to pay to. */
export async function pendingWithdrawals(db: Kysely<DB>, limit = 100) {
  const rows = await db
    .selectFrom('withdrawals as w')
    .innerJoin('payment_systems as ps', 'ps.id', 'w.ps_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.user_id', 'u.email', 'u.account_id', 'ps.name as ps_name', 'w.amount_cents', 'w.fee_cents', 'w.receive_cents', 'w.fields', 'w.created_at'])
    .where('w.status', '=', 'pending')
    .orderBy('w.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    email: r.email,
    accountId: r.account_id,
    psName: r.ps_name,
    amount: fromCents(r.amount_cents),
    fee: fromCents(r.fee_cents),
    receive: fromCents(r.receive_cents),
    fields: r.fields,
    createdAt: r.created_at,
  }));
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

export async function finances(db: Kysely<DB>, userId: number, kycThresholdCents?: number): Promise<Finances> {
  const [wallet, pending, systems, kyc] = await Promise.all([
    db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).where('wallet_type', '=', 'main').executeTakeFirst(),
    repo.pendingWithdrawalsCents(db, userId),
    repo.listPaymentSystems(db, 'withdraw'),
    kycThresholdCents === undefined ? null : kycStatus(db, userId, kycThresholdCents),
  ]);
  const balance = wallet?.balance_cents ?? 0;
  return {
    balance: fromCents(balance),
    pending: fromCents(pending),
    available: fromCents(balance),
    min: fromCents(systems.length ? Math.min(...systems.map((s) => s.min_cents)) : 0),
    max: fromCents(systems.length ? Math.max(...systems.map((s) => s.max_cents)) : 0),
    ...(kyc ? { verification: { verified: kyc.verified, threshold: kyc.withdraw_threshold } } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// History

export interface Paging {
  page: number;
  per_page: number;
  from?: string | undefined;
  to?: string | undefined;
}

/** A day filter covers the whole day in UTC; `to` is inclusive. */
function period(q: Paging): { from?: Date; to?: Date } {
  const dayMs = 86_400_000;
  const out: { from?: Date; to?: Date } = {};
  if (q.from) out.from = new Date(q.from.length === 10 ? `${q.from}T00:00:00Z` : q.from);
  if (q.to) out.to = q.to.length === 10 ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + dayMs) : new Date(new Date(q.to).getTime() + 1);
  return out;
}

const pageOf = (q: Paging) => ({ limit: q.per_page, offset: (q.page - 1) * q.per_page });

type DepositColumns = Pick<repo.DepositRow, 'id' | 'ps_id' | 'ps_name' | 'ps_slug' | 'amount_cents' | 'status' | 'created_at' | 'completed_at'>;

const presentDeposit = (d: DepositColumns, locale: Locale): Deposit => ({
  id: d.id,
  ps_id: d.ps_id,
  ps_name: translateOr(locale, `money.ps.${d.ps_slug}`, d.ps_name),
  amount: fromCents(d.amount_cents),
  status: d.status,
  created_at: d.created_at.toISOString(),
  completed_at: iso(d.completed_at),
});

export async function depositHistory(db: Kysely<DB>, userId: number, q: Paging & { status?: string | undefined }, locale: Locale = DEFAULT_LOCALE) {
  const { items, total } = await repo.depositHistory(db, { userId, status: q.status, ...period(q), ...pageOf(q) });
  return { items: items.map((d) => presentDeposit(d, locale)), page: q.page, per_page: q.per_page, total };
}

export async function withdrawHistory(db: Kysely<DB>, userId: number, q: Paging & { status?: string | undefined }) {
  const { items, total } = await repo.withdrawHistory(db, { userId, status: q.status, ...period(q), ...pageOf(q) });
  const systems = new Map((await repo.listPaymentSystems(db, 'any')).map((s) => [s.id, s.withdraw_fields]));
  return { items: items.map((w) => presentWithdrawal(w, systems.get(w.ps_id))), page: q.page, per_page: q.per_page, total };
}

export async function paymentHistory(
  db: Kysely<DB>,
  userId: number,
  q: Paging & { status?: string | undefined; type?: 'deposit' | 'withdrawal' | undefined; ps_id?: number | undefined },
  locale: Locale = DEFAULT_LOCALE,
) {
  const { items, total } = await repo.paymentHistory(db, { userId, status: q.status, type: q.type, psId: q.ps_id, ...period(q), ...pageOf(q) });
  const rows: PaymentHistoryItem[] = items.map((p) => ({
    key: `${p.type}-${p.id}`,
    id: p.id,
    type: p.type as 'deposit' | 'withdrawal',
    ps_id: p.ps_id,
    ps_name: translateOr(locale, `money.ps.${p.ps_slug}`, p.ps_name),
    amount: fromCents(p.amount_cents),
    fee: fromCents(p.fee_cents),
    status: p.status as PaymentHistoryItem['status'],
    created_at: new Date(p.created_at).toISOString(),
    processed_at: p.processed_at ? new Date(p.processed_at).toISOString() : null,
  }));
  return { items: rows, page: q.page, per_page: q.per_page, total };
}

// ---------------------------------------------------------------------------------------------
// Demo wallet

/** Puts the demo wallet back to 10000.00; allowed only while it is below that. */
export async function resetDemo(db: Kysely<DB>, bus: RealtimeBus | undefined, userId: number) {
  const target = DEMO_BALANCE * 100;
  await db.transaction().execute(async (trx) => {
    const wallet = await trx
      .selectFrom('wallets')
      .select('balance_cents')
      .where('user_id', '=', userId)
      .where('wallet_type', '=', 'demo')
      .forUpdate()
      .executeTakeFirst();
    if (!wallet) throw new ApiError('not_found', { message: 'money.error.wallet_not_found' });
    if (wallet.balance_cents >= target) throw new ApiError('validation', { message: 'money.error.demo_not_below' });
    await setBalance(trx, { userId, walletType: 'demo', kind: 'demo_reset', refType: 'demo_reset', refId: randomUUID(), balanceCents: target });
  });
  await publishChange(db, bus, { userIds: new Set([userId]), notifications: [] });
  return { wallet: { wallet_type: 'demo' as const, amount: DEMO_BALANCE } };
}

/** The sum of a wallet's ledger rows (the invariant every balance keeps). */
export async function ledgerSum(db: Kysely<DB>, userId: number, walletType: 'main' | 'demo' | 'tournament') {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('wallet_type', '=', walletType)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
