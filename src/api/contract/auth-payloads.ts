import { z } from 'zod';

/**
 * The payload of register, login, check, logout, reset by token and change: empty, because the
 * signed-in user (with wallets), the locale and the site settings travel in the envelope.
 */
export const authPayloadSchema = z.object({});

/** POST /api/auth/reset and GET /api/auth/send_confirmation_instructions */
export const sentPayloadSchema = z.object({ sent: z.literal(true) });
