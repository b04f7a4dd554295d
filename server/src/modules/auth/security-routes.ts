import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPayloadSchema } from '../../../../src/api/contract/auth-payloads';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import {
  endSessionRequestSchema,
  endedSessionsPayloadSchema,
  freshSecondFactorRequestSchema,
  recoveryCodesPayloadSchema,
  secondFactorLoginRequestSchema,
  securityPayloadSchema,
  sessionRefParamsSchema,
  sessionsPayloadSchema,
  signInsPayloadSchema,
  totpConfirmRequestSchema,
  totpSetupPayloadSchema,
  totpSetupRequestSchema,
  isTotpCode,
  SIGN_IN_HISTORY_DAYS,
  type SessionItem,
  type SignInItem,
} from '../../../../src/api/contract/security';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { ApiError } from '../../http/errors';
import { authUserColumns } from './service';
import {
  SECOND_FACTOR_PER_ACCOUNT,
  challengeOf,
  checkSecondFactor,
  confirmTotpEnrolment,
  endChallenge,
  hasSecondFactor,
  removeSecondFactor,
  replaceRecoveryCodes,
  secondFactorState,
  startTotpEnrolment,
} from './second-factor';
import { completeSignIn, recordSignIn } from './sign-in-events';
import { closeSessionSockets, cookieOptions, endOtherSessions, endSession, reissueRememberToken, sessionRef, signOut } from './sessions';
import { clearAttempts, spendAttempt, LOGIN_PER_ADDRESS, type ThrottleRule } from './throttle';
import { parseUserAgent } from './user-agent';
import { placeItem } from './ip-place';
import { passkeyItem, passkeysOf } from './passkeys';
import { FRESH_FACTOR_FIELDS, requireFreshFactor, type FreshFactorProof } from './fresh-factor';
import { CHALLENGE_MS } from './second-factor';

/** The cookie of a sign-in waiting for its second factor (the password was right). */
export const SECOND_FACTOR_COOKIE = 'second_factor';

const wrongCode = (field = 'code') => new ApiError('validation', { fields: { [field]: 'security.error.second_factor_code' } });

/**
 * The second factor (TOTP and recovery codes), the sessions list and the sign-in history under
 * /api/auth (docs/api.md "Account safety").
 */
export async function securityRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const serverSecret = app.config.sessionSecret;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: an anonymous caller hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireUser };
  const empty = { 200: okEnvelope(authPayloadSchema) };
  const recoveryCodes = { 200: okEnvelope(recoveryCodesPayloadSchema) };
  // Ending sessions takes no input; the body may be left out.
  const noInput = endSessionRequestSchema.optional();

  /** The signed-in user, once their account has a second factor and they gave a fresh one. */
  const withFreshSecondFactor = async (request: FastifyRequest, proof: FreshFactorProof) => {
    const user = signedInUser(request);
    if (!(await hasSecondFactor(db, user.id))) throw new ApiError('validation', { message: 'security.error.not_enabled' });
    await requireFreshFactor(app, user.id, proof, 'two_factor', FRESH_FACTOR_FIELDS);
    return user;
  };

  // Second step of the sign-in ------------------------------------------------------------------

  api.post('/api/auth/login/second-factor', { schema: { body: secondFactorLoginRequestSchema, response: empty } }, async (request, reply) => {
    const { code } = request.body;
    const token = request.cookies[SECOND_FACTOR_COOKIE];
    const challenge = token ? await challengeOf(db, token) : undefined;
    if (!token || !challenge) throw new ApiError('invalid_token', { message: 'security.error.challenge_expired' });
    const limits: Array<[ThrottleRule, string]> = [
      [SECOND_FACTOR_PER_ACCOUNT, String(challenge.user_id)],
      [LOGIN_PER_ADDRESS, request.ip],
    ];
    // Counted before the code is checked, as the password is: parallel guesses each spend one.
    await spendAttempt(db, limits);
    const method = await checkSecondFactor(db, serverSecret, challenge.user_id, code);
    if (!method) {
      await recordSignIn(db, request, challenge.user_id, false, isTotpCode(code) ? 'totp' : 'recovery_code');
      throw wrongCode();
    }
    await db.transaction().execute(async (trx) => {
      await clearAttempts(trx, [limits[0]!]);
      await endChallenge(trx, token);
      const user = await trx.selectFrom('users').select(authUserColumns).where('users.id', '=', challenge.user_id).executeTakeFirstOrThrow();
      await completeSignIn(trx, request, reply, user, challenge.remember, method);
    });
    void reply.clearCookie(SECOND_FACTOR_COOKIE, cookieOptions(app));
    app.emails.kick();
    request.includeUser = true;
    return ok({});
  });

  // TOTP in settings ----------------------------------------------------------------------------

  api.get('/api/auth/security', { ...guard, schema: { response: { 200: okEnvelope(securityPayloadSchema) } } }, async (request) => {
    const state = await secondFactorState(db, signedInUser(request).id);
    const passkeys = await passkeysOf(db, signedInUser(request).id);
    return ok({
      totp: { enabled: state.enabled, enabled_at: state.enabledAt?.toISOString() ?? null, recovery_codes_left: state.recoveryCodesLeft },
      passkeys: passkeys.map(passkeyItem),
    });
  });

  // The body may be left out: the first factor of an account needs no proof.
  const setup = { body: totpSetupRequestSchema.optional(), response: { 200: okEnvelope(totpSetupPayloadSchema) } };
  api.post('/api/auth/totp/setup', { ...guard, schema: setup }, async (request) => {
    const user = signedInUser(request);
    // An account guarded by a second factor (an app, a passkey) gives a fresh one first: else a stolen
    // session could add its own app and withdraw with its codes.
    await requireFreshFactor(app, user.id, request.body ?? {}, 'two_factor', FRESH_FACTOR_FIELDS);
    return ok(await startTotpEnrolment(db, serverSecret, user));
  });

  api.post('/api/auth/totp/confirm', { ...guard, schema: { body: totpConfirmRequestSchema, response: recoveryCodes } }, async (request) => {
    const { code } = request.body;
    const user = signedInUser(request);
    const limits: Array<[ThrottleRule, string]> = [[SECOND_FACTOR_PER_ACCOUNT, String(user.id)]];
    await spendAttempt(db, limits);
    const codes = await db.transaction().execute((trx) => confirmTotpEnrolment(trx, serverSecret, user.id, code));
    if (!codes) throw wrongCode();
    await clearAttempts(db, limits);
    return ok({ recovery_codes: codes });
  });

  api.post('/api/auth/totp/disable', { ...guard, schema: { body: freshSecondFactorRequestSchema, response: empty } }, async (request) => {
    const user = await withFreshSecondFactor(request, request.body);
    await removeSecondFactor(db, user.id);
    return ok({});
  });

  api.post('/api/auth/totp/recovery-codes', { ...guard, schema: { body: freshSecondFactorRequestSchema, response: recoveryCodes } }, async (request) => {
    const user = await withFreshSecondFactor(request, request.body);
    return ok({ recovery_codes: await db.transaction().execute((trx) => replaceRecoveryCodes(trx, serverSecret, user.id)) });
  });

  // Sessions ------------------------------------------------------------------------------------

  api.get('/api/auth/sessions', { ...guard, schema: { response: { 200: okEnvelope(sessionsPayloadSchema) } } }, async (request) => {
    const rows = await db
      .selectFrom('sessions')
      .select(['id_hash', 'ip', 'user_agent', 'place_country', 'place_city', 'created_at', 'last_seen_at'])
      .where('user_id', '=', signedInUser(request).id)
      .orderBy('last_seen_at', 'desc')
      .execute();
    const items: SessionItem[] = rows.map((row) => ({
      id: sessionRef(row.id_hash),
      device: parseUserAgent(row.user_agent),
      ip: row.ip,
      place: placeItem(row.place_country, row.place_city, request.locale),
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      current: row.id_hash === request.sessionHash,
    }));
    return ok({ items });
  });

  api.post('/api/auth/sessions/:id/end', { ...guard, schema: { params: sessionRefParamsSchema, body: noInput, response: empty } }, async (request, reply) => {
    const { id } = request.params;
    const user = signedInUser(request);
    const current = request.sessionHash !== null && sessionRef(request.sessionHash) === id;
    if (!(await endSession(db, user.id, id))) throw new ApiError('not_found');
    closeSessionSockets(app.bus, user.id, [id]);
    // Ending this browser's own session is signing out here.
    if (current) await signOut(db, request, reply);
    request.includeUser = current;
    return ok({});
  });

  const endOthers = { body: noInput, response: { 200: okEnvelope(endedSessionsPayloadSchema) } };
  api.post('/api/auth/sessions/end-others', { ...guard, schema: endOthers }, async (request, reply) => {
    const user = signedInUser(request);
    const ended = await db.transaction().execute(async (trx) => {
      const refs = await endOtherSessions(trx, user.id, request.sessionHash);
      await reissueRememberToken(trx, request, reply);
      return refs;
    });
    closeSessionSockets(app.bus, user.id, ended);
    return ok({ ended: ended.length });
  });

  // Sign-in history -----------------------------------------------------------------------------

  api.get('/api/auth/sign-ins', { ...guard, schema: { response: { 200: okEnvelope(signInsPayloadSchema) } } }, async (request) => {
    const rows = await db
      .selectFrom('sign_in_events')
      .select(['id', 'success', 'method', 'ip', 'user_agent', 'place_country', 'place_city', 'created_at'])
      .where('user_id', '=', signedInUser(request).id)
      .where('created_at', '>=', new Date(Date.now() - SIGN_IN_HISTORY_DAYS * 24 * 60 * 60 * 1000))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const items: SignInItem[] = rows.map((row) => ({
      id: Number(row.id),
      success: row.success,
      method: row.method,
      device: parseUserAgent(row.user_agent),
      ip: row.ip,
      place: placeItem(row.place_country, row.place_city, request.locale),
      created_at: row.created_at.toISOString(),
    }));
    return ok({ items });
  });
}

/** The cookie options of the pending sign-in: as the session's, for the challenge's lifetime. */
export const secondFactorCookieOptions = (app: FastifyInstance) => cookieOptions(app, CHALLENGE_MS);
