import { sql, type Kysely } from 'kysely';

/**
 * The risk desk (issue 19): a `risk` role beside the support operators, the house-wide settings
 * (worst-case limit, the abuse test's false-alarm rate), per-trader controls (stake limit,
 * suspension with the reason the trader reads), where accounts were seen from (address, device),
 * and the append-only audit log of every control. The audit log refuses UPDATE and DELETE in the
 * database itself, so not even a bug in a route could rewrite it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('trader', 'operator', 'risk'))`.execute(db);

  // One row (id = 1): the house limit in cents (null: none) and the abuse test's settings.
  await db.schema
    .createTable('risk_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('house_limit_cents', 'bigint', (c) => c.check(sql`house_limit_cents >= 0`))
    .addColumn('false_alarm_rate', 'double precision', (c) => c.notNull().defaultTo(0.001).check(sql`false_alarm_rate > 0 and false_alarm_rate < 0.5`))
    .addColumn('fast_bet_ms', 'integer', (c) => c.notNull().defaultTo(300).check(sql`fast_bet_ms between 1 and 5000`))
    .execute();
  await sql`insert into risk_settings (id) values (1)`.execute(db);

  await db.schema
    .createTable('trader_controls')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** The largest stake of one real-money bet, cents; null: the pair's own maximum only. */
    .addColumn('max_stake_cents', 'bigint', (c) => c.check(sql`max_stake_cents > 0`))
    /** Why trading is suspended, as the trader reads it; null: not suspended. */
    .addColumn('suspended_reason', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Where a signed-in account was seen: its address and its browser's device id (the device cookie).
  await db.schema
    .createTable('account_sightings')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('ip', 'device')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('account_sightings_pk', ['kind', 'value', 'user_id'])
    .execute();

  await db.schema
    .createTable('risk_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    /** What the control acted on: a pair id, an account id, or 'house'. */
    .addColumn('target', 'text', (c) => c.notNull())
    /** The values before and after. */
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create function risk_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'risk_audit is append-only';
    end $$`.execute(db);
  await sql`create trigger risk_audit_no_change before update or delete on risk_audit for each row execute function risk_audit_append_only()`.execute(db);

  // Settled bets by the time they closed: the results pages and the exposure history read ranges.
  await sql`create index bets_closed_at on bets (closed_at) where status <> 'open'`.execute(db);

  // Roll-ups of settled bets by the UTC day or hour they closed (`hours` 24 or 1): derived data
  // the results and the signals read for whole past periods instead of every bet. A period is
  // rolled once it is final (risk_rolled_periods); the last hour is always read from the bets.
  await db.schema
    .createTable('risk_rollup_pairs')
    .addColumn('hours', 'smallint', (c) => c.notNull().check(sql`hours in (1, 24)`))
    .addColumn('period', 'timestamptz', (c) => c.notNull())
    .addColumn('wallet_type', 'text', (c) => c.notNull())
    .addColumn('pair_id', 'text', (c) => c.notNull())
    .addColumn('bets', 'integer', (c) => c.notNull())
    .addColumn('stakes_cents', 'bigint', (c) => c.notNull())
    .addColumn('returned_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('risk_rollup_pairs_pk', ['hours', 'period', 'wallet_type', 'pair_id'])
    .execute();
  await db.schema
    .createTable('risk_rollup_users')
    .addColumn('hours', 'smallint', (c) => c.notNull().check(sql`hours in (1, 24)`))
    .addColumn('period', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** Won or lost (refunds are neither). */
    .addColumn('decided', 'integer', (c) => c.notNull())
    .addColumn('wins', 'integer', (c) => c.notNull())
    /** Sum of the decided bets' payout percents (their mean is the break-even rate's payout). */
    .addColumn('payout_sum', 'bigint', (c) => c.notNull())
    /** Bets whose next tick came within the fast-bet window, and those it favoured. */
    .addColumn('fast', 'integer', (c) => c.notNull())
    .addColumn('favourable', 'integer', (c) => c.notNull())
    .addColumn('main_stakes_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('risk_rollup_users_pk', ['hours', 'period', 'user_id'])
    .execute();
  await db.schema
    .createTable('risk_rolled_periods')
    .addColumn('hours', 'smallint', (c) => c.notNull())
    .addColumn('period', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('risk_rolled_periods_pk', ['hours', 'period'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations only go forward');
}
