import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { authenticationResponseSchema, type FreshFactorPurpose } from '../../../../src/api/contract/security';
import { ApiError } from '../../http/errors';
import { hasPasskey, provePasskey, relyingPartyOf } from './passkeys';
import { SECOND_FACTOR_PER_ACCOUNT, hasSecondFactor, proveSecondFactor, type SecondFactorMethod } from './second-factor';
import { clearAttempts, spendAttempt, type ThrottleRule } from './throttle';

/**
 * The fresh second factor a sensitive step asks for (a withdrawal, changing or turning off 2FA):
 * a code of the authenticator app (or a recovery code), or a passkey's answer to a challenge made
 * for that very step. Whatever factors the account has, one of them must be given: an account
 * whose only factor is a passkey cannot skip it.
 */

export interface FreshFactorProof {
  code?: string | undefined;
  /** The browser's answer to the options of POST /api/auth/fresh-factor/passkey/options. */
  passkey?: unknown;
}

/** The request fields the refusals name: where the code and where the passkey's answer go. */
export interface FreshFactorFields {
  code: string;
  passkey: string;
}

/** Where a JSON body of the settings routes carries a fresh second factor. */
export const FRESH_FACTOR_FIELDS: FreshFactorFields = { code: 'code', passkey: 'passkey' };

export type FreshFactorMethod = SecondFactorMethod | 'passkey';

/**
 * Proves the account's fresh second factor for `purpose`, throttled like the password (a wrong
 * passkey counts as a wrong code). Answers the method, or null when the account has no second
 * factor (nothing to ask). Missing: a translated 422 on the field of each factor the account has;
 * wrong, replayed or expired: a translated 422 too, and nothing else happens.
 */
export async function requireFreshFactor(
  app: FastifyInstance,
  userId: number,
  proof: FreshFactorProof,
  purpose: FreshFactorPurpose,
  fields: FreshFactorFields,
): Promise<FreshFactorMethod | null> {
  const db = app.database.db;
  const [totp, passkey] = await Promise.all([hasSecondFactor(db, userId), hasPasskey(db, userId)]);
  if (passkey && proof.passkey !== undefined) {
    const limits: Array<[ThrottleRule, string]> = [[SECOND_FACTOR_PER_ACCOUNT, String(userId)]];
    await spendAttempt(db, limits);
    await provePasskey(db, relyingPartyOf(app.config.publicUrl), proof.passkey as AuthenticationResponseJSON, userId, purpose);
    await clearAttempts(db, limits);
    return 'passkey';
  }
  if (totp && proof.code) return proveSecondFactor(db, app.config.sessionSecret, userId, proof.code, fields.code);
  if (!totp && !passkey) return null;
  const asked: Record<string, string> = {};
  if (totp) asked[fields.code] = 'security.error.second_factor_required';
  if (passkey) asked[fields.passkey] = 'security.error.passkey_required';
  throw new ApiError('validation', { fields: asked });
}

/**
 * A passkey's answer sent as a form field (the withdraw form is multipart: its JSON text), or
 * undefined when the field is absent. Text that is not an answer is refused on the field.
 */
export function passkeyAnswerOf(text: string | undefined, field: string): unknown {
  if (text === undefined || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const answer = authenticationResponseSchema.safeParse(parsed);
  if (!answer.success) throw new ApiError('validation', { fields: { [field]: 'security.error.passkey_refused' } });
  return answer.data;
}
