import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { SecondFactorKind } from '../../../../src/api/contract/auth-payloads';
import { TOTP_ISSUER, RECOVERY_CODE_COUNT, isTotpCode, normalizeRecoveryCode } from '../../../../src/api/contract/security';
import { hasPasskey } from './passkeys';
import { spendAttempt, clearAttempts, type ThrottleRule } from './throttle';
import { hashToken, randomToken } from './tokens';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator app reads from the
 * QR code) and the account's one-time recovery codes.
 *
 * The shared secret is kept sealed (AES-256-GCM with a key derived from the server's secret), so a
 * copy of the database alone does not give the codes. Recovery codes are kept as a keyed hash
 * (HMAC-SHA-256): they are random (50 bits), so the hash cannot be reversed by guessing, and a code
 * is found with one indexed look-up instead of ten slow password hashes.
 */

/** A code of the step before or after the current one is accepted too (clocks drift). */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Characters of a recovery code: no 0/o, 1/l/i that read alike. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

const derivedKey = (serverSecret: string, purpose: string) => createHash('sha256').update(`${purpose}:${serverSecret}`).digest();

/** The secret sealed for storage: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(serverSecret, 'totp-secret'), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/**
 * The secret, or null when it cannot be opened (sealed under another server secret): the code is
 * then refused as wrong, never answered with a 5xx.
 */
function openedSecret(serverSecret: string, sealed: string): string | null {
  try {
    return openSecret(serverSecret, sealed);
  } catch {
    return null;
  }
}

export function openSecret(serverSecret: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(serverSecret, 'totp-secret'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

const recoveryCodeHash = (serverSecret: string, code: string): string =>
  createHmac('sha256', derivedKey(serverSecret, 'recovery-code')).update(normalizeRecoveryCode(code)).digest('hex');

/** Ten fresh codes, written `xxxxx-xxxxx`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The time step a code matched in, or null (`after`: steps up to this one were used already). */
function matchTotp(secret: string, code: string, after: number, now = Date.now()): number | null {
  const result = verifySync({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: EPOCH_TOLERANCE_SECONDS, afterTimeStep: after });
  // The TOTP strategy answers the matched step (the union type also covers HOTP's answer).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A new secret and the otpauth:// address the QR code carries. */
function newTotpSecret(accountEmail: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: accountEmail, secret }) };
}

/** Wrong second-factor codes: per account, as many as wrong passwords. */
export const SECOND_FACTOR_PER_ACCOUNT: ThrottleRule = { name: 'second-factor:account', limit: 5, windowSeconds: 15 * 60 };

export interface SecondFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function secondFactorState(db: Db, userId: number): Promise<SecondFactorState> {
  const factor = await db.selectFrom('totp_factors').select(['secret', 'enabled_at']).where('user_id', '=', userId).executeTakeFirst();
  const enabled = Boolean(factor?.secret);
  const left = enabled
    ? await db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow()
    : { n: '0' };
  return { enabled, enabledAt: enabled ? (factor?.enabled_at ?? null) : null, recoveryCodesLeft: Number(left.n) };
}

/** Whether the account has an authenticator app: its codes guard the sensitive steps (disable, change, withdraw). */
export const hasSecondFactor = async (db: Db, userId: number) =>
  Boolean(await db.selectFrom('totp_factors').select('user_id').where('user_id', '=', userId).where('secret', 'is not', null).executeTakeFirst());

/** The second factors the account can sign in with after its password (empty: the password is enough). */
export async function secondFactorKinds(db: Db, userId: number): Promise<SecondFactorKind[]> {
  const kinds: SecondFactorKind[] = [];
  if (await hasSecondFactor(db, userId)) kinds.push('totp');
  if (await hasPasskey(db, userId)) kinds.push('passkey');
  return kinds;
}

export type SecondFactorMethod = 'totp' | 'recovery_code';

/**
 * Checks a second factor of the account: a 6-digit code of its authenticator app (each code once:
 * the step it matched in is recorded atomically, so a code seen on the wire cannot be replayed)
 * or one of its unused recovery codes (used up here). Answers the method, or null when the code is
 * wrong; the caller throttles (see `proveSecondFactor`).
 */
export async function checkSecondFactor(db: Db, serverSecret: string, userId: number, code: string, now = new Date()): Promise<SecondFactorMethod | null> {
  if (isTotpCode(code)) {
    const factor = await db.selectFrom('totp_factors').select(['secret', 'last_time_step']).where('user_id', '=', userId).executeTakeFirst();
    if (!factor?.secret) return null;
    const secret = openedSecret(serverSecret, factor.secret);
    const step = secret === null ? null : matchTotp(secret, code.trim(), Number(factor.last_time_step), now.getTime());
    if (step === null) return null;
    const taken = await db
      .updateTable('totp_factors')
      .set({ last_time_step: step })
      .where('user_id', '=', userId)
      .where('last_time_step', '<', step)
      .returning('user_id')
      .executeTakeFirst();
    return taken ? 'totp' : null;
  }
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(serverSecret, code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'recovery_code' : null;
}

/**
 * A fresh second factor for a sensitive step (turning 2FA off or changing it, a withdrawal):
 * throttled like the password, and a wrong or missing code is a translated 422 on `field`.
 */
export async function proveSecondFactor(db: Kysely<DB>, serverSecret: string, userId: number, code: string | undefined, field: string): Promise<SecondFactorMethod> {
  if (!code) throw new ApiError('validation', { fields: { [field]: 'security.error.second_factor_required' } });
  const limits: Array<[ThrottleRule, string]> = [[SECOND_FACTOR_PER_ACCOUNT, String(userId)]];
  await spendAttempt(db, limits);
  const method = await checkSecondFactor(db, serverSecret, userId, code);
  if (!method) throw new ApiError('validation', { fields: { [field]: 'security.error.second_factor_code' } });
  await clearAttempts(db, limits);
  return method;
}

/** Replaces the account's recovery codes with ten new ones and answers them (shown once). */
export async function replaceRecoveryCodes(trx: Db, serverSecret: string, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(serverSecret, code) })))
    .execute();
  return codes;
}

/** Starts (or restarts) enrolment: a pending secret, kept until confirmed by a code of it. */
export async function startTotpEnrolment(trx: Db, serverSecret: string, user: { id: number; email: string }) {
  const { secret, uri } = newTotpSecret(user.email);
  await trx
    .insertInto('totp_factors')
    .values({ user_id: user.id, pending_secret: sealSecret(serverSecret, secret) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: sealSecret(serverSecret, secret) }))
    .execute();
  return { secret, uri };
}

/**
 * Confirms the pending secret with a code of it: it becomes the account's factor (replacing any
 * earlier one) with ten new recovery codes, answered once. A wrong code changes nothing.
 */
export async function confirmTotpEnrolment(trx: Transaction<DB>, serverSecret: string, userId: number, code: string, now = new Date()): Promise<string[] | null> {
  const factor = await trx.selectFrom('totp_factors').select('pending_secret').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!factor?.pending_secret || !isTotpCode(code)) return null;
  const secret = openedSecret(serverSecret, factor.pending_secret);
  const step = secret === null ? null : matchTotp(secret, code.trim(), 0, now.getTime());
  if (step === null) return null;
  await trx
    .updateTable('totp_factors')
    .set({ secret: factor.pending_secret, pending_secret: null, enabled_at: now, last_time_step: step })
    .where('user_id', '=', userId)
    .execute();
  return replaceRecoveryCodes(trx, serverSecret, userId);
}

export async function removeSecondFactor(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** The pending sign-in between the password and the second factor lives this long. */
export const CHALLENGE_MS = 5 * 60 * 1000;

/** Opens the pending sign-in and answers its token (the browser keeps it in a cookie; the table keeps its hash). */
export async function createChallenge(db: Db, userId: number, remember: boolean, now = new Date()): Promise<string> {
  const token = randomToken();
  await db.deleteFrom('second_factor_challenges').where('expires_at', '<', now).execute();
  await db
    .insertInto('second_factor_challenges')
    .values({ token_hash: hashToken(token), user_id: userId, remember, expires_at: new Date(now.getTime() + CHALLENGE_MS) })
    .execute();
  return token;
}

/** The pending sign-in of a token while it lasts, else undefined. */
export const challengeOf = (db: Db, token: string, now = new Date()) =>
  db
    .selectFrom('second_factor_challenges')
    .select(['user_id', 'remember'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();

export const endChallenge = (db: Db, token: string) => db.deleteFrom('second_factor_challenges').where('token_hash', '=', hashToken(token)).execute();
