import type { FastifyInstance } from 'fastify';
import {
  endSessionRequestSchema,
  freshSecondFactorRequestSchema,
  secondFactorLoginRequestSchema,
  sessionRefParamsSchema,
  totpConfirmRequestSchema,
  totpSetupRequestSchema,
  isTotpCode,
  SIGN_IN_HISTORY_DAYS,
  type SecurityPayload,
  type SessionItem,
  type SignInItem,
} from '../../../../src/api/contract/security';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';
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
import { FRESH_FACTOR_FIELDS, requireFreshFactor } from './fresh-factor';
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
  const guard = { preHandler: app.requireUser };

  // Second step of the sign-in ------------------------------------------------------------------

  app.post('/api/auth/login/second-factor', async (request, reply) => {
    const { code } = parseInput(secondFactorLoginRequestSchema, request.body);
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

  app.get('/api/auth/security', guard, async (request) => {
    const state = await secondFactorState(db, signedInUser(request).id);
    const passkeys = await passkeysOf(db, signedInUser(request).id);
    return ok({
      totp: { enabled: state.enabled, enabled_at: state.enabledAt?.toISOString() ?? null, recovery_codes_left: state.recoveryCodesLeft },
      passkeys: passkeys.map(passkeyItem),
    } satisfies SecurityPayload);
  });

  app.post('/api/auth/totp/setup', guard, async (request) => {
    const proof = parseInput(totpSetupRequestSchema, request.body ?? {});
    const user = signedInUser(request);
    // An account guarded by a second factor (an app, a passkey) gives a fresh one first: else a stolen
    // session could add its own app and withdraw with its codes.
    await requireFreshFactor(app, user.id, proof, 'two_factor', FRESH_FACTOR_FIELDS);
    return ok(await startTotpEnrolment(db, serverSecret, user));
  });

  app.post('/api/auth/totp/confirm', guard, async (request) => {
    const { code } = parseInput(totpConfirmRequestSchema, request.body);
    const user = signedInUser(request);
    const limits: Array<[ThrottleRule, string]> = [[SECOND_FACTOR_PER_ACCOUNT, String(user.id)]];
    await spendAttempt(db, limits);
    const codes = await db.transaction().execute((trx) => confirmTotpEnrolment(trx, serverSecret, user.id, code));
    if (!codes) throw wrongCode();
    await clearAttempts(db, limits);
    return ok({ recovery_codes: codes });
  });

  app.post('/api/auth/totp/disable', guard, async (request) => {
    const proof = parseInput(freshSecondFactorRequestSchema, request.body);
    const user = signedInUser(request);
    if (!(await hasSecondFactor(db, user.id))) throw new ApiError('validation', { message: 'security.error.not_enabled' });
    await requireFreshFactor(app, user.id, proof, 'two_factor', FRESH_FACTOR_FIELDS);
    await removeSecondFactor(db, user.id);
    return ok({});
  });

  app.post('/api/auth/totp/recovery-codes', guard, async (request) => {
    const proof = parseInput(freshSecondFactorRequestSchema, request.body);
    const user = signedInUser(request);
    if (!(await hasSecondFactor(db, user.id))) throw new ApiError('validation', { message: 'security.error.not_enabled' });
    await requireFreshFactor(app, user.id, proof, 'two_factor', FRESH_FACTOR_FIELDS);
    return ok({ recovery_codes: await db.transaction().execute((trx) => replaceRecoveryCodes(trx, serverSecret, user.id)) });
  });

  // Sessions ------------------------------------------------------------------------------------

  app.get('/api/auth/sessions', guard, async (request) => {
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

  app.post('/api/auth/sessions/:id/end', guard, async (request, reply) => {
    const { id } = parseInput(sessionRefParamsSchema, request.params);
    parseInput(endSessionRequestSchema, request.body ?? {});
    const user = signedInUser(request);
    const current = request.sessionHash !== null && sessionRef(request.sessionHash) === id;
    if (!(await endSession(db, user.id, id))) throw new ApiError('not_found');
    closeSessionSockets(app.bus, user.id, [id]);
    // Ending this browser's own session is signing out here.
    if (current) await signOut(db, request, reply);
    request.includeUser = current;
    return ok({});
  });

  app.post('/api/auth/sessions/end-others', guard, async (request, reply) => {
    parseInput(endSessionRequestSchema, request.body ?? {});
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

  app.get('/api/auth/sign-ins', guard, async (request) => {
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
