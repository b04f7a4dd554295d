import { z } from 'zod';
import { currentPasswordSchema, newPasswordSchema } from './password';

/** An email address as typed: trimmed, at most 254 characters, lower-cased before use. */
export const emailSchema = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email({ error: 'validation.email' }))
  .transform((value) => value.toLowerCase());

/** Adds the `password_confirmation` check to a schema with `password` and `password_confirmation`. */
const confirmed = <T extends { password: string; password_confirmation: string }>(value: T) =>
  value.password === value.password_confirmation;
const mismatch = { path: ['password_confirmation'], error: 'validation.password_mismatch' };

/** POST /api/auth/register */
export const registerRequestSchema = z
  .strictObject({
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: z.string().max(128),
    terms: z.literal(true, { error: 'validation.terms' }),
  })
  .refine(confirmed, mismatch);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/auth/login */
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
  remember: z.boolean().optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /api/auth/logout: no input (the client sends `{}`). */
export const logoutRequestSchema = z.strictObject({});

/** POST /api/auth/reset: answers `{sent: true}` whether or not the address is known. */
export const resetRequestSchema = z.strictObject({ email: emailSchema });
export type ResetRequest = z.input<typeof resetRequestSchema>;

/** POST /api/auth/reset/{token} */
export const resetByTokenRequestSchema = z
  .strictObject({ password: newPasswordSchema, password_confirmation: z.string().max(128) })
  .refine(confirmed, mismatch);
export type ResetByTokenRequest = z.input<typeof resetByTokenRequestSchema>;

/** The token of a reset or confirmation link (base64url of 32 random bytes). */
export const linkTokenSchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/**
 * What opening a confirmation link did, as the server's redirect names it on
 * `/email-confirmed?result=`: confirmed now, already used (or the email was confirmed before),
 * expired, or not a link the server gave out.
 */
const EMAIL_CONFIRM_RESULTS = ['confirmed', 'already', 'expired', 'invalid'] as const;
export const emailConfirmResultSchema = z.enum(EMAIL_CONFIRM_RESULTS);
export type EmailConfirmResult = z.infer<typeof emailConfirmResultSchema>;

/** POST /api/auth/change: the other sessions of the account end. */
export const changePasswordRequestSchema = z
  .strictObject({
    current_password: currentPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: z.string().max(128),
  })
  .refine(confirmed, mismatch);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

// The answers' payloads live apart (auth-payloads.ts): the app's first script reads them, and this
// module's password rules (with their list of common passwords) load only with the forms.
export { authPayloadSchema } from './auth-payloads';
