import { z } from 'zod';
import { notificationSchema, walletSchema } from './envelope';

/** A price point: t in epoch milliseconds (docs/design.md 3.1). */
export const tickSchema = z.object({ id: z.number().int(), t: z.number().int(), v: z.number() });
export type Tick = z.infer<typeof tickSchema>;

/** Client -> server over /ws. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), pairs: z.array(z.string().max(32)).max(20) }),
  z.strictObject({ type: z.literal('unsubscribe'), pairs: z.array(z.string().max(32)).max(20) }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/**
 * Server -> client over /ws. `bet` carries the Bet of the bets contract; it is kept loose here so
 * that this module does not depend on the market contract.
 */
export const serverMessageSchema = z.discriminatedUnion('type', [
  tickSchema.extend({ type: z.literal('tick'), pair_id: z.string() }),
  z.object({ type: z.literal('bet'), bet: z.record(z.string(), z.unknown()) }),
  /** A pending order changed (triggered, refused, expired, missed): the Order of the orders contract. */
  z.object({ type: z.literal('order'), order: z.record(z.string(), z.unknown()) }),
  /** A price alert fired: the Alert of the alerts contract. */
  z.object({ type: z.literal('alert'), alert: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('wallets'), wallets: z.array(walletSchema) }),
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  z.object({ type: z.literal('support'), unread: z.number().int().nonnegative() }),
  /** A pair's terms changed (the risk desk): new bets take this payout; open bets keep theirs. */
  z.object({ type: z.literal('pair'), pair_id: z.string(), payout: z.number().int().min(0).max(100), active: z.boolean() }),
  /** Sell-back offers for the owner's open bets (bets contract's closeQuoteSchema), one message per tick. */
  z.object({ type: z.literal('close_quotes'), quotes: z.array(z.record(z.string(), z.unknown())) }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('pong') }),
  /** The sessions of these references were ended (signed out elsewhere): their sockets close after it. */
  z.object({ type: z.literal('session_ended'), sessions: z.array(z.string()) }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
