import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * No inline scripts anywhere; inline styles are allowed because Stitches injects its CSS at run
 * time. The WebSocket lives on the same host (ws: / wss:). Nothing may frame the platform.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The security headers every answer carries, as name -> value (HSTS only when served over https). */
export function securityHeaders(secure: boolean): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Sets them on a reply. The onSend hook below covers every answer that goes through Fastify's
 * hooks; the answers made before routing (an unreadable URL, see http/early-errors.ts) call this
 * themselves.
 */
export function setSecurityHeaders(reply: FastifyReply, secure: boolean): void {
  void reply.headers(securityHeaders(secure));
}

/** Security headers on every response and compression of the larger ones. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(reply, app.config.secureCookies);
    // API answers are per user: never kept by shared caches.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
});
