import type { ColumnType, Generated } from 'kysely';
import type { SupportTables } from './tables/support';
import type { AccountsTables } from './tables/accounts';
import type { MarketTables } from './tables/market';
import type { MoneyTables } from './tables/money';
import type { Locale } from '../../../src/api/contract/envelope';
import type { SafetyTables } from './tables/safety';
import type { RiskTables } from './tables/risk';
import type { ResponsibleTables } from './tables/responsible';
import type { ChartTables } from './tables/chart';
import type { OrderTables } from './tables/orders';

/**
 * The database as Kysely sees it. Each domain declares its tables in `tables/<domain>.ts`;
 * this file joins them into one `DB`.
 */
/** A text written per language by an operator (`{"ru": ..., "en": ...}`, either may be missing). */
export type LocalizedTexts = Partial<Record<Locale, string>>;

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Id = Generated<number>;

interface UsersTable {
  id: Id;
  email: string;
  password_hash: string;
  account_id: string;
  role: Generated<'trader' | 'operator' | 'risk'>;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  country: string | null;
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  locale: Generated<string>;
  /** An IANA time zone name; null follows the device's. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  email_confirmed_at: Date | null;
  created_at: Generated<Date>;
}

/** The place of a session's or a sign-in's address then (GEOIP_DATABASE); null when unknown. */
export interface PlaceColumns {
  /** ISO 3166 alpha-2. */
  place_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** The city's names by language, written as JSON. */
  place_city: ColumnType<LocalizedTexts | null, string | null | undefined, string | null>;
}

interface SessionsTable extends PlaceColumns {
  id_hash: string;
  user_id: number;
  remember: Generated<boolean>;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  /** The browser's address and user agent at sign-in (the sessions list shows them). */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

interface WalletsTable {
  user_id: number;
  wallet_type: 'main' | 'demo' | 'tournament';
  balance_cents: Generated<number>;
}

export type LedgerKind =
  | 'deposit' | 'withdrawal_hold' | 'withdrawal_refund' | 'stake' | 'payout' | 'refund'
  | 'demo_reset' | 'demo_initial' | 'tournament_entry' | 'tournament_reset' | 'prize'
  /** An open bet sold back to the house before its expiry (bets/close-early.ts). */
  | 'sell_back';

interface LedgerEntriesTable {
  id: Id;
  user_id: number;
  wallet_type: 'main' | 'demo' | 'tournament';
  kind: LedgerKind;
  amount_cents: number;
  ref_type: string;
  ref_id: string;
  created_at: Generated<Date>;
}

interface NotificationsTable {
  id: Id;
  user_id: number;
  title: string;
  type: Generated<'info' | 'success' | 'warning' | 'danger'>;
  display: Generated<'inner' | 'toast'>;
  redirect_url: string | null;
  created_at: Generated<Date>;
  closed_at: Date | null;
  /** The message key of a text the server wrote, rendered in the reader's language; null for operator texts. */
  message_key: ColumnType<string | null, string | null | undefined, string | null>;
  message_params: ColumnType<Record<string, string | number>, string | undefined, string>;
  /** An operator's text per language (safe HTML), read in the reader's language; null otherwise. */
  titles: ColumnType<LocalizedTexts | null, string | null | undefined, string | null>;
}

interface CoreTables {
  users: UsersTable;
  sessions: SessionsTable;
  wallets: WalletsTable;
  ledger_entries: LedgerEntriesTable;
  notifications: NotificationsTable;
}

export type DB = CoreTables & AccountsTables & SupportTables & MarketTables & MoneyTables & SafetyTables & RiskTables & ResponsibleTables & ChartTables & OrderTables;
