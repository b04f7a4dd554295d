import { fromCents } from '../../../../src/api/contract/money';
import type { Bet } from '../../../../src/api/contract/bets';
import type * as repo from './repo';

const iso = (value: Date) => value.toISOString();

/** A bet row as the API answers it: an open bet has no close, a closed one its profit. */
export function toBet(row: repo.BetRow): Bet {
  const bet: Bet = {
    id: row.id,
    wallet_type: row.wallet_type,
    pair_id: row.pair_id,
    symbol: row.symbol,
    direction: row.direction,
    amount: fromCents(row.amount_cents),
    payout_percent: row.payout_percent,
    open_rate: row.open_rate,
    open_rate_id: row.open_tick_id,
    opened_at: iso(row.opened_at),
    expires_at: iso(row.expires_at),
    status: row.status,
  };
  if (row.status === 'open') return bet;
  if (row.close_rate !== null && row.close_tick_id !== null) {
    bet.close_rate = row.close_rate;
    bet.close_rate_id = row.close_tick_id;
  }
  if (row.closed_at) bet.closed_at = iso(row.closed_at);
  bet.profit = fromCents((row.returned_cents ?? 0) - row.amount_cents);
  return bet;
}
