import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The settings row as migration 0011 writes it; stored again when it is missing (a wiped table). */
const DEFAULT_SETTINGS = { house_limit_cents: null, false_alarm_rate: 0.001, fast_bet_ms: 300 };

export async function riskSettings(db: Db) {
  const row = (await db.selectFrom('risk_settings').select(['house_limit_cents', 'false_alarm_rate', 'fast_bet_ms']).where('id', '=', 1).executeTakeFirst()) ?? DEFAULT_SETTINGS;
  return {
    house_limit_cents: row.house_limit_cents === null ? null : Number(row.house_limit_cents),
    false_alarm_rate: Number(row.false_alarm_rate),
    fast_bet_ms: Number(row.fast_bet_ms),
  };
}

/** Locks the settings row for a change, storing the defaults first when it is missing. */
export async function lockSettings(trx: Transaction<DB>) {
  await trx.insertInto('risk_settings').values({ id: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  return trx.selectFrom('risk_settings').select(['house_limit_cents', 'false_alarm_rate', 'fast_bet_ms']).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
}
