import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthPayloadSchema } from '../../../../src/api/contract/content';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { bootDataOf } from './boot-data';
import { loadDocumentTemplate, matchesPattern, renderDocument, type DocumentTemplate } from './document';

/** The web app's build version, written by its build next to index.html ('dev' without a build). */
export function readFrontendVersion(webDist: string | undefined): string {
  if (!webDist) return 'dev';
  try {
    return readFileSync(path.join(webDist, 'fv.txt'), 'utf8').trim() || 'dev';
  } catch {
    return 'dev';
  }
}

const NOT_APP_PREFIXES = ['/api/', '/i18n/', '/ws', '/local/mailbox', '/sandbox/', '/backoffice'];

/**
 * Whether a GET asks for the app's document. A browser's navigation names text/html: any path
 * outside the server's own prefixes gets it (the app shows its own not-found page). A client that
 * takes anything (no Accept, or only the range of every type, as curl sends) gets it for the app's
 * routes (the build's route table: '/', '/home', '/withdraw/form/:id?'), so a missing file, an
 * unknown server path or an /api/ call stays a 404.
 */
function wantsDocument(template: DocumentTemplate, accept: string | undefined, pathname: string): boolean {
  if (NOT_APP_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  if ((accept ?? '').includes('text/html')) return true;
  const takesAnything = (accept ?? '').split(',').every((range) => ['', '*/*'].includes(range.split(';')[0]!.trim()));
  return takesAnything && template.routes.some((route) => matchesPattern(route.path, pathname));
}

/** Hashed files never change under their name. */
const HASHED_CACHE = 'public, max-age=31536000, immutable';

/**
 * GET /api/health, and the built web app: hashed files under /assets immutable for a year and
 * sent in their prebuilt brotli or gzip form when the browser takes it, the other public files
 * revalidated on every visit, and for every app route the document: index.html with the route's
 * modulepreloads and the request's boot data, never stored by any cache (it holds the session's
 * user). Register it after the domain modules: its catch-all route comes last.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  // The app's pages and files below take no input and answer no envelope: no schema.
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', { schema: { response: { 200: okEnvelope(healthPayloadSchema) } } }, async () => {
    await sql`select 1`.execute(app.database.db);
    return ok({ status: 'ok' as const, db: true });
  });

  const dist = app.config.webDist;
  const hasApp = dist !== undefined && existsSync(path.join(dist, 'index.html'));
  const template = hasApp ? loadDocumentTemplate(dist) : null;
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false, // one route per built file, so the app-route fallback below owns '/*'
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const hashed = filePath.startsWith(path.join(dist, 'assets') + path.sep);
        void reply.header('cache-control', hashed ? HASHED_CACHE : 'no-cache');
      },
    });
  }

  const serveApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const pathname = url.split(/[?#]/)[0] ?? '/';
    if (!template || !wantsDocument(template, request.headers.accept, pathname)) {
      throw new ApiError('not_found', { message: url.startsWith('/api/') ? 'errors.no_route' : 'errors.not_found' });
    }
    const boot = await bootDataOf(app, request, reply);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderDocument(template, { pathname, locale: boot.locale, boot, serviceWorker: app.config.serviceWorker }));
  };
  if (hasApp) app.get('/', serveApp);
  app.get('/*', serveApp);
});
