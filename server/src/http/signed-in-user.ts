import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { AuthUser } from './fastify';

/**
 * The signed-in user of a route guarded by requireUser, requireTrader or requireOperator. The
 * guard already answered 401 to anyone else; should a route ever lose its guard, this answers the
 * same translated 401 instead of reading a missing user.
 */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError('unauthenticated');
  return request.user;
}
