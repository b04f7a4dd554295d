import { toCents, fromCents } from '../../../../src/api/contract/money';
import { MAX_OPEN_BETS_PER_WALLET, type PlaceBetRequest } from '../../../../src/api/contract/bets';
import type { WalletType } from '../../../../src/api/contract/envelope';
import type { Tick } from '../../../../src/api/contract/realtime';
import { ApiError, type Message } from '../../http/errors';
import { PLATFORM } from '../market/service';
import { checkTrader, takeHouseRoom, type PlacementRisk } from '../risk/placement';
import { checkPlacement, countPlacement, type TraderPlacementState } from '../limits/service';
import { heldQuote } from './held-quote';
import type * as repo from './repo';

/** The furthest end time a bet may choose. */
const MAX_END_TIME_AHEAD_MS = 24 * 3600 * 1000;

const invalid = (field: string, message: string | Message) => new ApiError('validation', { fields: { [field]: message } });

/** The expiry the request asks for, checked against the platform's offer. */
function expiryOf(request: PlaceBetRequest, now: number): number {
  if (request.interval !== undefined) {
    if (!PLATFORM.intervals.includes(request.interval)) throw invalid('interval', 'trading.error.interval_not_offered');
    return now + request.interval * 1000;
  }
  const end = Date.parse(request.end_time!);
  if (end % (PLATFORM.end_time_step * 1000) !== 0) throw invalid('end_time', { key: 'trading.error.end_time_step', params: { step: PLATFORM.end_time_step } });
  if (end - now < PLATFORM.purchase_cutoff * 1000) throw invalid('end_time', { key: 'trading.error.end_time_too_soon', params: { seconds: PLATFORM.purchase_cutoff } });
  if (end - now > MAX_END_TIME_AHEAD_MS) throw invalid('end_time', 'trading.error.end_time_too_far');
  return end;
}

export interface BetLimits {
  maxOpenBetsPerWallet: number;
}
export const DEFAULT_LIMITS: BetLimits = { maxOpenBetsPerWallet: MAX_OPEN_BETS_PER_WALLET };

/** One placement of a group: who, its Idempotency-Key, what it asks for, and when it arrived. */
export interface PlacementOrder {
  userId: number;
  key: string;
  request: PlaceBetRequest;
  now: number;
  /** The session placing it (its sign-in starts the session-length limit); absent outside a session. */
  sessionHash?: string | null;
}

export const walletKey = (userId: number, walletType: WalletType) => `${userId}:${walletType}`;

/** What the group's reads found: pairs, locked wallets, open-bet counts and ticks. */
export interface GroupState {
  pairs: Map<string, repo.PlacementPair>;
  /** Balance in cents by user and wallet type, moved as the group's placements are accepted. */
  balances: Map<string, number>;
  walletTypes: Map<number, WalletType[]>;
  openCounts: Map<string, number>;
  latest: Map<string, Tick>;
  quoted: Map<number, Tick & { pair_id: string }>;
  /** The risk desk's controls: suspensions, stake limits, the house limit (risk/placement.ts). */
  risk: PlacementRisk;
  /** Each trader's limits, self-exclusion and usage of the periods (limits/service.ts). */
  traders: Map<number, TraderPlacementState>;
}

/**
 * The rules of docs/design.md 3.2 for one placement against the group's state, in the order a lone
 * placement checks them; when it is accepted its stake and open bet are counted in the state, so
 * the next placement of the same wallet sees them (a placement that would overdraw is refused
 * alone, its neighbours go on). Answers the bet row to insert, or throws the refusal.
 */
export function decide(state: GroupState, order: PlacementOrder, limits: BetLimits, betId: () => number): repo.NewBet {
  const { request, userId, now } = order;
  const pair = state.pairs.get(request.pair_id);
  if (!pair) throw invalid('pair_id', 'trading.error.pair_not_found');
  if (!pair.active) throw new ApiError('pair_inactive');
  const amountCents = toCents(request.amount)!;
  if (amountCents < pair.min_amount_cents) throw invalid('amount', { key: 'validation.too_small', params: { min: fromCents(pair.min_amount_cents) } });
  if (amountCents > pair.max_amount_cents) throw invalid('amount', { key: 'validation.too_big', params: { max: fromCents(pair.max_amount_cents) } });
  checkTrader(state.risk, userId, request.wallet_type, amountCents);
  const expiresAt = expiryOf(request, now);

  const wallet = walletKey(userId, request.wallet_type);
  const balance = state.balances.get(wallet);
  if (balance === undefined) throw invalid('wallet_type', 'validation.invalid');
  const trader = state.traders.get(userId)!;
  checkPlacement(trader, request.wallet_type, amountCents, now, order.sessionHash);
  const open = state.openCounts.get(wallet) ?? 0;
  if (open >= limits.maxOpenBetsPerWallet) throw new ApiError('too_many_open_bets');

  const held = heldQuote(state.latest.get(pair.id), state.quoted.get(request.rate_id), pair.id, now);
  if (!held) throw new ApiError('stale_rate');
  const entry = held.latest;
  if (balance < amountCents) throw new ApiError('insufficient_funds');
  takeHouseRoom(state.risk, request.wallet_type, amountCents, pair.payout_percent);

  state.balances.set(wallet, balance - amountCents);
  state.openCounts.set(wallet, open + 1);
  countPlacement(trader, request.wallet_type, amountCents);
  return {
    id: betId(),
    user_id: userId,
    wallet_type: request.wallet_type,
    pair_id: pair.id,
    direction: request.direction,
    amount_cents: amountCents,
    payout_percent: pair.payout_percent,
    open_tick_id: entry.id,
    open_tick_t: entry.t,
    open_rate: entry.v,
    opened_at: new Date(now),
    expires_at: new Date(expiresAt),
  };
}
