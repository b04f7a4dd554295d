import { sql, type Kysely } from 'kysely';

/**
 * A bet may be sold back before its expiry (issue 17): status 'closed', with the tick it was
 * priced at in close_tick_*, the time in closed_at and what the trader got in returned_cents,
 * the columns a settled bet already has. The bet's status check gains the new value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bets drop constraint bets_status_check`.execute(db);
  await sql`alter table bets add constraint bets_status_check check (status in ('open', 'won', 'lost', 'refund', 'closed'))`.execute(db);
  await sql`alter table bets add constraint bets_closed_shape check (status <> 'closed' or close_tick_id is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bets drop constraint bets_closed_shape`.execute(db);
  await sql`alter table bets drop constraint bets_status_check`.execute(db);
  await sql`alter table bets add constraint bets_status_check check (status in ('open', 'won', 'lost', 'refund'))`.execute(db);
}
