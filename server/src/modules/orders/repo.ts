import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { OrdersTable } from '../../db/tables/orders';
import type { StoredTick } from '../../feed/tick-store';

type Db = Kysely<DB> | Transaction<DB>;
export type OrderRow = Selectable<OrdersTable> & { symbol: string };

/** How many closed orders the list shows after the pending ones. */
const CLOSED_ORDERS_LISTED = 20;

const withSymbol = (db: Db) => db.selectFrom('orders').innerJoin('pairs', 'pairs.id', 'orders.pair_id').selectAll('orders').select('pairs.symbol');

export async function pendingCount(trx: Transaction<DB>, userId: number): Promise<number> {
  // The trader's row is locked first: two creations at the limit at once count one after the other.
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOrder(trx: Transaction<DB>, values: Insertable<OrdersTable>): Promise<OrderRow> {
  const { id } = await trx.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();
  return (await withSymbol(trx).where('orders.id', '=', id).executeTakeFirstOrThrow()) as OrderRow;
}

export async function ordersOf(db: Db, userId: number): Promise<OrderRow[]> {
  const [pending, closed] = await Promise.all([
    withSymbol(db).where('orders.user_id', '=', userId).where('orders.status', '=', 'pending').orderBy('orders.id', 'desc').execute(),
    withSymbol(db)
      .where('orders.user_id', '=', userId)
      .where('orders.status', '!=', 'pending')
      .orderBy('orders.id', 'desc')
      .limit(CLOSED_ORDERS_LISTED)
      .execute(),
  ]);
  return [...pending, ...closed] as OrderRow[];
}

export async function userOrder(db: Db, userId: number, id: number): Promise<OrderRow | undefined> {
  return (await withSymbol(db).where('orders.id', '=', id).where('orders.user_id', '=', userId).executeTakeFirst()) as OrderRow | undefined;
}

/** Moves one of the trader's orders from pending to `status`; undefined when it was not pending. */
export async function closePending(
  db: Db,
  id: number,
  status: 'cancelled' | 'missed',
  now: number,
  userId?: number,
): Promise<number | undefined> {
  let query = db.updateTable('orders').set({ status, closed_at: new Date(now) }).where('id', '=', id).where('status', '=', 'pending');
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return (await query.returning('id').executeTakeFirst())?.id;
}

/** Every pending order whose own expiry has come: expired, in one statement, with their owners' languages. */
export async function expireDue(trx: Transaction<DB>, now: number) {
  const rows = await sql<OrderRow & { locale: string }>`
    with expired as (
      update orders set status = 'expired', closed_at = ${new Date(now)}
      where status = 'pending' and expires_at <= ${new Date(now)}
      returning *
    )
    select expired.*, pairs.symbol, users.locale from expired
    join pairs on pairs.id = expired.pair_id join users on users.id = expired.user_id
    order by expired.id`.execute(trx);
  return rows.rows;
}

/** A pending order and the first of the ticks that meets its condition. */
export interface DueOrder {
  id: number;
  tick: StoredTick;
}

/**
 * The pending orders that one of `ticks` triggers, each with the earliest such tick: a price order
 * when the tick reaches its level on the side it waits for, a time order when the tick is at or
 * after its time; never one whose own expiry came before the tick.
 */
export async function dueOrders(db: Db, ticks: readonly StoredTick[]): Promise<DueOrder[]> {
  if (ticks.length === 0) return [];
  const column = <K extends keyof StoredTick>(key: K) => ticks.map((tick) => tick[key]);
  const result = await sql<{ order_id: number; id: number; pair_id: string; t: number; v: number }>`
    select distinct on (o.id) o.id as order_id, k.id, k.pair_id, k.t, k.v
    from unnest(${column('id')}::bigint[], ${column('pair_id')}::text[], ${column('t')}::bigint[], ${column('v')}::float8[]) as k (id, pair_id, t, v)
    join orders o on o.pair_id = k.pair_id and o.status = 'pending'
    where o.expires_at > to_timestamp(k.t / 1000.0)
      and (
        (o.kind = 'price' and ((o.trigger = 'at_or_above' and k.v >= o.level) or (o.trigger = 'at_or_below' and k.v <= o.level)))
        or (o.kind = 'time' and o.trigger_at <= to_timestamp(k.t / 1000.0))
      )
    order by o.id, k.t, k.id`.execute(db);
  return result.rows.map((row) => ({ id: Number(row.order_id), tick: { id: Number(row.id), pair_id: row.pair_id, t: Number(row.t), v: row.v } }));
}

/**
 * Claims a pending order for its trigger: the conditional update is the claim, so of two nodes (or
 * a run and a restarted one) only one gets the row; the other finds it no longer pending.
 */
export async function claimPending(trx: Transaction<DB>, id: number, now: number) {
  const rows = await sql<OrderRow & { locale: string }>`
    with claimed as (
      update orders set status = 'triggered', closed_at = ${new Date(now)}
      where id = ${id} and status = 'pending'
      returning *
    )
    select claimed.*, pairs.symbol, users.locale from claimed
    join pairs on pairs.id = claimed.pair_id join users on users.id = claimed.user_id`.execute(trx);
  return rows.rows[0];
}

export async function recordOutcome(
  trx: Transaction<DB>,
  id: number,
  outcome: { status: 'triggered'; betId: number } | { status: 'refused' | 'missed'; refusal: { key: string; params?: Record<string, string | number> } | null },
) {
  await trx
    .updateTable('orders')
    .set(
      outcome.status === 'triggered'
        ? { status: 'triggered', bet_id: outcome.betId }
        : { status: outcome.status, refusal: outcome.refusal ? JSON.stringify(outcome.refusal) : null },
    )
    .where('id', '=', id)
    .execute();
}
