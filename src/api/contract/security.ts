import { z } from 'zod';

/**
 * Account safety (issue 18): the TOTP second factor, its recovery codes, the sessions list and the
 * sign-in history.
 */

/** The name authenticator apps show next to the account. */
export const TOTP_ISSUER = 'FX Timed Bets';
export const RECOVERY_CODE_COUNT = 10;

/** Six digits: a code of the authenticator app; anything else given as a second factor is a recovery code. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.trim());
/** A recovery code as typed (any case, with or without the dash and spaces) in its stored form. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** A second factor as typed: an app code or a recovery code. */
export const secondFactorCodeSchema = z.string().trim().min(1, { error: 'validation.required' }).max(32, { error: 'validation.invalid' });

/** The withdraw form's field of the fresh second factor (POST /api/withdraw/{slug}/confirm, when 2FA is on). */
export const SECOND_FACTOR_FIELD = 'second_factor_code';

/** POST /api/auth/login/second-factor */
export const secondFactorLoginRequestSchema = z.strictObject({ code: secondFactorCodeSchema });
export type SecondFactorLoginRequest = z.input<typeof secondFactorLoginRequestSchema>;

/** POST /api/auth/login: empty when signed in; `second_factor` when the account's code is asked next. */
export const loginPayloadSchema = z.object({ second_factor: z.literal('totp').optional() });
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/** GET /api/auth/security */
export const securityPayloadSchema = z.object({
  totp: z.object({
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int().nonnegative(),
  }),
});
export type SecurityPayload = z.infer<typeof securityPayloadSchema>;

/** POST /api/auth/totp/setup: `code` (a fresh second factor) is needed when 2FA is on already. */
export const totpSetupRequestSchema = z.strictObject({ code: secondFactorCodeSchema.optional() });
export type TotpSetupRequest = z.input<typeof totpSetupRequestSchema>;
export const totpSetupPayloadSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetupPayload = z.infer<typeof totpSetupPayloadSchema>;

/** POST /api/auth/totp/confirm: a code of the new secret. */
export const totpConfirmRequestSchema = z.strictObject({ code: secondFactorCodeSchema });
export type TotpConfirmRequest = z.input<typeof totpConfirmRequestSchema>;
/** The new recovery codes, shown once (POST /api/auth/totp/confirm and /api/auth/totp/recovery-codes). */
export const recoveryCodesPayloadSchema = z.object({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodesPayload = z.infer<typeof recoveryCodesPayloadSchema>;

/** POST /api/auth/totp/disable and /api/auth/totp/recovery-codes: a fresh second factor. */
export const freshSecondFactorRequestSchema = z.strictObject({ code: secondFactorCodeSchema });
export type FreshSecondFactorRequest = z.input<typeof freshSecondFactorRequestSchema>;

/** A browser as the server read it from its user agent (null: not recognised). */
export const deviceSchema = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  mobile: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

/** GET /api/auth/sessions: the account's live sessions, newest first; `current` is this browser's. */
export const sessionItemSchema = z.object({
  id: z.string(),
  device: deviceSchema,
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;
export const sessionsPayloadSchema = z.object({ items: z.array(sessionItemSchema) });
export type SessionsPayload = z.infer<typeof sessionsPayloadSchema>;

/** POST /api/auth/sessions/{id}/end */
export const sessionRefParamsSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/) });
/** The body of POST /api/auth/sessions/{id}/end and /end-others: none (the client sends `{}`). */
export const endSessionRequestSchema = z.strictObject({});
/** POST /api/auth/sessions/end-others: answers how many sessions ended. */
export const endedSessionsPayloadSchema = z.object({ ended: z.number().int().nonnegative() });

export const SIGN_IN_METHODS = ['password', 'totp', 'recovery_code'] as const;
/** GET /api/auth/sign-ins: the account's sign-ins and failed attempts of the last 90 days, newest first. */
export const signInItemSchema = z.object({
  id: z.number().int(),
  success: z.boolean(),
  method: z.enum(SIGN_IN_METHODS),
  device: deviceSchema,
  ip: z.string(),
  created_at: z.string(),
});
export type SignInItem = z.infer<typeof signInItemSchema>;
export const signInsPayloadSchema = z.object({ items: z.array(signInItemSchema) });
export type SignInsPayload = z.infer<typeof signInsPayloadSchema>;

/** Sign-in history is kept this many days. */
export const SIGN_IN_HISTORY_DAYS = 90;
