import { z } from 'zod';
import { paymentSystemListItemSchema } from './payments';

/**
 * Tournaments (the tournament wallet) and the purchase of a paid entry (docs/design.md 3.2). A free
 * weekly tournament is always running; joining sets the tournament wallet to the start balance;
 * the leaderboard ranks entrants by the profit of their tournament-wallet bets in the period;
 * at the end prizes go to the main wallet.
 */

const TOURNAMENT_STATUSES = ['running', 'finished'] as const;
const tournamentStatusSchema = z.enum(TOURNAMENT_STATUSES);

export const tournamentSchema = z.object({
  id: z.number().int().positive(),
  /** Already translated. */
  name: z.string(),
  /** 'weekly' for the free weekly tournament, 'special' for the others. */
  kind: z.enum(['weekly', 'special']),
  starts_at: z.string(),
  ends_at: z.string(),
  /** 0 for a free tournament; otherwise paid through /purchase. */
  entry_fee: z.number(),
  /** The tournament wallet's balance on joining. */
  start_balance: z.number(),
  /** Prize of rank 1, 2, 3, ... credited to the main wallet at the end. */
  prizes: z.array(z.number()),
  status: tournamentStatusSchema,
  participants: z.number().int().nonnegative(),
  /** Whether the caller has joined (false when anonymous). */
  joined: z.boolean(),
  /** The purchase product that pays the entry (null for a free tournament). */
  product_id: z.number().int().positive().nullable(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** GET /tournament/current: the weekly tournament (created on demand) and every running one. */
export const currentTournamentPayloadSchema = z.object({
  tournament: tournamentSchema,
  running: z.array(tournamentSchema),
});

export const tournamentIdParamsSchema = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,15}$/, { error: 'validation.invalid' }).transform(Number),
});

/**
 * POST /tournament/{id}/join (empty body) -> the tournament joined and the caller's standing.
 * A paid tournament not yet paid for answers with a redirect to /purchase?product_id=N instead.
 */
export const joinTournamentRequestSchema = z.strictObject({});
export const leaderboardRowSchema = z.object({
  rank: z.number().int().positive(),
  /** A display name that does not reveal the email ('Trader 12**56'). */
  name: z.string(),
  profit: z.number(),
  /** Settled tournament bets counted. */
  bets: z.number().int().nonnegative(),
  is_you: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const joinTournamentPayloadSchema = z.object({
  tournament: tournamentSchema,
  /** Null only when the join answered a redirect. */
  you: leaderboardRowSchema.nullable(),
});
export type JoinTournamentPayload = z.infer<typeof joinTournamentPayloadSchema>;

/** GET /tournament/{id}/leaderboard?limit: the top rows and the caller's own row. */
export const leaderboardQuerySchema = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'validation.invalid' })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'validation.invalid' }).max(100, { error: 'validation.invalid' }))
    .optional()
    .transform((v) => v ?? 10),
});
export const leaderboardPayloadSchema = z.object({
  tournament: tournamentSchema,
  items: z.array(leaderboardRowSchema),
  /** The caller's row even when outside the top; null when not joined. */
  you: leaderboardRowSchema.nullable(),
});
export type LeaderboardPayload = z.infer<typeof leaderboardPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Purchases: a tournament entry paid through a payment system, with the deposit's checkout flow.

export const productSchema = z.object({
  id: z.number().int().positive(),
  kind: z.literal('tournament_entry'),
  /** Already translated ('Entry to Weekend Cup'). */
  name: z.string(),
  price: z.number(),
  tournament_id: z.number().int().positive(),
  /** Whether the caller already owns it (has paid and joined). */
  owned: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /purchase/ps/{id} ({id} is the product id): the product and the systems that can pay it. */
export const purchaseConfigPayloadSchema = z.object({
  product: productSchema,
  items: z.array(paymentSystemListItemSchema),
  /** POST /api{integration_url} with {ps_id, product_id}. */
  integration_url: z.string(),
});
export type PurchaseConfigPayload = z.infer<typeof purchaseConfigPayloadSchema>;

/** POST /purchase/integration_json */
export const purchaseIntegrationRequestSchema = z.strictObject({
  ps_id: z.number({ error: 'validation.required' }).int().positive(),
  product_id: z.number({ error: 'validation.required' }).int().positive(),
});
export type PurchaseIntegrationRequest = z.infer<typeof purchaseIntegrationRequestSchema>;

/** Same shape as a deposit's: check_url goes to POST /deposit/integration_json/check. */
export const purchaseIntegrationPayloadSchema = z.object({
  purchase_id: z.number().int().positive(),
  redirect_url: z.string(),
  check_url: z.string(),
});
export type PurchaseIntegrationPayload = z.infer<typeof purchaseIntegrationPayloadSchema>;

/**
 * A tournament's start and end as an operator types them in the back office, read as the app's
 * date fields read a date (src/shared/format.ts): the language's order, or year first.
 */
export { parseDateTimeInput } from '../../shared/format';
