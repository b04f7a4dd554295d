import type { ColumnType, Generated } from 'kysely';
import type { Id } from '../schema';

interface RiskSettingsTable {
  id: number;
  house_limit_cents: number | null;
  false_alarm_rate: Generated<number>;
  fast_bet_ms: Generated<number>;
}

interface TraderControlsTable {
  user_id: number;
  max_stake_cents: number | null;
  suspended_reason: string | null;
  updated_at: Generated<Date>;
}

interface AccountSightingsTable {
  user_id: number;
  kind: 'ip' | 'device';
  value: string;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

interface RiskAuditTable {
  id: Id;
  operator_id: number;
  action: string;
  target: string;
  details: ColumnType<Record<string, unknown>, string, never>;
  reason: string;
  created_at: Generated<Date>;
}

export interface RiskTables {
  risk_settings: RiskSettingsTable;
  trader_controls: TraderControlsTable;
  account_sightings: AccountSightingsTable;
  risk_audit: RiskAuditTable;
}
