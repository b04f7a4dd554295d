import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors';
import { isOwnOrigin } from './origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The API's routes, known by the route the router matched (its pattern), never by the URL's text. */
const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') === true;

/**
 * State-changing /api calls must come from the web app: they carry `X-Requested-With:
 * XMLHttpRequest` (which a cross-site form cannot set) and, when the browser sends an Origin, it is
 * ours. Routes called by others (provider webhooks) opt out with `config: { csrf: false }`.
 *
 * The call is judged by the route that will run, at onRequest: before the session is resolved and
 * before any body (a multipart upload included) is read. A request with no route runs nothing but
 * the 404 answer. The path's spelling was already made canonical (canonical-path.ts), so a
 * path-scoped cookie or a proxy rule sees the same route as the router.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;
    if (request.routeOptions.config.csrf === false) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest' || !isOwnOrigin(request)) {
      throw new ApiError('forbidden', { message: 'errors.csrf' });
    }
  });
});
