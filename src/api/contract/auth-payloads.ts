import { z } from 'zod';

/**
 * The payload of register, login, check, logout, reset by token and change: empty, because the
 * signed-in user (with wallets), the locale and the site settings travel in the envelope.
 */
export const authPayloadSchema = z.object({});

/** POST /api/auth/reset and GET /api/auth/send_confirmation_instructions */
export const sentPayloadSchema = z.object({ sent: z.literal(true) });

/** The kinds of second factor an account can have: an authenticator app's code, a passkey. */
const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/**
 * POST /api/auth/login (and a reset by link): empty when signed in; `second_factor` lists the
 * account's kinds when one of them is asked next. Here rather than with the rest of account
 * safety (./security), so the first page's auth endpoints do not bring all of that contract.
 */
export const loginPayloadSchema = z.object({ second_factor: z.array(z.enum(SECOND_FACTOR_KINDS)).min(1).optional() });
export type LoginPayload = z.infer<typeof loginPayloadSchema>;
