import type { FastifyInstance } from 'fastify';
import { backupRoutes } from './backup';
import { metricsPlugin } from './metrics';
import { pressurePlugin } from './pressure';
import { readinessRoutes } from './readiness';

/**
 * What an operator runs the server with (besides the request log, ops/logging.ts): metrics, load shedding, readiness and
 * backups. Registered after the envelope (their errors are envelopes) and before the modules
 * (their hooks see every route).
 */
export async function registerOps(app: FastifyInstance): Promise<void> {
  await app.register(metricsPlugin);
  await app.register(pressurePlugin);
  await app.register(readinessRoutes);
  await app.register(backupRoutes);
}
