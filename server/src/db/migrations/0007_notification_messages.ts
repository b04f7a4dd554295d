import { sql, type Kysely } from 'kysely';

/**
 * A notification the server writes keeps its message key and values, so it is rendered in the
 * reader's language when read; the stored title stays for operator texts and older rows. A deposit
 * whose checkout was abandoned ends 'cancelled' (the expiry job), as the toast says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposits drop constraint if exists deposits_status_check`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check check (status in ('pending', 'completed', 'failed', 'cancelled'))`.execute(db);
  await db.schema
    .alterTable('notifications')
    .addColumn('message_key', 'text')
    .addColumn('message_params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposits drop constraint if exists deposits_status_check`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check check (status in ('pending', 'completed', 'failed'))`.execute(db);
  await db.schema.alterTable('notifications').dropColumn('message_key').dropColumn('message_params').execute();
}
