import { sql, type Kysely } from 'kysely';

/**
 * Each trader's chart layout (charts, their indicators, indicator templates) as one JSON document,
 * validated by the shared contract before it is stored; one row per trader.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chart_layouts')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('layout', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chart_layouts').execute();
}
