import type { Kysely } from 'kysely';

/**
 * Texts an operator types (a notification to a trader, a tournament's name) are written per
 * language: `{"ru": ..., "en": ...}`, either may be missing. The reader sees their own language,
 * or the other one when theirs is empty. The single text columns stay: older rows and the server's
 * own texts keep using them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('titles', 'jsonb').execute();
  await db.schema.alterTable('tournaments').addColumn('names', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('titles').execute();
  await db.schema.alterTable('tournaments').dropColumn('names').execute();
}
