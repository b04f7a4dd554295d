import { sql, type Kysely } from 'kysely';

/**
 * A notification the server writes keeps its message key and values, so it is rendered in the
 * reader's language when read; the stored title stays for operator texts and older rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('message_key', 'text')
    .addColumn('message_params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('message_key').dropColumn('message_params').execute();
}
