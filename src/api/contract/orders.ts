import { z } from 'zod';
import { walletTypeSchema } from './envelope';
import { moneySchema } from './money';
import { pairIdSchema } from './market';
import { betDirectionSchema } from './bets';

/**
 * Pending orders (issue 17, 2): a bet the server places for the trader on the first tick that
 * meets the order's condition, a price level or a clock time, unless the order expired or was
 * cancelled first. Nothing is held while an order waits: funds are checked when it triggers.
 */
const ORDER_KINDS = ['price', 'time'] as const;
const orderKindSchema = z.enum(ORDER_KINDS);

/** pending -> triggered (a bet was placed) | refused (the placement rules said no) | expired | cancelled | missed. */
const ORDER_STATUSES = ['pending', 'triggered', 'refused', 'expired', 'cancelled', 'missed'] as const;
const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** A price level: a positive number of the pair's quote. */
export const priceLevelSchema = z.number({ error: 'validation.price_level' }).positive({ error: 'validation.price_level' }).max(1e9);

const orderTerms = {
  wallet_type: walletTypeSchema,
  pair_id: pairIdSchema,
  direction: betDirectionSchema,
  amount: moneySchema,
  /** The bet's period in seconds, one of platform.intervals. */
  interval: z.number().int().positive(),
  /** When the order itself lapses if it has not triggered (ISO). */
  expires_at: z.iso.datetime({ offset: true, error: 'validation.invalid' }),
};

/** POST /order/create */
export const createOrderRequestSchema = z.discriminatedUnion('kind', [
  /** Triggers on the first tick at or beyond `level`, on the side away from the price at creation. */
  z.strictObject({ kind: z.literal('price'), level: priceLevelSchema, ...orderTerms }),
  /** Triggers on the first tick at or after `at` (ISO). */
  z.strictObject({ kind: z.literal('time'), at: z.iso.datetime({ offset: true, error: 'validation.invalid' }), ...orderTerms }),
]);
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  kind: orderKindSchema,
  wallet_type: walletTypeSchema,
  pair_id: pairIdSchema,
  symbol: z.string(),
  direction: betDirectionSchema,
  amount: z.number(),
  interval: z.number().int(),
  /** Price orders: the level, and which side of it triggers. */
  level: z.number().nullable(),
  trigger: z.enum(['at_or_above', 'at_or_below']).nullable(),
  /** Time orders: the clock time (ISO). */
  at: z.string().nullable(),
  expires_at: z.string(),
  status: orderStatusSchema,
  created_at: z.string(),
  closed_at: z.string().nullable(),
  /** The bet it became (status triggered). */
  bet_id: z.number().int().nullable(),
  /** Why the trigger was refused (status refused), in the reader's language. */
  reason: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderPayloadSchema = z.object({ order: orderSchema });

/** GET /order/list: the pending orders, then the last closed ones, newest first. */
export const orderListPayloadSchema = z.object({ orders: z.array(orderSchema) });

export const orderIdParamsSchema = z.object({ id: z.coerce.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' }).max(2 ** 53 - 1) });

/** The furthest ahead an order may wait. */
export const MAX_ORDER_LIFETIME_MS = 7 * 24 * 3600 * 1000;
