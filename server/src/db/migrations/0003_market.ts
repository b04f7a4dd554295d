import { sql, type Kysely } from 'kysely';

/**
 * Pairs, their price ticks (the settlement record), one-minute candles (kept longer than raw
 * ticks), bets, and the idempotency keys of bet placement. Pairs are seeded from
 * server/content/pairs.json at every start (new pairs added, existing ones left as operated).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pairs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('digits', 'integer', (c) => c.notNull().check(sql`digits between 0 and 8`))
    .addColumn('payout_percent', 'integer', (c) => c.notNull().check(sql`payout_percent between 0 and 100`))
    .addColumn('min_amount_cents', 'bigint', (c) => c.notNull().check(sql`min_amount_cents > 0`))
    .addColumn('max_amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('start_price', 'double precision', (c) => c.notNull().check(sql`start_price > 0`))
    .addColumn('volatility', 'double precision', (c) => c.notNull().check(sql`volatility >= 0`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('pairs_limits', sql`max_amount_cents >= min_amount_cents`)
    .execute();

  // One row per pair per second while the feed runs; t is epoch milliseconds.
  await db.schema
    .createTable('ticks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('pair_id', 'text', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('v', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticks_pair_time').on('ticks').columns(['pair_id', 't']).execute();

  // Minute candles, kept after the raw ticks of their minute are gone; wider candles are grouped
  // from these on read.
  await db.schema
    .createTable('candles_1m')
    .addColumn('pair_id', 'text', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('o', 'double precision', (c) => c.notNull())
    .addColumn('h', 'double precision', (c) => c.notNull())
    .addColumn('l', 'double precision', (c) => c.notNull())
    .addColumn('c', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_1m_pk', ['pair_id', 't'])
    .execute();

  // The entry and exit ticks are copied into the bet (id, t, v) so a bet keeps its record when
  // old ticks are pruned.
  await db.schema
    .createTable('bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet_type', 'text', (c) => c.notNull().check(sql`wallet_type in ('main', 'demo', 'tournament')`))
    .addColumn('pair_id', 'text', (c) => c.notNull().references('pairs.id'))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('up', 'down')`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('payout_percent', 'integer', (c) => c.notNull())
    .addColumn('open_tick_id', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_t', 'bigint', (c) => c.notNull())
    .addColumn('open_rate', 'double precision', (c) => c.notNull())
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'won', 'lost', 'refund')`))
    .addColumn('close_tick_id', 'bigint')
    .addColumn('close_tick_t', 'bigint')
    .addColumn('close_rate', 'double precision')
    .addColumn('closed_at', 'timestamptz')
    /** What went back to the wallet: stake plus winnings, the stake, or 0. */
    .addColumn('returned_cents', 'bigint')
    .addCheckConstraint('bets_expiry_after_open', sql`expires_at > opened_at`)
    .addCheckConstraint(
      'bets_settled_shape',
      sql`(status = 'open') = (closed_at is null) and (status = 'open') = (returned_cents is null)`,
    )
    .execute();
  await sql`create index bets_due on bets (expires_at) where status = 'open'`.execute(db);
  await db.schema.createIndex('bets_wallet_status').on('bets').columns(['user_id', 'wallet_type', 'status']).execute();
  await db.schema.createIndex('bets_user_opened').on('bets').columns(['user_id', 'opened_at']).execute();

  // A placement's answer, kept so a retry with the same key gets the first answer back.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'uuid', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_age').on('idempotency_keys').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations only go forward');
}
