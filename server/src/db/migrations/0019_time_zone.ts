import { sql, type Kysely } from 'kysely';

/**
 * The trader's time zone (an IANA name such as 'America/Sao_Paulo'), which the app writes every
 * date and time in; null follows the device's. The API checks the name against Intl before
 * storing it, so the column holds only names Intl knows (a length cap keeps a row small).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column time_zone text check (char_length(time_zone) <= 64)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column time_zone`.execute(db);
}
