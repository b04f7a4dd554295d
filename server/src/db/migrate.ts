import { Migrator, type Kysely, type Migration } from 'kysely';
import * as core from './migrations/0001_core';
import * as accountsContent from './migrations/0002_accounts_content';
import * as market from './migrations/0003_market';
import * as money from './migrations/0004_money';
import * as support from './migrations/0005_support';
import * as security from './migrations/0006_security';
import * as notificationMessages from './migrations/0007_notification_messages';
import * as localizedOperatorTexts from './migrations/0008_localized_operator_texts';
import * as accountSafety from './migrations/0009_account_safety';
import * as responsibleTrading from './migrations/0010_responsible_trading';
import * as risk from './migrations/0011_risk';
import * as chartLayouts from './migrations/0012_chart_layouts';
import * as closeEarly from './migrations/0013_close_early';
import * as ordersAlerts from './migrations/0014_orders_alerts';
import * as passkeys from './migrations/0018_passkeys';
import * as timeZone from './migrations/0019_time_zone';
import * as signInPlaces from './migrations/0020_sign_in_places';

/**
 * Numbered migrations, in order. Every domain owns its own file; the same list runs on PGlite and
 * PostgreSQL at every start, and Kysely's lock makes concurrent starts safe.
 */
const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_accounts_content': accountsContent,
  '0003_market': market,
  '0004_money': money,
  '0005_support': support,
  '0006_security': security,
  '0007_notification_messages': notificationMessages,
  '0008_localized_operator_texts': localizedOperatorTexts,
  '0009_account_safety': accountSafety,
  '0010_responsible_trading': responsibleTrading,
  '0011_risk': risk,
  '0012_chart_layouts': chartLayouts,
  '0013_close_early': closeEarly,
  '0014_orders_alerts': ordersAlerts,
  '0018_passkeys': passkeys,
  '0019_time_zone': timeZone,
  '0020_sign_in_places': signInPlaces,
};

/** The migrations this code expects, in order (readiness compares them with the applied ones). */
export const MIGRATION_NAMES = Object.keys(migrations);

/** Kysely's migrator over this list (a test stops it halfway to see a server not ready yet). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database untyped
export const createMigrator = (db: Kysely<any>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database untyped
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
