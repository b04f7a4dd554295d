import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp } from '../schema';

interface PairsTable {
  id: string;
  symbol: string;
  name: string;
  digits: number;
  payout_percent: number;
  min_amount_cents: number;
  max_amount_cents: number;
  active: Generated<boolean>;
  /** Where the simulated feed starts on a fresh install. */
  start_price: number;
  /** Annualized volatility of the simulated feed (0.07 = 7 %). */
  volatility: number;
  sort_order: Generated<number>;
}

interface TicksTable {
  id: Id;
  pair_id: string;
  /** Epoch milliseconds. */
  t: number;
  v: number;
}

interface Candles1mTable {
  pair_id: string;
  /** Start of the minute, epoch milliseconds. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

type BetStatusColumn = 'open' | 'won' | 'lost' | 'refund' | 'closed';

export interface BetsTable {
  id: Id;
  user_id: number;
  wallet_type: 'main' | 'demo' | 'tournament';
  pair_id: string;
  direction: 'up' | 'down';
  amount_cents: number;
  payout_percent: number;
  open_tick_id: number;
  open_tick_t: number;
  open_rate: number;
  opened_at: Timestamp;
  expires_at: Timestamp;
  status: Generated<BetStatusColumn>;
  close_tick_id: number | null;
  close_tick_t: number | null;
  close_rate: number | null;
  closed_at: Timestamp | null;
  returned_cents: number | null;
}

interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  response: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

export interface MarketTables {
  pairs: PairsTable;
  ticks: TicksTable;
  candles_1m: Candles1mTable;
  bets: BetsTable;
  idempotency_keys: IdempotencyKeysTable;
}
