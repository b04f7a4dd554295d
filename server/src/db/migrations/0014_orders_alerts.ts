import { sql, type Kysely } from 'kysely';

/**
 * Pending orders and price alerts (issue 17, 2 and 3). An order carries the Idempotency-Key its
 * bet is placed under, so the placement of a trigger is itself exactly once; the partial indexes
 * keep the per-tick look-ups to the waiting rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('price', 'time')`))
    .addColumn('wallet_type', 'text', (c) => c.notNull().check(sql`wallet_type in ('main', 'demo', 'tournament')`))
    .addColumn('pair_id', 'text', (c) => c.notNull().references('pairs.id'))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('up', 'down')`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('interval', 'integer', (c) => c.notNull())
    .addColumn('level', 'double precision', (c) => c.check(sql`level > 0`))
    .addColumn('trigger', 'text', (c) => c.check(sql`trigger in ('at_or_above', 'at_or_below')`))
    .addColumn('trigger_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'triggered', 'refused', 'expired', 'cancelled', 'missed')`),
    )
    .addColumn('placement_key', 'uuid', (c) => c.notNull())
    .addColumn('bet_id', 'bigint')
    .addColumn('refusal', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint(
      'orders_condition',
      sql`(kind = 'price' and level is not null and trigger is not null) or (kind = 'time' and trigger_at is not null)`,
    )
    .execute();
  await sql`create index orders_pending on orders (pair_id) where status = 'pending'`.execute(db);
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('price_alerts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pair_id', 'text', (c) => c.notNull().references('pairs.id'))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('above', 'below')`))
    .addColumn('level', 'double precision', (c) => c.notNull().check(sql`level > 0`))
    .addColumn('repeat', 'text', (c) => c.notNull().check(sql`repeat in ('once', 'every')`))
    // An 'every' alert fires when armed and re-arms once the price is back on the other side.
    .addColumn('armed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'fired')`))
    .addColumn('fired_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_fired_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index price_alerts_active on price_alerts (pair_id) where status = 'active'`.execute(db);
  await db.schema.createIndex('price_alerts_user').on('price_alerts').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('price_alerts').execute();
  await db.schema.dropTable('orders').execute();
}
