import { z } from 'zod';
import { pageParam, timeParam } from './history-query';
import { walletTypeSchema } from './envelope';
import { moneySchema } from './money';
import { pairIdSchema } from './market';
import { tickSchema } from './realtime';

const BET_DIRECTIONS = ['up', 'down'] as const;
export const betDirectionSchema = z.enum(BET_DIRECTIONS);
export type BetDirection = z.infer<typeof betDirectionSchema>;

/** open -> won | lost | refund (settled at expiry) | closed (sold back early), exactly once. */
export const BET_STATUSES = ['open', 'won', 'lost', 'refund', 'closed'] as const;
const betStatusSchema = z.enum(BET_STATUSES);
export type BetStatus = z.infer<typeof betStatusSchema>;

/** Open bets a wallet may hold at once. */
export const MAX_OPEN_BETS_PER_WALLET = 20;
export { BET_RESULT_REDIRECT } from './envelope';

/**
 * POST /bet/user/place, with an `Idempotency-Key: <uuid>` header. Exactly one of `interval`
 * (seconds, one of platform.intervals) and `end_time` (ISO, on a platform.end_time_step boundary,
 * at least platform.purchase_cutoff seconds away).
 */
export const placeBetRequestSchema = z
  .strictObject({
    wallet_type: walletTypeSchema,
    pair_id: pairIdSchema,
    /** The id of the tick the trader saw when clicking. */
    rate_id: z.number().int().positive(),
    amount: moneySchema,
    direction: betDirectionSchema,
    interval: z.number().int().positive().optional(),
    end_time: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.interval === undefined && value.end_time === undefined) {
      ctx.addIssue({ code: 'custom', path: ['interval'], message: 'validation.required' });
    } else if (value.interval !== undefined && value.end_time !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'validation.invalid' });
    }
  });
export type PlaceBetRequest = z.infer<typeof placeBetRequestSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.uuid({ error: 'validation.invalid' });

export const betSchema = z.object({
  id: z.number().int(),
  wallet_type: walletTypeSchema,
  pair_id: pairIdSchema,
  symbol: z.string(),
  direction: betDirectionSchema,
  amount: z.number(),
  /** Locked at placement. */
  payout_percent: z.number(),
  open_rate: z.number(),
  open_rate_id: z.number().int(),
  opened_at: z.string(),
  expires_at: z.string(),
  status: betStatusSchema,
  /**
   * The rest is there once the bet is settled (close_rate absent when refunded for lack of a tick);
   * a bet closed early has the price and time of its sell-back here.
   */
  close_rate: z.number().optional(),
  close_rate_id: z.number().int().optional(),
  closed_at: z.string().optional(),
  /** Won: payout minus stake; lost: minus the stake; refund: 0; closed: the sell-back minus the stake. */
  profit: z.number().optional(),
});
export type Bet = z.infer<typeof betSchema>;

export const placeBetPayloadSchema = z.object({ bet: betSchema });

/**
 * A live sell-back offer for one open bet, sent over /ws with each tick (`close_quotes`).
 * `quote_id` is the id of the tick it was priced at (as a placement's rate_id): the offer holds
 * while that tick is recent, until `expires_at` (epoch ms) at the latest.
 */
export const closeQuoteSchema = z.object({
  bet_id: z.number().int(),
  quote_id: z.number().int(),
  amount: z.number(),
  rate: z.number(),
  expires_at: z.number().int(),
});
export type CloseQuote = z.infer<typeof closeQuoteSchema>;

/** POST /bet/user/close, with an `Idempotency-Key: <uuid>` header: sells an open bet back at a quote. */
export const closeBetRequestSchema = z.strictObject({
  bet_id: z.number().int().positive(),
  quote_id: z.number().int().positive(),
});
export type CloseBetRequest = z.infer<typeof closeBetRequestSchema>;
export const closeBetPayloadSchema = z.object({ bet: betSchema });

/** GET /bet/user/list?wallet_type */
export const betListQuerySchema = z.object({ wallet_type: walletTypeSchema });
export const betListPayloadSchema = z.object({
  opened: z.array(betSchema),
  /** The last 20 settled bets, newest first. */
  closed: z.array(betSchema),
});
export type BetListPayload = z.infer<typeof betListPayloadSchema>;

/** GET /bet/{id}/info */
export const betIdParamsSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, { error: 'validation.invalid' }).transform(Number),
});
export const betInfoPayloadSchema = z.object({
  bet: betSchema,
  entry_tick: tickSchema,
  /** Null while the bet is open, and when no tick fell inside its life. */
  exit_tick: tickSchema.nullable(),
});
export type BetInfoPayload = z.infer<typeof betInfoPayloadSchema>;

const HISTORY_PER_PAGE_MAX = 100;

/** GET /bet/history: every filter optional; from/to bound opened_at (to inclusive). */
export const betHistoryQuerySchema = z.object({
  wallet_type: walletTypeSchema.optional(),
  pair_id: pairIdSchema.optional(),
  status: betStatusSchema.optional(),
  from: timeParam,
  to: timeParam,
  page: pageParam(100_000, 1),
  per_page: pageParam(HISTORY_PER_PAGE_MAX, 20),
});
export type BetHistoryQuery = z.input<typeof betHistoryQuerySchema>;

export const betHistoryPayloadSchema = z.object({
  items: z.array(betSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /**
   * Over every settled bet the filters match, not only this page: stakes, what came back, and the
   * difference. Open bets count in `total` but not here (their result is not known yet).
   */
  totals: z.object({ staked: z.number(), returned: z.number(), profit: z.number() }),
  /**
   * The same per wallet (main, demo, tournament order; only wallets with matching bets), so a view
   * over every wallet never shows play money summed with real money. `total` counts its bets.
   */
  by_wallet: z.array(
    z.object({ wallet_type: walletTypeSchema, total: z.number().int(), staked: z.number(), returned: z.number(), profit: z.number() }),
  ),
});
export type BetHistoryPayload = z.infer<typeof betHistoryPayloadSchema>;
