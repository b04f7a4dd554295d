import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors';
import { isOwnOrigin } from '../../http/origin';

/**
 * Back office forms are plain HTML forms, so the API's X-Requested-With check cannot apply. They
 * carry a token that must equal an HttpOnly, SameSite=Strict cookie (double submit): a foreign
 * site can neither read the cookie nor make the browser send it. The Origin, when present, must be
 * ours as well.
 *
 * The cookie is scoped to the path `/backoffice`, which the browser compares with the path as
 * written: the app refuses every other spelling of a path before routing (http/canonical-path.ts),
 * so the route that runs is always the one the cookie was scoped to.
 */
const COOKIE = 'bo_csrf';

export function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[COOKIE];
  if (existing && /^[a-f0-9]{64}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('hex');
  void reply.setCookie(COOKIE, token, {
    path: '/backoffice',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.server.config.secureCookies,
  });
  return token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Hooks the back office's own routes (the plugin is encapsulated, so the route that matched
 * decides): a form posted from a foreign page is refused before its body, an upload included, is
 * read. The token itself travels in the body, so the handlers check it with checkCsrf.
 */
export function refuseForeignForms(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method) && !isOwnOrigin(request)) throw new ApiError('forbidden', { message: 'errors.csrf' });
  });
}

/** The form's token against the cookie (the Origin was checked by refuseForeignForms). */
export function checkCsrf(request: FastifyRequest, submitted: unknown): void {
  const cookie = request.cookies[COOKIE];
  const matches =
    typeof submitted === 'string' &&
    typeof cookie === 'string' &&
    submitted.length === cookie.length &&
    timingSafeEqual(Buffer.from(submitted), Buffer.from(cookie));
  if (!matches) throw new ApiError('forbidden', { message: 'errors.csrf' });
}
