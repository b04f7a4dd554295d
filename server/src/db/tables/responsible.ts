import type { ColumnType, Generated } from 'kysely';

type BigintCents = ColumnType<number | null, number | null | undefined, number | null>;

/** A trader's limit (contract/limits.ts): the value in force and a raise or removal waiting for `pending_from`. */
interface TradingLimitsTable {
  user_id: number;
  name: string;
  value: BigintCents;
  pending_value: BigintCents;
  pending_from: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A trader's reality-check period and self-exclusion. */
interface ResponsibleSettingsTable {
  user_id: number;
  reality_check_minutes: number | null;
  excluded_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  exclusion_kind: string | null;
  excluded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An identity document or a proof of address sent for verification, and the operator's review. */
interface KycDocumentsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'identity' | 'address';
  file_id: string;
  name: string;
  type: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reason: string | null;
  created_at: Generated<Date>;
  reviewed_at: Date | null;
  reviewed_by: number | null;
}

export interface ResponsibleTables {
  trading_limits: TradingLimitsTable;
  responsible_settings: ResponsibleSettingsTable;
  kyc_documents: KycDocumentsTable;
}
