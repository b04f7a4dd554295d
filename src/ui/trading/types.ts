/**
 * The shapes the trading widgets take. They mirror the API contract (src/api/contract/market.ts,
 * bets.ts) structurally, since src/ui may not import src/api: a container passes contract objects
 * straight through.
 */

export type Direction = 'up' | 'down';
export type BetStatus = 'open' | 'won' | 'lost' | 'refund' | 'closed';

export interface PairView {
  id: string;
  symbol: string;
  name: string;
  digits: number;
  payout: number;
  min_amount: number;
  max_amount: number;
  active: boolean;
}

export interface BetView {
  id: number;
  wallet_type: 'main' | 'demo' | 'tournament';
  pair_id: string;
  symbol: string;
  direction: Direction;
  amount: number;
  payout_percent: number;
  open_rate: number;
  opened_at: string;
  expires_at: string;
  status: BetStatus;
  close_rate?: number | undefined;
  closed_at?: string | undefined;
  profit?: number | undefined;
}

export interface OpenBetView extends BetView {
  secondsLeft: number;
  /** At the latest price; null before the first tick of the pair. */
  liveProfit: number | null;
  currentRate: number | null;
  /** Where selling it back stands; absent where the table offers no early close. */
  close?: CloseEarlyView;
}

/** The early close of one open bet: its phase, the live offer (or the one being taken), the refusal. */
export interface CloseEarlyView {
  phase: 'unavailable' | 'offered' | 'confirming' | 'closing' | 'closed' | 'refused';
  amount: number | null;
  error: string | null;
  /** One-click mode: the button sells at once (its name says so); otherwise it asks first. */
  oneClick?: boolean;
}
