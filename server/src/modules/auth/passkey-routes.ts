import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPayloadSchema } from '../../../../src/api/contract/auth-payloads';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import {
  freshPasskeyOptionsRequestSchema,
  passkeyCeremonyRequestSchema,
  passkeyOptionsRequestSchema,
  passkeyPayloadSchema,
  passkeyProofRequestSchema,
  passkeyRefParamsSchema,
  passkeyRegisterRequestSchema,
  passkeyRemoveRequestSchema,
  webAuthnOptionsSchema,
} from '../../../../src/api/contract/security';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { ApiError } from '../../http/errors';
import { confirmPassword } from './confirm-password';
import { FRESH_FACTOR_FIELDS, requireFreshFactor } from './fresh-factor';
import { authenticationOptions, passkeyItem, provePasskey, registerPasskey, registrationOptions, relyingPartyOf, removePasskey } from './passkeys';
import { SECOND_FACTOR_PER_ACCOUNT, challengeOf, endChallenge } from './second-factor';
import { SECOND_FACTOR_COOKIE } from './security-routes';
import { authUserColumns } from './service';
import { cookieOptions } from './sessions';
import { completeSignIn, recordSignIn } from './sign-in-events';
import { LOGIN_PER_ADDRESS, clearAttempts, spendAttempt, type ThrottleRule } from './throttle';

/** Ceremonies started with no account (a sign-in by passkey), per address: each one keeps a challenge row. */
const PASSKEY_CEREMONIES_PER_ADDRESS: ThrottleRule = { name: 'passkey:ip', limit: 30, windowSeconds: 15 * 60 };
/** Fresh-factor ceremonies per account, for the same reason. */
const FRESH_CEREMONIES_PER_ACCOUNT: ThrottleRule = { name: 'passkey:fresh', limit: 30, windowSeconds: 15 * 60 };

/** The options of a browser's WebAuthn call as a plain object: the contract passes them through as they are. */
const optionsAnswer = (options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON) => ok({ ...options });

/**
 * Passkeys under /api/auth (docs/api.md "Passkeys"): added and removed in settings (the password
 * asked again), proved after the password as the second factor, alone to sign in, or as the
 * fresh factor of a sensitive step.
 */
export async function passkeyRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Read per request: on a port the system chose, the public address is known only once listening.
  const rp = () => relyingPartyOf(app.config.publicUrl);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: an anonymous caller hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireUser };
  // The answers: the options of a browser's WebAuthn call, or empty (a sign-in's user travels in the envelope).
  const options = { 200: okEnvelope(webAuthnOptionsSchema) };
  const empty = { 200: okEnvelope(authPayloadSchema) };
  // A ceremony's options take no input; the body may be left out.
  const ceremony = { body: passkeyCeremonyRequestSchema.optional(), response: options };

  /** Signs the account in (the session, the history line, the new-device email) after a passkey proved it. */
  async function signInWithPasskey(request: FastifyRequest, reply: FastifyReply, userId: number, remember: boolean) {
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(authUserColumns).where('users.id', '=', userId).executeTakeFirstOrThrow();
      await completeSignIn(trx, request, reply, user, remember, 'passkey');
    });
    app.emails.kick();
    request.includeUser = true;
  }

  // In settings ---------------------------------------------------------------------------------

  api.post('/api/auth/passkeys/options', { ...guard, schema: { body: passkeyOptionsRequestSchema, response: options } }, async (request) => {
    const { password, ...proof } = request.body;
    const user = signedInUser(request);
    await confirmPassword(db, user, password, 'password');
    // An account with a second factor gives a fresh one: else a stolen session and password could add
    // their own passkey and withdraw with it. The first factor of an account needs nothing more.
    await requireFreshFactor(app, user.id, proof, 'two_factor', FRESH_FACTOR_FIELDS);
    return optionsAnswer(await registrationOptions(db, rp(), user));
  });

  const register = { body: passkeyRegisterRequestSchema, response: { 200: okEnvelope(passkeyPayloadSchema) } };
  api.post('/api/auth/passkeys', { ...guard, schema: register }, async (request) => {
    const { name, response } = request.body;
    const row = await registerPasskey(db, rp(), signedInUser(request).id, response as unknown as RegistrationResponseJSON, name);
    return ok({ passkey: passkeyItem(row) });
  });

  const remove = { params: passkeyRefParamsSchema, body: passkeyRemoveRequestSchema, response: empty };
  api.post('/api/auth/passkeys/:id/remove', { ...guard, schema: remove }, async (request) => {
    const { id } = request.params;
    const { password, ...proof } = request.body;
    const user = signedInUser(request);
    await confirmPassword(db, user, password, 'password');
    // Else the password alone could strip a passkey-only account of its factor, then withdraw with none.
    await requireFreshFactor(app, user.id, proof, 'two_factor', FRESH_FACTOR_FIELDS);
    if (!(await removePasskey(db, user.id, id))) throw new ApiError('not_found');
    return ok({});
  });

  // A fresh factor for a sensitive step (a withdrawal, changing 2FA): the answer goes with that step's request.
  api.post('/api/auth/fresh-factor/passkey/options', { ...guard, schema: { body: freshPasskeyOptionsRequestSchema, response: options } }, async (request) => {
    const { purpose } = request.body;
    const userId = signedInUser(request).id;
    await spendAttempt(db, [[FRESH_CEREMONIES_PER_ACCOUNT, String(userId)]]);
    return optionsAnswer(await authenticationOptions(db, rp(), userId, purpose));
  });

  // Signing in with no password ------------------------------------------------------------------

  api.post('/api/auth/passkey/sign-in/options', { schema: ceremony }, async (request) => {
    await spendAttempt(db, [[PASSKEY_CEREMONIES_PER_ADDRESS, request.ip]]);
    return optionsAnswer(await authenticationOptions(db, rp(), null));
  });

  api.post('/api/auth/passkey/sign-in', { schema: { body: passkeyProofRequestSchema, response: empty } }, async (request, reply) => {
    const { response } = request.body;
    // Counted as a sign-in attempt of the address: a wrong answer costs what a wrong password does.
    await spendAttempt(db, [[LOGIN_PER_ADDRESS, request.ip]]);
    const userId = await provePasskey(db, rp(), response as unknown as AuthenticationResponseJSON, null);
    await signInWithPasskey(request, reply, userId, false);
    return ok({});
  });

  // The second step after the password -----------------------------------------------------------

  /** The account whose password was right and whose second factor is asked, else a translated 401. */
  async function pendingSignIn(request: FastifyRequest) {
    const token = request.cookies[SECOND_FACTOR_COOKIE];
    const challenge = token ? await challengeOf(db, token) : undefined;
    if (!token || !challenge) throw new ApiError('invalid_token', { message: 'security.error.challenge_expired' });
    return { token, challenge };
  }

  api.post('/api/auth/login/second-factor/passkey/options', { schema: ceremony }, async (request) => {
    const { challenge } = await pendingSignIn(request);
    return optionsAnswer(await authenticationOptions(db, rp(), challenge.user_id));
  });

  api.post('/api/auth/login/second-factor/passkey', { schema: { body: passkeyProofRequestSchema, response: empty } }, async (request, reply) => {
    const { response } = request.body;
    const { token, challenge } = await pendingSignIn(request);
    const limits: Array<[ThrottleRule, string]> = [
      [SECOND_FACTOR_PER_ACCOUNT, String(challenge.user_id)],
      [LOGIN_PER_ADDRESS, request.ip],
    ];
    await spendAttempt(db, limits);
    try {
      await provePasskey(db, rp(), response as unknown as AuthenticationResponseJSON, challenge.user_id);
    } catch (error) {
      await recordSignIn(db, request, challenge.user_id, false, 'passkey');
      throw error;
    }
    await clearAttempts(db, [limits[0]!]);
    await endChallenge(db, token);
    void reply.clearCookie(SECOND_FACTOR_COOKIE, cookieOptions(app));
    await signInWithPasskey(request, reply, challenge.user_id, challenge.remember);
    return ok({});
  });
}
