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
const secondFactorCodeSchema = z.string().trim().min(1, { error: 'validation.required' }).max(32, { error: 'validation.invalid' });

/** The withdraw form's field of the fresh second factor (POST /api/withdraw/{slug}/confirm, when 2FA is on). */
export const SECOND_FACTOR_FIELD = 'second_factor_code';
/** The withdraw form's field of a fresh passkey answer instead: its JSON (see `authenticationResponseSchema`). */
export const SECOND_FACTOR_PASSKEY_FIELD = 'second_factor_passkey';

/**
 * The sensitive steps that ask for a fresh second factor, each with its own passkey challenge: an
 * answer signed for one of them serves no other (nor a sign-in).
 */
export const FRESH_FACTOR_PURPOSES = ['withdrawal', 'two_factor'] as const;
export type FreshFactorPurpose = (typeof FRESH_FACTOR_PURPOSES)[number];

/** POST /api/auth/login/second-factor */
export const secondFactorLoginRequestSchema = z.strictObject({ code: secondFactorCodeSchema });
export type SecondFactorLoginRequest = z.input<typeof secondFactorLoginRequestSchema>;

/** One passkey of the account, as settings list it. */
const passkeyItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItemSchema>;
/** POST /api/auth/passkeys: the passkey just added. */
export const passkeyPayloadSchema = z.object({ passkey: passkeyItemSchema });

/** GET /api/auth/security */
export const securityPayloadSchema = z.object({
  totp: z.object({
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int().nonnegative(),
  }),
  passkeys: z.array(passkeyItemSchema),
});
export type SecurityPayload = z.infer<typeof securityPayloadSchema>;

// Passkeys (WebAuthn) ---------------------------------------------------------------------------

const base64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*$/, { error: 'validation.invalid' });

/**
 * The browser's answer to navigator.credentials.create / get as @simplewebauthn/browser writes it.
 * Its inner fields are checked by the server's WebAuthn verification; here only the shape and the
 * sizes, so nothing unbounded reaches it.
 */
const credentialBase = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
const registrationResponseSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
});
export const authenticationResponseSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof registrationResponseSchema>;
export type PasskeyAuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/**
 * POST /api/auth/totp/setup: a fresh second factor is needed when 2FA is on already: `code`, or
 * `passkey` (an answer to POST /api/auth/fresh-factor/passkey/options for `two_factor`).
 */
export const totpSetupRequestSchema = z.strictObject({ code: secondFactorCodeSchema.optional(), passkey: authenticationResponseSchema.optional() });
export type TotpSetupRequest = z.input<typeof totpSetupRequestSchema>;
export const totpSetupPayloadSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetupPayload = z.infer<typeof totpSetupPayloadSchema>;

/** POST /api/auth/totp/confirm: a code of the new secret. */
export const totpConfirmRequestSchema = z.strictObject({ code: secondFactorCodeSchema });
export type TotpConfirmRequest = z.input<typeof totpConfirmRequestSchema>;
/** The new recovery codes, shown once (POST /api/auth/totp/confirm and /api/auth/totp/recovery-codes). */
export const recoveryCodesPayloadSchema = z.object({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodesPayload = z.infer<typeof recoveryCodesPayloadSchema>;

/** POST /api/auth/totp/disable and /api/auth/totp/recovery-codes: a fresh second factor, a code or a passkey's answer. */
export const freshSecondFactorRequestSchema = totpSetupRequestSchema;
export type FreshSecondFactorRequest = z.input<typeof freshSecondFactorRequestSchema>;

/** A browser as the server read it from its user agent (null: not recognised). */
const deviceSchema = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  mobile: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

/**
 * Where an address was when the session opened or the sign-in came (the server's GeoIP database):
 * the country's ISO 3166 code (the app names it in the reader's language) and the city's name in
 * the reader's language, else in English. Null when unknown (a private address, no database).
 */
const placeSchema = z.object({ country: z.string().regex(/^[A-Z]{2}$/), city: z.string().nullable() });
export type Place = z.infer<typeof placeSchema>;
/** The server writes a place (the new-device email) the way the screens do: the one formatter. */
export { formatPlace } from '../../shared/format';

/** GET /api/auth/sessions: the account's live sessions, newest first; `current` is this browser's. */
const sessionItemSchema = z.object({
  id: z.string(),
  device: deviceSchema,
  ip: z.string().nullable(),
  place: placeSchema.nullable(),
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

const SIGN_IN_METHODS = ['password', 'totp', 'recovery_code', 'passkey'] as const;
/** GET /api/auth/sign-ins: the account's sign-ins and failed attempts of the last 90 days, newest first. */
const signInItemSchema = z.object({
  id: z.number().int(),
  success: z.boolean(),
  method: z.enum(SIGN_IN_METHODS),
  device: deviceSchema,
  ip: z.string(),
  place: placeSchema.nullable(),
  created_at: z.string(),
});
export type SignInItem = z.infer<typeof signInItemSchema>;
export const signInsPayloadSchema = z.object({ items: z.array(signInItemSchema) });
export type SignInsPayload = z.infer<typeof signInsPayloadSchema>;

/** Sign-in history is kept this many days. */
export const SIGN_IN_HISTORY_DAYS = 90;

/**
 * POST /api/auth/passkeys/options: the account's password, asked again before a passkey is added,
 * and a fresh second factor when the account has one: `code`, or `passkey` (an answer to
 * POST /api/auth/fresh-factor/passkey/options for `two_factor`).
 */
export const passkeyOptionsRequestSchema = z.strictObject({
  password: z.string().min(1, { error: 'validation.required' }).max(256),
  code: secondFactorCodeSchema.optional(),
  passkey: authenticationResponseSchema.optional(),
});
export type PasskeyOptionsRequest = z.input<typeof passkeyOptionsRequestSchema>;

/** POST /api/auth/passkeys: the new passkey's name and the authenticator's answer. */
const passkeyNameSchema = z.string().trim().min(1, { error: 'validation.required' }).max(60, { error: 'validation.too_long' });
export const passkeyRegisterRequestSchema = z.strictObject({ name: passkeyNameSchema, response: registrationResponseSchema });
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequestSchema>;

/** POST /api/auth/passkey/sign-in/options and /api/auth/login/second-factor/passkey/options: no body (the client sends `{}`). */
export const passkeyCeremonyRequestSchema = z.strictObject({});

/** POST /api/auth/passkey/sign-in and /api/auth/login/second-factor/passkey: the authenticator's answer. */
export const passkeyProofRequestSchema = z.strictObject({ response: authenticationResponseSchema });
export type PasskeyProofRequest = z.input<typeof passkeyProofRequestSchema>;

/** POST /api/auth/fresh-factor/passkey/options: the step the passkey is to confirm. */
export const freshPasskeyOptionsRequestSchema = z.strictObject({ purpose: z.enum(FRESH_FACTOR_PURPOSES) });
export type FreshPasskeyOptionsRequest = z.input<typeof freshPasskeyOptionsRequestSchema>;

/** POST /api/auth/passkeys/{id}/remove: the password and the fresh second factor, as for adding one. */
export const passkeyRefParamsSchema = z.strictObject({ id: base64url.min(1).max(1024) });
export const passkeyRemoveRequestSchema = passkeyOptionsRequestSchema;

/**
 * The options the server made for the browser's WebAuthn call, passed to @simplewebauthn/browser
 * as they are; the challenge is what the client relies on.
 */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
