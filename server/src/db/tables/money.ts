import type { ColumnType, Generated } from 'kysely';
import type { Id, LocalizedTexts } from '../schema';

/** A withdraw field as stored: `label` is a translation key, translated per request. */
export interface StoredWithdrawField {
  name: string;
  label: string;
  type: 'text' | 'card_number' | 'iban';
  pattern?: string;
  required: boolean;
}

type Json<T> = ColumnType<T, string, string>;

interface PaymentSystemsTable {
  id: Id;
  slug: string;
  name: string;
  /** Which provider implementation handles it ('sandbox'). */
  provider: string;
  min_cents: number;
  max_cents: number;
  /** Withdrawal fee in hundredths of a percent (150 = 1.5 %). */
  fee_bp: number;
  deposit_enabled: Generated<boolean>;
  withdraw_enabled: Generated<boolean>;
  withdraw_fields: Json<StoredWithdrawField[]>;
  sort_order: Generated<number>;
}

type PaymentStatusColumn = 'pending' | 'completed' | 'failed' | 'cancelled';

/** A deposit into the main wallet through a provider's checkout. */
interface DepositsTable {
  id: Id;
  /** The provider-side handle: the checkout page and the webhook name it, never the numeric id. */
  public_id: string;
  user_id: number;
  ps_id: number;
  amount_cents: number;
  status: Generated<PaymentStatusColumn>;
  /** Shown only in the checkout page's form; a post without it is refused (cross-site forms). */
  checkout_token: string;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

/** A tournament entry paid through a provider's checkout, with the deposit's flow. */
interface PurchasesTable {
  id: Id;
  public_id: string;
  user_id: number;
  ps_id: number;
  tournament_id: number;
  amount_cents: number;
  status: Generated<PaymentStatusColumn>;
  checkout_token: string;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

type WithdrawalStatusColumn = 'pending' | 'completed' | 'rejected' | 'cancelled';

interface WithdrawalsTable {
  id: Id;
  user_id: number;
  ps_id: number;
  /** What left the main wallet (held at confirmation). */
  amount_cents: number;
  fee_cents: number;
  receive_cents: number;
  status: Generated<WithdrawalStatusColumn>;
  /** The system's withdraw fields as the trader entered them. */
  fields: Json<Record<string, string>>;
  created_at: Generated<Date>;
  processed_at: Date | null;
  /** Why a withdrawal was rejected (a translation key). */
  reject_reason: string | null;
}

/** Provider notifications already handled: a replay of the same event changes nothing. */
interface WebhookEventsTable {
  provider: string;
  event_id: string;
  payload: Json<unknown>;
  received_at: Generated<Date>;
}

interface TournamentsTable {
  id: Id;
  kind: 'weekly' | 'special';
  /** A translation key or a literal name. */
  name: string;
  /** The operator's name per language (a special tournament); when set it is shown instead of `name`. */
  names: ColumnType<LocalizedTexts | null, string | null | undefined, string | null>;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  entry_fee_cents: number;
  start_balance_cents: number;
  prizes_cents: Json<number[]>;
  status: Generated<'running' | 'finished'>;
  finished_at: Date | null;
}

interface TournamentEntriesTable {
  id: Id;
  tournament_id: number;
  user_id: number;
  purchase_id: number | null;
  joined_at: Generated<Date>;
  final_rank: number | null;
  prize_cents: number | null;
}

export interface MoneyTables {
  payment_systems: PaymentSystemsTable;
  deposits: DepositsTable;
  purchases: PurchasesTable;
  withdrawals: WithdrawalsTable;
  webhook_events: WebhookEventsTable;
  tournaments: TournamentsTable;
  tournament_entries: TournamentEntriesTable;
}
