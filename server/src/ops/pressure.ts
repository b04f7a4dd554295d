import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { ApiError } from '../http/errors';

/** Liveness and the scrape keep answering under pressure: that is when an operator looks. */
const EXEMPT_ROUTES = new Set(['/api/health', '/metrics']);

/**
 * Sheds load before the event loop drowns: while a sampled limit (event-loop delay or
 * utilization, heap, RSS; see PressureConfig) is over, every request is answered at once with
 * 503, Retry-After and the translated error envelope, so what is admitted still gets answered in
 * time. Readiness (/api/ready) says 503 then too, taking the node out of a balancer's rotation.
 */
export const pressurePlugin = fp(async (app: FastifyInstance) => {
  const limits = app.config.ops.pressure;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxEventLoopUtilization: limits.maxEventLoopUtilization,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    maxRssBytes: limits.maxRssBytes,
    sampleInterval: limits.sampleIntervalMs,
    eventLoopUtilizationMode: 'interval',
    retryAfter: limits.retryAfterSeconds,
    pressureHandler: (request: FastifyRequest, _reply, type: string) => {
      if (EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return undefined;
      request.log.debug({ pressure: type }, 'under pressure: request shed with 503');
      return Promise.reject(new ApiError('unavailable', { retryAfter: limits.retryAfterSeconds }));
    },
  });
});
