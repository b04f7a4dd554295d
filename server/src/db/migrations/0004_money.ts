import { sql, type Kysely } from 'kysely';

/**
 * Money beyond the core ledger: payment systems (seeded sandbox providers), deposits, purchases,
 * withdrawals, handled provider webhooks, tournaments and their entries. Every balance change still
 * goes through ledger_entries; these tables say why it happened and guard that it happens once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_systems')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('min_cents', 'bigint', (c) => c.notNull().check(sql`min_cents > 0`))
    .addColumn('max_cents', 'bigint', (c) => c.notNull())
    .addColumn('fee_bp', 'integer', (c) => c.notNull().check(sql`fee_bp between 0 and 10000`))
    .addColumn('deposit_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('withdraw_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('withdraw_fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('payment_systems_limits', sql`max_cents >= min_cents`)
    .execute();

  const card = [
    { name: 'card_number', label: 'money.field.card_number', type: 'card_number', pattern: '[0-9 ]{12,23}', required: true },
    { name: 'holder_name', label: 'money.field.holder_name', type: 'text', pattern: "^[A-Za-z][A-Za-z .'\\-]{1,63}$", required: true },
  ];
  const usdt = [
    { name: 'address', label: 'money.field.usdt_address', type: 'text', pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$', required: true },
  ];
  const bank = [
    { name: 'iban', label: 'money.field.iban', type: 'iban', pattern: '[A-Za-z]{2}[0-9]{2}[A-Za-z0-9 ]{11,40}', required: true },
    { name: 'beneficiary', label: 'money.field.beneficiary', type: 'text', pattern: "^[\\p{L}][\\p{L} .'\\-]{1,99}$", required: true },
  ];
  await sql`
    insert into payment_systems (slug, name, provider, min_cents, max_cents, fee_bp, withdraw_fields, sort_order) values
      ('card', 'Bank card (test)', 'sandbox', 1000, 500000, 250, ${JSON.stringify(card)}::jsonb, 1),
      ('usdt', 'USDT TRC-20 (test)', 'sandbox', 2000, 1000000, 100, ${JSON.stringify(usdt)}::jsonb, 2),
      ('bank', 'Bank transfer (test)', 'sandbox', 5000, 2000000, 50, ${JSON.stringify(bank)}::jsonb, 3)
  `.execute(db);

  const payment = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('public_id', 'uuid', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ps_id', 'integer', (c) => c.notNull().references('payment_systems.id'))
      .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'completed', 'failed')`))
      .addColumn('checkout_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('completed_at', 'timestamptz');

  await payment('deposits').execute();
  await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('tournaments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('weekly', 'special')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('entry_fee_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`entry_fee_cents >= 0`))
    .addColumn('start_balance_cents', 'bigint', (c) => c.notNull().check(sql`start_balance_cents > 0`))
    .addColumn('prizes_cents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('running').check(sql`status in ('running', 'finished')`))
    .addColumn('finished_at', 'timestamptz')
    .addCheckConstraint('tournaments_period', sql`ends_at > starts_at`)
    .execute();
  // One weekly tournament per week, however many requests race to create it.
  await sql`create unique index tournaments_one_weekly on tournaments (starts_at) where kind = 'weekly'`.execute(db);
  await db.schema.createIndex('tournaments_due').on('tournaments').columns(['status', 'ends_at']).execute();

  await payment('purchases')
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments.id'))
    .execute();
  await db.schema.createIndex('purchases_user').on('purchases').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('tournament_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purchase_id', 'bigint', (c) => c.references('purchases.id'))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('final_rank', 'integer')
    .addColumn('prize_cents', 'bigint')
    .addUniqueConstraint('tournament_entries_once', ['tournament_id', 'user_id'])
    .execute();
  await db.schema.createIndex('tournament_entries_user').on('tournament_entries').column('user_id').execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ps_id', 'integer', (c) => c.notNull().references('payment_systems.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('fee_cents', 'bigint', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('receive_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'completed', 'rejected', 'cancelled')`),
    )
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addColumn('reject_reason', 'text')
    .addCheckConstraint('withdrawals_split', sql`fee_cents + receive_cents = amount_cents`)
    .addCheckConstraint('withdrawals_processed_shape', sql`(status = 'pending') = (processed_at is null)`)
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_due').on('withdrawals').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('webhook_events_pk', ['provider', 'event_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations only go forward');
}
