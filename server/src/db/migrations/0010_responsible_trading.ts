import { sql, type Kysely } from 'kysely';

/**
 * Responsible trading (issue 18): the trader's limits, each with a raise or removal waiting for
 * its cooling-off, and one row of settings per trader (the reality check's period, the
 * self-exclusion's end).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trading_limits')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Cents for money limits, minutes for session_minutes; null: none.
    .addColumn('value', 'bigint')
    .addColumn('pending_value', 'bigint')
    .addColumn('pending_from', 'timestamptz')
    .addPrimaryKeyConstraint('trading_limits_pk', ['user_id', 'name'])
    .execute();
  await db.schema
    .createTable('responsible_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reality_check_minutes', 'integer')
    .addColumn('excluded_until', 'timestamptz')
    .addColumn('exclusion_kind', 'text')
    .addColumn('excluded_at', 'timestamptz')
    .execute();
  // The deposits of a period are summed at every new deposit.
  await sql`create index if not exists deposits_user_created on deposits (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists deposits_user_created`.execute(db);
  await db.schema.dropTable('responsible_settings').execute();
  await db.schema.dropTable('trading_limits').execute();
}
