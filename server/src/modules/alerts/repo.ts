import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { PriceAlertsTable } from '../../db/tables/orders';
import type { StoredTick } from '../../feed/tick-store';

type Db = Kysely<DB> | Transaction<DB>;
export type AlertRow = Selectable<PriceAlertsTable> & { symbol: string };

const withSymbol = (db: Db) =>
  db.selectFrom('price_alerts').innerJoin('pairs', 'pairs.id', 'price_alerts.pair_id').selectAll('price_alerts').select('pairs.symbol');

export async function activeCount(trx: Transaction<DB>, userId: number): Promise<number> {
  // The trader's row is locked first: two creations at the limit at once count one after the other.
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await trx
    .selectFrom('price_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAlert(trx: Transaction<DB>, values: Insertable<PriceAlertsTable>): Promise<AlertRow> {
  const { id } = await trx.insertInto('price_alerts').values(values).returning('id').executeTakeFirstOrThrow();
  return (await withSymbol(trx).where('price_alerts.id', '=', id).executeTakeFirstOrThrow()) as AlertRow;
}

export async function alertsOf(db: Db, userId: number): Promise<AlertRow[]> {
  return (await withSymbol(db).where('price_alerts.user_id', '=', userId).orderBy('price_alerts.id', 'desc').execute()) as AlertRow[];
}

/** Deletes one of the trader's alerts; answers it, or undefined when the trader has no such alert. */
export async function deleteAlert(db: Db, userId: number, id: number): Promise<AlertRow | undefined> {
  const row = (await withSymbol(db).where('price_alerts.id', '=', id).where('price_alerts.user_id', '=', userId).executeTakeFirst()) as AlertRow | undefined;
  if (row) await db.deleteFrom('price_alerts').where('id', '=', id).where('user_id', '=', userId).execute();
  return row;
}

const tickColumns = (ticks: readonly StoredTick[]) => [ticks.map((t) => t.pair_id), ticks.map((t) => t.v)] as const;

/**
 * Re-arms the 'every' alerts whose price went back to the other side of their level, then fires
 * the armed ones the tick reaches: a 'once' alert is done, an 'every' alert waits to be re-armed.
 * Both are conditional updates (armed, active) in the caller's transaction, so a crossing fires
 * each alert once whoever runs it. Answers the fired alerts with the price and the owner's language.
 */
export async function fireCrossed(trx: Transaction<DB>, ticks: readonly StoredTick[], now: number) {
  if (ticks.length === 0) return [];
  const [pairIds, values] = tickColumns(ticks);
  await sql`
    update price_alerts a set armed = true
    from unnest(${pairIds}::text[], ${values}::float8[]) as k (pair_id, v)
    where a.pair_id = k.pair_id and a.status = 'active' and not a.armed
      and ((a.direction = 'above' and k.v < a.level) or (a.direction = 'below' and k.v > a.level))`.execute(trx);
  const fired = await sql<AlertRow & { locale: string; price: number }>`
    with fired as (
      update price_alerts a set
        armed = false,
        status = case when a.repeat = 'once' then 'fired' else 'active' end,
        fired_count = a.fired_count + 1,
        last_fired_at = ${new Date(now)}
      from unnest(${pairIds}::text[], ${values}::float8[]) as k (pair_id, v)
      where a.pair_id = k.pair_id and a.status = 'active' and a.armed
        and ((a.direction = 'above' and k.v >= a.level) or (a.direction = 'below' and k.v <= a.level))
      returning a.*, k.v as price
    )
    select fired.*, pairs.symbol, users.locale from fired
    join pairs on pairs.id = fired.pair_id join users on users.id = fired.user_id
    order by fired.id`.execute(trx);
  return fired.rows;
}
