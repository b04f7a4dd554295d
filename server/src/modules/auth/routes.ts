import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  linkTokenSchema,
  loginRequestSchema,
  logoutRequestSchema,
  registerRequestSchema,
  resetByTokenRequestSchema,
  resetRequestSchema,
  type EmailConfirmResult,
} from '../../../../src/api/contract/auth';
import { authPayloadSchema, sentPayloadSchema } from '../../../../src/api/contract/auth-payloads';
import { okEnvelope, type Locale } from '../../../../src/api/contract/envelope';
import { loginPayloadSchema, type SecondFactorKind } from '../../../../src/api/contract/auth-payloads';
import type { DB } from '../../db/schema';
import { ok, redirect, LOCALE_COOKIE } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { ApiError } from '../../http/errors';
import { isLocale } from '../../i18n';
import { siteSettingsOf } from '../content/service';
import { confirmPassword } from './confirm-password';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { authUserColumns, confirmEmail, createAccount, sendLinkEmail, sendNoticeEmail, useLinkToken } from './service';
import { closeSessionSockets, endOtherSessions, reissueRememberToken, signIn, signOut } from './sessions';
import { createChallenge, secondFactorKinds } from './second-factor';
import { completeSignIn, recordSignIn } from './sign-in-events';
import { SECOND_FACTOR_COOKIE, secondFactorCookieOptions, securityRoutes } from './security-routes';
import { passkeyRoutes } from './passkey-routes';
import { knownDevice, rememberDevice } from './device';
import {
  CONFIRM_PER_ACCOUNT,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  LOGIN_PER_DEVICE,
  RESET_PER_ACCOUNT,
  RESET_PER_ADDRESS,
  SIGNUP_NOTICE,
  clearAttempts,
  refundAttempt,
  signupPerAddress,
  signupPerEmail,
  spendAttempt,
  takeAttempt,
  type ThrottleRule,
} from './throttle';

type Limits = Array<[ThrottleRule, string]>;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
const isEmailTaken = (error: ApiError) => error.code === 'validation' && error.options.fields?.email === 'validation.email_taken';

/**
 * The locale a request settles on and where it comes from: the signed-in user's stored one, else
 * the visitor's cookie, else the request's (Accept-Language).
 */
export async function sessionLocale(db: Kysely<DB>, request: FastifyRequest): Promise<{ locale: Locale; source: 'user' | 'cookie' | 'request' }> {
  if (request.user) {
    const row = await db.selectFrom('users').select('locale').where('id', '=', request.user.id).executeTakeFirst();
    if (isLocale(row?.locale)) return { locale: row.locale, source: 'user' };
    return { locale: request.locale, source: 'request' };
  }
  const cookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(cookie)) return { locale: cookie, source: 'cookie' };
  return { locale: request.locale, source: 'request' };
}

/** The body of GET /api/auth/check before the envelope's extras: its locale and the site settings. */
export async function authCheckBody(db: Kysely<DB>, request: FastifyRequest) {
  const { locale } = await sessionLocale(db, request);
  return { ...ok({}), locale, site_settings: await siteSettingsOf(db) };
}

/** The account calls of docs/design.md 3.2 under /api/auth. */
export const authModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  // Computed now so that the first unknown-email login is not slower than the others.
  await decoyPasswordHash();
  const afterCommit = () => app.emails.kick();
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The answers: empty (the user travels in the envelope), a sign-in that may ask a second factor, an email sent.
  const empty = { 200: okEnvelope(authPayloadSchema) };
  const maybeSecondFactor = { 200: okEnvelope(loginPayloadSchema) };
  const sent = { 200: okEnvelope(sentPayloadSchema) };

  /**
   * Someone tried to sign up with an address that has an account: its owner hears about it (no
   * link, no token), at most once a day, and the answer stays "taken".
   */
  const noticeSignupAttempt = async (email: string) => {
    await db.transaction().execute(async (trx) => {
      const owner = await trx.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
      if (!owner || (await takeAttempt(trx, [[SIGNUP_NOTICE, email]])) > 0) return;
      await sendNoticeEmail(trx, owner, 'signup_attempt');
    });
    afterCommit();
  };

  api.post('/api/auth/register', { schema: { body: registerRequestSchema, response: empty } }, async (request, reply) => {
    const { email, password } = request.body;
    // Counted before anything else: the "taken" answer is an oracle, so it comes at this rate only.
    await spendAttempt(db, [
      [signupPerAddress(app.config.limits.signupPerAddress), request.ip],
      [signupPerEmail(app.config.limits.signupPerEmail), email],
    ]);
    const passwordHash = await hashPassword(password);
    try {
      await db.transaction().execute(async (trx) => {
        const user = await createAccount(trx, { email, passwordHash, locale: request.locale });
        await sendLinkEmail(trx, user, 'confirm', app.config.publicUrl);
        await signIn(trx, request, reply, user);
        rememberDevice(request, reply, user.id);
      });
    } catch (error) {
      // Two registrations of one address at the same moment: the database's unique index decides.
      const taken = isUniqueViolation(error) || (error instanceof ApiError && isEmailTaken(error));
      if (!taken) throw error;
      await noticeSignupAttempt(email);
      throw new ApiError('validation', { fields: { email: 'validation.email_taken' } });
    }
    afterCommit();
    request.includeUser = true;
    return ok({});
  });

  api.post('/api/auth/login', { schema: { body: loginRequestSchema, response: maybeSecondFactor } }, async (request, reply) => {
    const { email, password, remember } = request.body;
    const found = await db
      .selectFrom('users')
      .select([...authUserColumns, 'users.password_hash'])
      .where('users.email', '=', email)
      .executeTakeFirst();
    // The owner's own browser spends its own allowance; anyone else spends the account's and the address's.
    const device = knownDevice(request);
    const fromOwnDevice = found !== undefined && device?.userId === found.id;
    const limits: Limits = fromOwnDevice
      ? [[LOGIN_PER_DEVICE, `${found.id}:${device.deviceId}`]]
      : [
          [LOGIN_PER_ACCOUNT, email],
          [LOGIN_PER_ADDRESS, request.ip],
        ];
    // Counted before the password is checked, atomically: parallel guesses cannot share one look at the count.
    await spendAttempt(db, limits);
    // An unknown email is verified against a decoy hash: same work, same time, same answer.
    const matches = await verifyPassword(found?.password_hash ?? (await decoyPasswordHash()), password);
    if (found && !matches) await recordSignIn(db, request, found.id, false, 'password');
    if (!found || !matches) throw new ApiError('invalid_credentials');
    const { password_hash: _hash, ...user } = found;
    const secondFactor = await db.transaction().execute(async (trx) => {
      // A success is not a failure: the browser's or the account's count starts over, the address gets its attempt back.
      if (fromOwnDevice) await clearAttempts(trx, limits);
      else {
        await clearAttempts(trx, [[LOGIN_PER_ACCOUNT, email]]);
        await refundAttempt(trx, [[LOGIN_PER_ADDRESS, request.ip]]);
      }
      // With 2FA on, the right password opens only the second step (POST /api/auth/login/second-factor).
      const kinds = await secondFactorKinds(trx, user.id);
      if (kinds.length > 0) return { token: await createChallenge(trx, user.id, remember === true), kinds };
      await completeSignIn(trx, request, reply, user, remember === true, 'password');
      return null;
    });
    if (secondFactor) {
      void reply.setCookie(SECOND_FACTOR_COOKIE, secondFactor.token, secondFactorCookieOptions(app));
      return ok({ second_factor: secondFactor.kinds });
    }
    afterCommit();
    request.includeUser = true;
    return ok({});
  });

  api.get('/api/auth/check', { schema: { response: empty } }, async (request) => {
    request.includeUser = true;
    return authCheckBody(db, request);
  });

  // The body may be left out.
  api.post('/api/auth/logout', { schema: { body: logoutRequestSchema.optional(), response: empty } }, async (request, reply) => {
    await signOut(db, request, reply);
    request.includeUser = true;
    return ok({});
  });

  api.post('/api/auth/reset', { schema: { body: resetRequestSchema, response: sent } }, async (request) => {
    const { email } = request.body;
    await spendAttempt(db, [
      [RESET_PER_ACCOUNT, email],
      [RESET_PER_ADDRESS, request.ip],
    ]);
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
      if (user) await sendLinkEmail(trx, user, 'reset', app.config.publicUrl);
    });
    afterCommit();
    // The same answer whether or not the address has an account.
    return ok({ sent: true as const });
  });

  const resetByToken = { params: linkTokenSchema, body: resetByTokenRequestSchema, response: maybeSecondFactor };
  api.post('/api/auth/reset/:token', { schema: resetByToken }, async (request, reply) => {
    const { token } = request.params;
    const passwordHash = await hashPassword(request.body.password);
    let ended: string[] = [];
    let endedUserId = 0;
    const secondFactor = await db.transaction().execute(async (trx): Promise<{ token: string; kinds: SecondFactorKind[] } | null> => {
      const userId = await useLinkToken(trx, token, 'reset');
      endedUserId = userId;
      const user = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', userId)
        .returning(['id', 'email', 'account_id', 'role', 'time_zone', 'email_confirmed_at'])
        .executeTakeFirstOrThrow();
      // Following the emailed link proves the address.
      if (!user.email_confirmed_at) await trx.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', userId).execute();
      // Every other link of the account dies with this one, and so does every session.
      await trx.updateTable('auth_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('purpose', '=', 'reset').where('used_at', 'is', null).execute();
      ended = await endOtherSessions(trx, userId, null);
      await sendNoticeEmail(trx, user, 'password_changed');
      // The emailed link proves the address, not the second factor: with 2FA on, the code is asked next.
      const kinds = await secondFactorKinds(trx, userId);
      if (kinds.length > 0) return { token: await createChallenge(trx, userId, false), kinds };
      await signIn(trx, request, reply, { id: user.id, email: user.email, account_id: user.account_id, role: user.role, time_zone: user.time_zone });
      rememberDevice(request, reply, user.id);
      return null;
    });
    afterCommit();
    closeSessionSockets(app.bus, endedUserId, ended);
    if (secondFactor) {
      void reply.setCookie(SECOND_FACTOR_COOKIE, secondFactor.token, secondFactorCookieOptions(app));
      return ok({ second_factor: secondFactor.kinds });
    }
    request.includeUser = true;
    return ok({});
  });

  // The guards run before the schemas: an anonymous caller hears that, not what was wrong with the input.
  const change = { body: changePasswordRequestSchema, response: empty };
  api.post('/api/auth/change', { preValidation: app.requireUser, schema: change }, async (request, reply) => {
    const { current_password: currentPassword, password } = request.body;
    const user = signedInUser(request);
    await confirmPassword(db, user, currentPassword, 'current_password');
    const passwordHash = await hashPassword(password);
    const ended = await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      const refs = await endOtherSessions(trx, user.id, request.sessionHash);
      await reissueRememberToken(trx, request, reply);
      await sendNoticeEmail(trx, user, 'password_changed');
      return refs;
    });
    afterCommit();
    closeSessionSockets(app.bus, user.id, ended);
    request.includeUser = true;
    return ok({});
  });

  api.get('/api/auth/send_confirmation_instructions', { preValidation: app.requireUser, schema: { response: sent } }, async (request) => {
    const user = signedInUser(request);
    const row = await db.selectFrom('users').select('email_confirmed_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    if (row.email_confirmed_at) return ok({ sent: true as const });
    // Spent outside the transaction: a refusal must not roll its own count back.
    await spendAttempt(db, [[CONFIRM_PER_ACCOUNT, user.email]]);
    await db.transaction().execute(async (trx) => {
      await sendLinkEmail(trx, user, 'confirm', app.config.publicUrl);
    });
    afterCommit();
    return ok({ sent: true as const });
  });

  // Opened from the email, usually as a page in the browser, signed in or not: a real redirect to
  // the page that says what happened (/email-confirmed?result=...); the envelope redirect for the
  // web app's own calls, which refuse every result but 'confirmed' as before. No schema: a token
  // that is not one is the 'invalid' result, never a 400.
  app.get('/api/auth/confirm/:token', async (request, reply) => {
    const wantsPage = (request.headers.accept ?? '').includes('text/html');
    const parsed = linkTokenSchema.safeParse(request.params);
    const result: EmailConfirmResult = parsed.success
      ? await db.transaction().execute((trx) => confirmEmail(trx, parsed.data.token))
      : 'invalid';
    if (wantsPage) return reply.redirect(`/email-confirmed?result=${result}`, 303);
    if (result !== 'confirmed') throw new ApiError('invalid_token');
    request.includeUser = true;
    return redirect('/home');
  });

  await securityRoutes(app);
  await passkeyRoutes(app);
});
