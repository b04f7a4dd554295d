/** Payments through a provider's checkout: deposits and purchases, the provider's answers, and leaving one. */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { RealtimeBus } from '../../realtime/bus';
import { ApiError } from '../../http/errors';
import { translateOr } from '../../i18n';
import { moveMoney } from '../wallet/ledger';
import { type Locale } from '../../../../src/api/contract/envelope';
import { fromCents } from '../../../../src/api/contract/money';
import { type Deposit, type PaymentCheckStatus } from '../../../../src/api/contract/payments';
import { type ProviderRegistry } from './providers/registry';
import type { PaymentEvent } from './providers/provider';
import { publicIdFromStatusUrl } from './providers/sandbox';
import * as repo from './repo';
import { emptyChange, publishChange, recordNotice, type MoneyChange } from '../wallet/money-change';
import { enterTournament, findTournament, inAnotherTournament } from '../tournaments/service';
import { assertNotExcluded, checkDeposit } from '../limits/service';
import { limitError, offeredSystem, type PaymentSystemRow } from './payment-systems';
import { isoOrNull } from '../../db/iso-time';

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
  const row = await offeredSystem(db, providers, { id: psId }, 'deposit');
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
  const row = await offeredSystem(db, providers, { id: psId }, 'deposit');
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

/** The provider's checkout of a payment that exists already (the provider knows it by its public id). */
export function checkoutAgain(
  providers: ProviderRegistry,
  payment: { provider: string; public_id: string; amount_cents: number },
  at: { kind: 'deposit' | 'purchase'; id: number },
) {
  return providers.get(payment.provider).createCheckout({ publicId: payment.public_id, amountCents: payment.amount_cents, returnUrl: returnUrlOf(at) });
}

export async function ownDeposit(db: repo.Db, userId: number, id: number) {
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
  const checkout = checkoutAgain(providers, deposit, { kind: 'deposit', id });
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


type DepositColumns = Pick<repo.DepositRow, 'id' | 'ps_id' | 'ps_name' | 'ps_slug' | 'amount_cents' | 'status' | 'created_at' | 'completed_at'>;

export const presentDeposit = (d: DepositColumns, locale: Locale): Deposit => ({
  id: d.id,
  ps_id: d.ps_id,
  ps_name: translateOr(locale, `money.ps.${d.ps_slug}`, d.ps_name),
  amount: fromCents(d.amount_cents),
  status: d.status,
  created_at: d.created_at.toISOString(),
  completed_at: isoOrNull(d.completed_at),
});

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
