import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { WebAuthnPurpose } from '../../db/tables/safety';
import { FRESH_FACTOR_PURPOSES, TOTP_ISSUER, type FreshFactorPurpose, type PasskeyItem } from '../../../../src/api/contract/security';
import { ApiError } from '../../http/errors';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registering one in settings, and proving one
 * either after the password (the second factor) or alone (a sign-in with no password: the
 * authenticator verified its user, so the passkey is two factors by itself).
 *
 * The relying party is the product's public origin (`PUBLIC_URL`): its host name is the RP ID and
 * its origin the only one accepted. Every ceremony's challenge is kept until the browser's answer
 * brings it back (read from the signed client data), then taken once, so an answer cannot be
 * replayed and a challenge made for one purpose or account cannot serve another.
 */

/** How long a ceremony's challenge waits for the browser's answer. */
const CHALLENGE_MS = 2 * 60 * 1000;

export interface RelyingParty {
  id: string;
  origin: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
};

const refused = () => new ApiError('validation', { message: 'security.error.passkey_refused' });

/**
 * What a ceremony is for: one of the table's purposes, or a fresh factor for a sensitive step. The
 * latter are kept as the table's `second_factor` rows (the account's own passkeys), and their
 * purpose is written into the challenge itself, which the authenticator signs: `<purpose>.` and
 * then the random bytes. So an answer made for a withdrawal confirms nothing else, and no other
 * answer confirms a withdrawal.
 */
export type CeremonyPurpose = WebAuthnPurpose | FreshFactorPurpose;
const FRESH_TAG = new RegExp(`^(${FRESH_FACTOR_PURPOSES.join('|')})\\.`);

const isFresh = (purpose: CeremonyPurpose): purpose is FreshFactorPurpose => (FRESH_FACTOR_PURPOSES as readonly string[]).includes(purpose);
const storedPurpose = (purpose: CeremonyPurpose): WebAuthnPurpose => (isFresh(purpose) ? 'second_factor' : purpose);
/** A challenge of a fresh-factor ceremony: its tag, then as many random bytes as the library's own. */
const taggedChallenge = (purpose: FreshFactorPurpose) => new Uint8Array(Buffer.concat([Buffer.from(`${purpose}.`), randomBytes(32)]));
/** The fresh-factor purpose a challenge (base64url) was made for, or null for any other ceremony's. */
const tagOf = (challenge: string) => FRESH_TAG.exec(Buffer.from(challenge, 'base64url').toString('latin1'))?.[1] ?? null;

async function keepChallenge(db: Db, challenge: string, purpose: CeremonyPurpose, userId: number | null, now = new Date()) {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge, purpose: storedPurpose(purpose), user_id: userId, expires_at: new Date(now.getTime() + CHALLENGE_MS) })
    .execute();
}

/** The challenge the answer signed, if it is one this server sent for `purpose` (and `userId`) and still waits; taken once. */
async function takeChallenge(db: Db, clientDataJSON: unknown, purpose: CeremonyPurpose, userId: number | null): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(String(clientDataJSON), 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    throw refused();
  }
  if (typeof challenge !== 'string') throw refused();
  if (tagOf(challenge) !== (isFresh(purpose) ? purpose : null)) throw refused();
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', storedPurpose(purpose))
    .where('expires_at', '>', new Date());
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const taken = await query.returning('challenge').executeTakeFirst();
  if (!taken) throw new ApiError('validation', { message: 'security.error.passkey_expired' });
  return challenge;
}

const transportsOf = (stored: string) => (stored ? (stored.split(',') as AuthenticatorTransport[]) : undefined);

export interface PasskeyRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export const passkeyItem = (row: PasskeyRow): PasskeyItem => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

export const passkeysOf = (db: Db, userId: number): Promise<PasskeyRow[]> =>
  db.selectFrom('passkeys').select(['id', 'name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at').execute();

export const hasPasskey = async (db: Db, userId: number) =>
  Boolean(await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst());

/** The options of navigator.credentials.create for a new passkey of the account (one per authenticator). */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: number; email: string; account_id: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', user.id).execute();
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: rp.id,
    userName: user.email,
    // The account's public number, never the row id or the email: the authenticator keeps it.
    userID: new TextEncoder().encode(user.account_id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
    // A discoverable credential with user verification: it can also sign in with no password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'register', user.id);
  return options;
}

/** Verifies the new passkey's attestation and stores it under `name`. */
export async function registerPasskey(db: Db, rp: RelyingParty, userId: number, response: RegistrationResponseJSON, name: string): Promise<PasskeyRow> {
  const expectedChallenge = await takeChallenge(db, response.response?.clientDataJSON, 'register', userId);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw refused();
  const { credential } = verification.registrationInfo;
  const taken = await db.selectFrom('passkeys').select('id').where('id', '=', credential.id).executeTakeFirst();
  if (taken) throw new ApiError('validation', { message: 'security.error.passkey_known' });
  return db
    .insertInto('passkeys')
    .values({ id: credential.id, user_id: userId, public_key: credential.publicKey, counter: credential.counter, transports: (credential.transports ?? []).join(','), name })
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow();
}

/** The ceremony of a passkey's signature: a sign-in with no account named, else the account's second factor. */
const signingPurpose = (userId: number | null): CeremonyPurpose => (userId === null ? 'sign_in' : 'second_factor');

/**
 * The options of navigator.credentials.get: for the account's own passkeys (the second factor,
 * or a fresh factor for `purpose`), or for any discoverable passkey of this site (`userId` null: a
 * sign-in with no password).
 */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  userId: number | null,
  purpose = signingPurpose(userId),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = userId === null ? [] : await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', userId).execute();
  if (userId !== null && allowed.length === 0) throw new ApiError('validation', { message: 'security.error.no_passkey' });
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
    userVerification: 'required',
    ...(isFresh(purpose) ? { challenge: taggedChallenge(purpose) } : {}),
  });
  await keepChallenge(db, options.challenge, purpose, userId);
  return options;
}

/**
 * Verifies a passkey's signature over the challenge and answers the account it belongs to. With
 * `userId`, only that account's passkeys count. The signature counter moves forward atomically:
 * two answers with one counter value (a cloned authenticator, or a replay) cannot both pass.
 */
export async function provePasskey(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  userId: number | null,
  purpose = signingPurpose(userId),
): Promise<number> {
  const expectedChallenge = await takeChallenge(db, response.response?.clientDataJSON, purpose, userId);
  let query = db.selectFrom('passkeys').select(['id', 'user_id', 'public_key', 'counter', 'transports']).where('id', '=', String(response.id));
  if (userId !== null) query = query.where('user_id', '=', userId);
  const passkey = await query.executeTakeFirst();
  if (!passkey) throw refused();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: { id: passkey.id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.counter), transports: transportsOf(passkey.transports) },
  }).catch(() => null);
  if (!verification?.verified) throw refused();
  const { newCounter } = verification.authenticationInfo;
  // Authenticators that keep no counter always say 0; one that keeps it must move it forward.
  let update = db.updateTable('passkeys').set({ counter: newCounter, last_used_at: new Date() }).where('id', '=', passkey.id);
  if (newCounter > 0) update = update.where('counter', '<', newCounter);
  const moved = await update.returning('id').executeTakeFirst();
  if (!moved) throw refused();
  return Number(passkey.user_id);
}

/** Removes one of the account's passkeys; false when it has none with that id. */
export async function removePasskey(db: Db, userId: number, id: string): Promise<boolean> {
  const removed = await db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}
