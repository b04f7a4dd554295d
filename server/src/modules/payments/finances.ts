/** The trader's money pages: the finances summary, the payment histories and the demo wallet's reset. */
import { randomUUID } from 'node:crypto';
import { type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { RealtimeBus } from '../../realtime/bus';
import { ApiError } from '../../http/errors';
import { translateOr } from '../../i18n';
import { setBalance } from '../wallet/ledger';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/api/contract/envelope';
import { fromCents } from '../../../../src/api/contract/money';
import { DEMO_BALANCE, type Finances, type PaymentHistoryItem } from '../../../../src/api/contract/payments';
import * as repo from './repo';
import { publishChange } from '../wallet/money-change';
import { kycStatus } from '../limits/kyc';
import { presentDeposit } from './checkout-payments';
import { presentWithdrawal } from './withdrawals';

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
