import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export type Db = Kysely<DB> | Transaction<DB>;

export function listPaymentSystems(db: Db, use: 'any' | 'deposit' | 'withdraw') {
  let query = db.selectFrom('payment_systems').selectAll().orderBy('sort_order').orderBy('id');
  if (use === 'deposit') query = query.where('deposit_enabled', '=', true);
  if (use === 'withdraw') query = query.where('withdraw_enabled', '=', true);
  return query.execute();
}

export function findPaymentSystem(db: Db, by: { id: number } | { slug: string }) {
  const query = db.selectFrom('payment_systems').selectAll();
  return ('id' in by ? query.where('id', '=', by.id) : query.where('slug', '=', by.slug)).executeTakeFirst();
}

export function insertDeposit(db: Db, row: { public_id: string; user_id: number; ps_id: number; amount_cents: number; checkout_token: string; created_at?: Date }) {
  return db.insertInto('deposits').values(row).returning(['id', 'public_id']).executeTakeFirstOrThrow();
}

/** The deposit or purchase a provider knows by its public id (deposits first; ids are UUIDs). */
export async function findPaymentByPublicId(db: Db, publicId: string) {
  const deposit = await db
    .selectFrom('deposits')
    .innerJoin('payment_systems as ps', 'ps.id', 'deposits.ps_id')
    .select(['deposits.id', 'deposits.user_id', 'deposits.amount_cents', 'deposits.status', 'deposits.checkout_token',
      'deposits.created_at', 'ps.name as ps_name', 'ps.provider'])
    .where('deposits.public_id', '=', publicId)
    .executeTakeFirst();
  if (deposit) return { kind: 'deposit' as const, ...deposit };
  const purchase = await db
    .selectFrom('purchases')
    .innerJoin('payment_systems as ps', 'ps.id', 'purchases.ps_id')
    .select(['purchases.id', 'purchases.user_id', 'purchases.amount_cents', 'purchases.status', 'purchases.checkout_token',
      'purchases.created_at', 'ps.name as ps_name', 'ps.provider'])
    .where('purchases.public_id', '=', publicId)
    .executeTakeFirst();
  if (purchase) return { kind: 'purchase' as const, ...purchase };
  return undefined;
}

const depositColumns = ['d.id', 'd.ps_id', 'ps.name as ps_name', 'ps.slug as ps_slug', 'd.amount_cents', 'd.status', 'd.created_at', 'd.completed_at'] as const;

export interface HistoryFilter {
  userId: number;
  status?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  limit: number;
  offset: number;
}

/** One trader's deposit with its system (the provider to resume its checkout with). */
export function findDeposit(db: Db, id: number, userId: number) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('payment_systems as ps', 'ps.id', 'd.ps_id')
    .select([...depositColumns, 'd.public_id', 'ps.provider'])
    .where('d.id', '=', id)
    .where('d.user_id', '=', userId)
    .executeTakeFirst();
}
export type DepositRow = NonNullable<Awaited<ReturnType<typeof findDeposit>>>;

/** One trader's purchase with its system's provider and the product (tournament) it buys. */
export function findPurchase(db: Db, id: number, userId: number) {
  return db
    .selectFrom('purchases as p')
    .innerJoin('payment_systems as ps', 'ps.id', 'p.ps_id')
    .select(['p.public_id', 'p.amount_cents', 'ps.provider', 'p.tournament_id'])
    .where('p.id', '=', id)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
}

export async function depositHistory(db: Db, f: HistoryFilter) {
  let query = db.selectFrom('deposits as d').innerJoin('payment_systems as ps', 'ps.id', 'd.ps_id').where('d.user_id', '=', f.userId);
  if (f.status) query = query.where('d.status', '=', f.status as 'pending');
  if (f.from) query = query.where('d.created_at', '>=', f.from);
  if (f.to) query = query.where('d.created_at', '<', f.to);
  const [items, count] = await Promise.all([
    query.select(depositColumns).orderBy('d.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

const withdrawalColumns = ['w.id', 'w.ps_id', 'ps.slug', 'ps.name as ps_name', 'w.amount_cents', 'w.fee_cents', 'w.receive_cents',
  'w.status', 'w.fields', 'w.created_at', 'w.processed_at'] as const;

export function findWithdrawal(db: Db, id: number, userId?: number) {
  let query = db.selectFrom('withdrawals as w').innerJoin('payment_systems as ps', 'ps.id', 'w.ps_id').select(withdrawalColumns).where('w.id', '=', id);
  if (userId !== undefined) query = query.where('w.user_id', '=', userId);
  return query.executeTakeFirst();
}
export type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof findWithdrawal>>>;

export async function withdrawHistory(db: Db, f: HistoryFilter) {
  let query = db.selectFrom('withdrawals as w').innerJoin('payment_systems as ps', 'ps.id', 'w.ps_id').where('w.user_id', '=', f.userId);
  if (f.status) query = query.where('w.status', '=', f.status as 'pending');
  if (f.from) query = query.where('w.created_at', '>=', f.from);
  if (f.to) query = query.where('w.created_at', '<', f.to);
  const count = query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return pageAndTotal(query.select(withdrawalColumns).orderBy('w.id', 'desc'), count, f);
}

/** A sorted list query, to be read one page at a time. */
interface SortedList<Item> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Item[]> } };
}

/** One page of a filtered list and the size of the whole list, read side by side. */
async function pageAndTotal<Item>(list: SortedList<Item>, count: Promise<{ total: number | string | bigint }>, page: { limit: number; offset: number }) {
  const [items, { total }] = await Promise.all([list.limit(page.limit).offset(page.offset).execute(), count]);
  return { items, total: Number(total) };
}

export interface PaymentHistoryFilter extends HistoryFilter {
  type?: 'deposit' | 'withdrawal' | undefined;
  psId?: number | undefined;
}

/** Deposits and withdrawals in one list, newest first. */
export async function paymentHistory(db: Db, f: PaymentHistoryFilter) {
  const deposits = db
    .selectFrom('deposits')
    .select([sql<string>`'deposit'`.as('type'), 'id', 'user_id', 'ps_id', 'amount_cents', sql<number>`0::bigint`.as('fee_cents'),
      sql<string>`status`.as('status'), 'created_at', 'completed_at as processed_at']);
  const withdrawals = db
    .selectFrom('withdrawals')
    .select([sql<string>`'withdrawal'`.as('type'), 'id', 'user_id', 'ps_id', 'amount_cents', 'fee_cents',
      sql<string>`status`.as('status'), 'created_at', 'processed_at']);
  const union = f.type === 'deposit' ? deposits : f.type === 'withdrawal' ? withdrawals : deposits.unionAll(withdrawals);
  let query = db
    .selectFrom(union.as('p'))
    .innerJoin('payment_systems as ps', 'ps.id', 'p.ps_id')
    .where('p.user_id', '=', f.userId);
  if (f.status) query = query.where('p.status', '=', f.status);
  if (f.psId) query = query.where('p.ps_id', '=', f.psId);
  if (f.from) query = query.where('p.created_at', '>=', f.from);
  if (f.to) query = query.where('p.created_at', '<', f.to);
  const count = query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const list = query
    .select(['p.type', 'p.id', 'p.ps_id', 'ps.name as ps_name', 'ps.slug as ps_slug', 'p.amount_cents', 'p.fee_cents', 'p.status', 'p.created_at', 'p.processed_at'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc');
  return pageAndTotal(list, count, f);
}

/** Sum of the main wallet's pending withdrawals. */
export async function pendingWithdrawalsCents(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
