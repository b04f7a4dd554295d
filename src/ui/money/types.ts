/**
 * The money shapes src/ui/money components take. They mirror src/api/contract/payments.ts and
 * tournaments.ts structurally (src/ui may not import src/api), so containers pass contract
 * objects straight through.
 */

export interface PaymentSystemView {
  id: number;
  name: string;
  /** URL of the system's logo. */
  logo: string;
  min: number;
  max: number;
  fee_percent: number;
}

export interface WithdrawFieldView {
  name: string;
  /** Already translated by the server. */
  label: string;
  type: 'text' | 'card_number' | 'iban';
  required: boolean;
}

export interface WithdrawQuoteView {
  amount: number;
  fee: number;
  receive: number;
}

type WithdrawalStatus = 'pending' | 'completed' | 'rejected' | 'cancelled';

export interface WithdrawalView {
  id: number;
  ps_name: string;
  amount: number;
  fee: number;
  receive: number;
  status: WithdrawalStatus;
  /** Masked: '**** 4242'. */
  destination: string;
  created_at: string;
}

export type PaymentKind = 'deposit' | 'withdrawal';
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'rejected' | 'cancelled';
export const PAYMENT_KINDS: readonly PaymentKind[] = ['deposit', 'withdrawal'];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'completed', 'failed', 'rejected', 'cancelled'];

export interface PaymentHistoryRow {
  key: string;
  id: number;
  type: PaymentKind;
  ps_name: string;
  amount: number;
  fee: number;
  status: PaymentStatus;
  created_at: string;
}

export interface FinancesView {
  balance: number;
  pending: number;
  available: number;
}

export interface TournamentView {
  id: number;
  name: string;
  ends_at: string;
  entry_fee: number;
  start_balance: number;
  prizes: readonly number[];
  status: 'running' | 'finished';
  participants: number;
  joined: boolean;
}

export interface LeaderboardRowView {
  rank: number;
  name: string;
  profit: number;
  bets: number;
  is_you: boolean;
}

export interface ProductView {
  name: string;
  price: number;
}
