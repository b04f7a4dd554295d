import { sql, type Kysely } from 'kysely';

/**
 * Account safety (issue 18, items 1-2): the TOTP second factor with its one-time recovery codes,
 * the sign-in step between the password and the second factor, what a session knows of its
 * browser (address, user agent, public reference), and the sign-in history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per account that started or finished enrolling. `secret` (sealed with the server's key)
  // is the active one; `pending_secret` is one shown in settings and not yet confirmed by a code.
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enabled_at', 'timestamptz')
    // The last time step a code was accepted in: a code seen once is not accepted again (RFC 6238 5.2).
    .addColumn('last_time_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('recovery_codes_user_hash').on('recovery_codes').columns(['user_id', 'code_hash']).unique().execute();

  // A password accepted for an account with a second factor: the browser holds the token (a cookie)
  // until the code is given; only its hash is kept.
  await db.schema
    .createTable('second_factor_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  // A browser's remember-me token belongs to its session: ending the session ends the token too.
  await db.schema.alterTable('remember_tokens').addColumn('session_ref', 'text').execute();

  await db.schema
    .createTable('sign_in_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('password', 'totp', 'recovery_code')`))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sign_in_events_user_time').on('sign_in_events').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('sign_in_events_time').on('sign_in_events').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations only go forward');
}
