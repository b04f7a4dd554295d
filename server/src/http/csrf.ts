import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing /api calls must come from the web app: they carry `X-Requested-With:
 * XMLHttpRequest` (which a cross-site form cannot set) and, when the browser sends an Origin, it is
 * ours. Routes called by others (provider webhooks) opt out with `config: { csrf: false }`.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.csrf === false) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw new ApiError('forbidden', { message: 'errors.csrf' });
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `${request.protocol}://${request.host}` && origin !== app.config.publicUrl) {
      throw new ApiError('forbidden', { message: 'errors.csrf' });
    }
  });
});
