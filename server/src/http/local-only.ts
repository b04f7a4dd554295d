import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** Headers a proxy adds: a request that passed one is not local, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request comes from this machine: the socket's own address (never X-Forwarded-For,
 * which the client writes) is loopback, and no proxy forwarded it (a proxy on the same host
 * would make every visitor look local).
 */
function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  return loopback && !FORWARDING_HEADERS.some((name) => name in request.headers);
}

/** The hook of a development page (DEV_PAGES=1): to anyone but this machine it does not exist. */
export const localOnly = {
  onRequest: async (request: FastifyRequest) => {
    if (!isLoopbackRequest(request)) throw new ApiError('not_found', { message: 'errors.not_found' });
  },
};
