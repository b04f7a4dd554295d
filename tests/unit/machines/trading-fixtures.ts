import type { Bet } from '../../../src/api/contract/bets';
import { betSchema } from '../../../src/api/contract/bets';
import type { PairListPayload } from '../../../src/api/contract/market';
import { pairListPayloadSchema } from '../../../src/api/contract/market';

/** Small contract-checked data for the trading statechart tests. */
export const pairList: PairListPayload = pairListPayloadSchema.parse({
  items: [
    {
      id: 'eurusd',
      symbol: 'EUR/USD',
      name: 'Euro / US Dollar',
      digits: 5,
      payout: 85,
      min_amount: 1,
      max_amount: 1000,
      active: true,
      rate: { id: 100, t: 1_700_000_000_000, v: 1.08512 },
    },
    {
      id: 'gbpusd',
      symbol: 'GBP/USD',
      name: 'British Pound / US Dollar',
      digits: 5,
      payout: 82,
      min_amount: 1,
      max_amount: 1000,
      active: true,
      rate: { id: 101, t: 1_700_000_000_000, v: 1.26001 },
    },
    {
      id: 'usdjpy',
      symbol: 'USD/JPY',
      name: 'US Dollar / Japanese Yen',
      digits: 3,
      payout: 80,
      min_amount: 1,
      max_amount: 1000,
      active: false,
      rate: null,
    },
  ],
  platform: { inc_button: [1, 5, 10, 50, 100], intervals: [30, 60, 300], end_time_step: 60, purchase_cutoff: 30 },
});

export const T0 = Date.parse('2026-11-23T10:00:00.000Z');

export function makeBet(overrides: Partial<Bet> = {}): Bet {
  return betSchema.parse({
    id: 1,
    wallet_type: 'demo',
    pair_id: 'eurusd',
    symbol: 'EUR/USD',
    direction: 'up',
    amount: 10,
    payout_percent: 85,
    open_rate: 1.085,
    open_rate_id: 100,
    opened_at: new Date(T0).toISOString(),
    expires_at: new Date(T0 + 30_000).toISOString(),
    status: 'open',
    ...overrides,
  });
}
