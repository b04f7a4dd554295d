import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Locale } from '../../../../src/api/contract/envelope';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleParamsSchema, langRequestSchema } from '../../../../src/api/contract/content';
import { LOCALE_COOKIE, ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { allMessages, isLocale } from '../../i18n';
import { articleFor, menusFor } from './service';
import { seedContent } from './seed';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language choice's cookie, kept a year (POST /api/lang; the document sets it on a first visit). */
export function rememberLocale(reply: FastifyReply, lang: Locale, secure: boolean): void {
  void reply.setCookie(LOCALE_COOKIE, lang, {
    path: '/',
    maxAge: YEAR_SECONDS,
    sameSite: 'lax',
    secure,
    httpOnly: false, // the web app reads it before its first call
  });
}

/** Menus, articles, translations and the language choice; the content is seeded at start. */
export const contentModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  await seedContent(db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.get('/api/content/menu', async (request) => ok(await menusFor(db, request.locale)));

  api.get('/api/content/article/:name', { schema: { params: articleParamsSchema } }, async (request) => {
    const article = await articleFor(db, request.params.name, request.locale);
    if (!article) throw new ApiError('not_found');
    return ok(article);
  });

  // The translations of the whole web app, one flat map per language. Revalidated by ETag, so a
  // deploy with new texts is picked up at once and an unchanged map costs a 304.
  const etags = new Map<string, string>();
  app.get('/i18n/:code', async (request, reply) => {
    const code = (request.params as { code?: unknown }).code;
    if (!isLocale(code)) throw new ApiError('not_found');
    const messages = allMessages()[code];
    let etag = etags.get(code);
    if (!etag) {
      etag = `"${createHash('sha1').update(JSON.stringify(messages)).digest('base64url')}"`;
      etags.set(code, etag);
    }
    void reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return messages;
  });

  api.post('/api/lang', { schema: { body: langRequestSchema } }, async (request, reply) => {
    const { lang } = request.body;
    rememberLocale(reply, lang, app.config.secureCookies);
    if (request.user) await db.updateTable('users').set({ locale: lang }).where('id', '=', request.user.id).execute();
    request.locale = lang;
    return { ...ok({ lang }), locale: lang };
  });
});
