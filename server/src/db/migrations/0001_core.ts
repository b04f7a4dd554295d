import { sql, type Kysely } from 'kysely';

/**
 * Accounts, sessions, wallets and the ledger: the tables every domain builds on.
 * Money is integer cents; a wallet's balance is the sum of its ledger rows and never negative.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique()) // stored lower-cased
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('trader').check(sql`role in ('trader', 'operator')`))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('country', 'text')
    .addColumn('birth_date', 'date')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ru'))
    .addColumn('email_confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The session id itself is never stored: only its SHA-256.
  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('wallets')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet_type', 'text', (c) => c.notNull().check(sql`wallet_type in ('main', 'demo', 'tournament')`))
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance_cents >= 0`))
    .addPrimaryKeyConstraint('wallets_pk', ['user_id', 'wallet_type'])
    .execute();

  // One row per balance change. (kind, ref_type, ref_id) is unique, so a movement tied to a
  // deposit, a bet or a withdrawal can happen only once whatever retries or races occur.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet_type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_once', ['kind', 'ref_type', 'ref_id'])
    .execute();
  await db.schema.createIndex('ledger_wallet').on('ledger_entries').columns(['user_id', 'wallet_type']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('display', 'text', (c) => c.notNull().defaultTo('inner'))
    .addColumn('redirect_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'closed_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations only go forward');
}
