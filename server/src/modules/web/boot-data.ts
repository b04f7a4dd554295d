import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_CALLS, type BootData } from '../../../../src/api/contract/boot';
import { LOCALE_COOKIE, ok } from '../../http/envelope';
import { allMessages } from '../../i18n';
import { authCheckBody, sessionLocale } from '../auth/routes';
import { rememberLocale } from '../content/routes';
import { menusFor } from '../content/service';

/**
 * The boot data of one request's document: the answers the web app's start sequence would ask
 * for (src/api/boot.ts answers them), built from this request's own session only. The auth
 * check's answer is the envelope GET /api/auth/check gives (the user with wallets or none,
 * notifications, support chat, fv), the locale, that locale's messages only, the menus in it.
 */
export async function bootDataOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<BootData> {
  const db = app.database.db;
  const { locale, source } = await sessionLocale(db, request);
  request.locale = locale;
  request.includeUser = true;
  const [authCheck, menus] = await Promise.all([
    authCheckBody(db, request).then((body) => app.envelopeOf(request, body)),
    menusFor(db, locale),
  ]);
  const answers: BootData['answers'] = {
    [BOOT_CALLS.authCheck]: authCheck,
    [BOOT_CALLS.menus]: { ...ok(menus), fv: authCheck.fv },
    [BOOT_CALLS.messages(locale)]: allMessages()[locale],
  };
  // The app then tells the server the settled language (POST /api/lang), which sets the cookie
  // and stores a user's choice. When only the cookie is missing, the document sets it and answers
  // the call; a user with no stored language still makes it, which stores it.
  if (!(request.user && source === 'request')) {
    if (request.cookies[LOCALE_COOKIE] !== locale) rememberLocale(reply, locale, app.config.secureCookies);
    answers[BOOT_CALLS.language] = { ...ok({ lang: locale }), locale, fv: authCheck.fv };
  }
  return { locale, answers };
}
