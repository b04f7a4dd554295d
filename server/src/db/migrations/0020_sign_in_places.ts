import { sql, type Kysely } from 'kysely';

/**
 * The place of the address a session was opened from and a sign-in came from (GEOIP_DATABASE):
 * the country's ISO 3166 code and the city's names per language, kept as they were then, so the
 * history still says where a sign-in came from after the database is updated or removed. Null
 * when the address had no known place (or no database was set).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'sign_in_events']) {
    await sql`alter table ${sql.table(table)}
      add column place_country text check (place_country ~ '^[A-Z]{2}$'),
      add column place_city jsonb`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'sign_in_events']) {
    await sql`alter table ${sql.table(table)} drop column place_country, drop column place_city`.execute(db);
  }
}
