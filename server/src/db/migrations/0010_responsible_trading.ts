import { sql, type Kysely } from 'kysely';

/**
 * Responsible trading (issue 18): the trader's limits, each with a raise or removal waiting for
 * its cooling-off, and one row of settings per trader (the reality check's period, the
 * self-exclusion's end), and the identity documents a trader sends for verification (KYC).
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
  await db.schema
    .createTable('kyc_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('identity', 'address')`))
    // The file under DATA_DIR/uploads, named by its random id (the support attachments' rules).
    .addColumn('file_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('kyc_documents_user').on('kyc_documents').columns(['user_id', 'kind', 'id']).execute();
  // The deposits of a period are summed at every new deposit.
  await sql`create index if not exists deposits_user_created on deposits (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists deposits_user_created`.execute(db);
  await db.schema.dropTable('kyc_documents').execute();
  await db.schema.dropTable('responsible_settings').execute();
  await db.schema.dropTable('trading_limits').execute();
}
