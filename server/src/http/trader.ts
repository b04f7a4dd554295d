import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { AuthUser } from './fastify';

/** The signed-in trader of a route guarded by requireTrader. */
export function trader(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError('unauthenticated');
  return request.user;
}
