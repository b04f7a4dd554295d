import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { ChartLayout } from '../../../../src/api/contract/chart';

type Db = Kysely<DB> | Transaction<DB>;

export async function findLayout(db: Db, userId: number): Promise<ChartLayout | null> {
  const row = await db.selectFrom('chart_layouts').select('layout').where('user_id', '=', userId).executeTakeFirst();
  return row?.layout ?? null;
}

/** Stores the trader's layout, replacing the one before. */
export async function saveLayout(db: Db, userId: number, layout: ChartLayout): Promise<void> {
  const json = JSON.stringify(layout);
  await db
    .insertInto('chart_layouts')
    .values({ user_id: userId, layout: json })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ layout: json, updated_at: new Date() }))
    .execute();
}
