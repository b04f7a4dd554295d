import { sql, type Kysely } from 'kysely';

/**
 * Passkeys (issue 18, item 1): WebAuthn credentials of an account, used as its second factor after
 * the password or to sign in with no password, and the one-time challenges of their ceremonies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // `id` is the credential id the authenticator made (base64url); `public_key` is its COSE key.
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    // The signature counter: an authenticator that reports one at or below the stored value is a clone.
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  // A challenge the server sent, found again by its own value when the browser's answer carries it
  // back, and taken once. `user_id` is null for a sign-in that names no account.
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'sign_in', 'second_factor')`))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await sql`alter table sign_in_events drop constraint sign_in_events_method_check`.execute(db);
  await sql`alter table sign_in_events add constraint sign_in_events_method_check check (method in ('password', 'totp', 'recovery_code', 'passkey'))`.execute(db);
}
