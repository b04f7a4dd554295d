import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
import { ok, redirect, LOCALE_COOKIE } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { isLocale } from '../../i18n';
import { siteSettingsOf } from '../content/service';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { authUserColumns, confirmEmail, createAccount, sendLinkEmail, sendNoticeEmail, useLinkToken } from './service';
import { endOtherSessions, reissueRememberToken, signIn, signOut } from './sessions';
import {
  CONFIRM_PER_ACCOUNT,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  RESET_PER_ACCOUNT,
  RESET_PER_ADDRESS,
  assertNotThrottled,
  clearAttempts,
  countAttempt,
} from './throttle';

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The account calls of docs/design.md 3.2 under /api/auth. */
export const authModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  // Computed now so that the first unknown-email login is not slower than the others.
  await decoyPasswordHash();
  const afterCommit = () => app.emails.kick();

  app.post('/api/auth/register', async (request, reply) => {
    const input = parseInput(registerRequestSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    try {
      await db.transaction().execute(async (trx) => {
        const user = await createAccount(trx, { email: input.email, passwordHash, locale: request.locale });
        await sendLinkEmail(trx, user, 'confirm', app.config.publicUrl);
        await signIn(trx, request, reply, user);
      });
    } catch (error) {
      // Two registrations of one address at the same moment: the database's unique index decides.
      if (isUniqueViolation(error)) throw new ApiError('validation', { fields: { email: 'validation.email_taken' } });
      throw error;
    }
    afterCommit();
    request.includeUser = true;
    return ok({});
  });

  app.post('/api/auth/login', async (request, reply) => {
    const input = parseInput(loginRequestSchema, request.body);
    const limits: Parameters<typeof countAttempt>[1] = [
      [LOGIN_PER_ACCOUNT, input.email],
      [LOGIN_PER_ADDRESS, request.ip],
    ];
    await assertNotThrottled(db, limits);
    const found = await db
      .selectFrom('users')
      .select([...authUserColumns, 'users.password_hash'])
      .where('users.email', '=', input.email)
      .executeTakeFirst();
    // An unknown email is verified against a decoy hash: same work, same time, same answer.
    const matches = await verifyPassword(found?.password_hash ?? (await decoyPasswordHash()), input.password);
    if (!found || !matches) {
      await countAttempt(db, limits);
      throw new ApiError('invalid_credentials');
    }
    const { password_hash: _hash, ...user } = found;
    await db.transaction().execute(async (trx) => {
      await clearAttempts(trx, [[LOGIN_PER_ACCOUNT, input.email]]);
      await signIn(trx, request, reply, user, input.remember === true);
    });
    request.includeUser = true;
    return ok({});
  });

  app.get('/api/auth/check', async (request) => {
    request.includeUser = true;
    let locale = request.locale;
    if (request.user) {
      const row = await db.selectFrom('users').select('locale').where('id', '=', request.user.id).executeTakeFirst();
      if (isLocale(row?.locale)) locale = row.locale;
    } else if (isLocale(request.cookies[LOCALE_COOKIE])) {
      locale = request.cookies[LOCALE_COOKIE];
    }
    return { ...ok({}), locale, site_settings: await siteSettingsOf(db) };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    parseInput(logoutRequestSchema, request.body ?? {});
    await signOut(db, request, reply);
    request.includeUser = true;
    return ok({});
  });

  app.post('/api/auth/reset', async (request) => {
    const { email } = parseInput(resetRequestSchema, request.body);
    const limits: Parameters<typeof countAttempt>[1] = [
      [RESET_PER_ACCOUNT, email],
      [RESET_PER_ADDRESS, request.ip],
    ];
    await assertNotThrottled(db, limits);
    await db.transaction().execute(async (trx) => {
      await countAttempt(trx, limits);
      const user = await trx.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
      if (user) await sendLinkEmail(trx, user, 'reset', app.config.publicUrl);
    });
    afterCommit();
    // The same answer whether or not the address has an account.
    return ok({ sent: true as const });
  });

  app.post('/api/auth/reset/:token', async (request, reply) => {
    const { token } = parseInput(linkTokenSchema, request.params);
    const input = parseInput(resetByTokenRequestSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      const userId = await useLinkToken(trx, token, 'reset');
      const user = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', userId)
        .returning(['id', 'email', 'account_id', 'role', 'email_confirmed_at'])
        .executeTakeFirstOrThrow();
      // Following the emailed link proves the address.
      if (!user.email_confirmed_at) await trx.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', userId).execute();
      // Every other link of the account dies with this one, and so does every session.
      await trx.updateTable('auth_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('purpose', '=', 'reset').where('used_at', 'is', null).execute();
      await endOtherSessions(trx, userId, null);
      await sendNoticeEmail(trx, user, 'password_changed');
      await signIn(trx, request, reply, { id: user.id, email: user.email, account_id: user.account_id, role: user.role });
    });
    afterCommit();
    request.includeUser = true;
    return ok({});
  });

  app.post('/api/auth/change', { preHandler: app.requireUser }, async (request, reply) => {
    const input = parseInput(changePasswordRequestSchema, request.body);
    const user = request.user!;
    const limits: Parameters<typeof countAttempt>[1] = [[LOGIN_PER_ACCOUNT, user.email]];
    await assertNotThrottled(db, limits);
    const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password_hash, input.current_password))) {
      await countAttempt(db, limits);
      throw new ApiError('validation', { fields: { current_password: 'validation.current_password' } });
    }
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      await endOtherSessions(trx, user.id, request.sessionHash);
      await reissueRememberToken(trx, request, reply);
      await sendNoticeEmail(trx, user, 'password_changed');
    });
    afterCommit();
    request.includeUser = true;
    return ok({});
  });

  app.get('/api/auth/send_confirmation_instructions', { preHandler: app.requireUser }, async (request) => {
    const user = request.user!;
    const limits: Parameters<typeof countAttempt>[1] = [[CONFIRM_PER_ACCOUNT, user.email]];
    await assertNotThrottled(db, limits);
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select('email_confirmed_at').where('id', '=', user.id).executeTakeFirstOrThrow();
      if (row.email_confirmed_at) return;
      await countAttempt(trx, limits);
      await sendLinkEmail(trx, user, 'confirm', app.config.publicUrl);
    });
    afterCommit();
    return ok({ sent: true as const });
  });

  // Opened from the email, usually as a page in the browser, signed in or not: a real redirect to
  // the page that says what happened (/email-confirmed?result=...); the envelope redirect for the
  // web app's own calls, which refuse every result but 'confirmed' as before.
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
});
