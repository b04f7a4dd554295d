import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors';

/**
 * Back office forms are plain HTML forms, so the API's X-Requested-With check cannot apply. They
 * carry a token that must equal an HttpOnly, SameSite=Strict cookie (double submit): a foreign
 * site can neither read the cookie nor make the browser send it. The Origin, when present, must be
 * ours as well.
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

export function checkCsrf(request: FastifyRequest, submitted: unknown): void {
  const cookie = request.cookies[COOKIE];
  const origin = request.headers.origin;
  const ownOrigin = origin === undefined || origin === `${request.protocol}://${request.host}` || origin === request.server.config.publicUrl;
  const matches =
    typeof submitted === 'string' &&
    typeof cookie === 'string' &&
    submitted.length === cookie.length &&
    timingSafeEqual(Buffer.from(submitted), Buffer.from(cookie));
  if (!ownOrigin || !matches) throw new ApiError('forbidden', { message: 'errors.csrf' });
}
