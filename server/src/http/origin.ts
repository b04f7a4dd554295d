import type { FastifyRequest } from 'fastify';

/**
 * The one origin rule of the platform, for HTTP calls, back office forms and WebSocket upgrades
 * alike: a browser names the page that made the request in `Origin`, and it must be ours (the
 * public URL, or the host the request was sent to). A request without Origin comes from no
 * browser page (a script, a test, a native client), which cannot ride a victim's cookies.
 */
export function isOwnOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === request.server.config.publicUrl || origin === `${request.protocol}://${request.host}`;
}
