import type { FastifyInstance } from 'fastify';
import { alertIdParamsSchema, createAlertRequestSchema } from '../../../../src/api/contract/alerts';
import { parseInput } from '../../http/validate';
import { ok } from '../../http/envelope';
import * as alerts from './service';

/** Price alerts: create, list, delete (they fire from the feed, service.ts runAlertTriggers). */
export async function alertRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.post('/api/alert/create', { preHandler: app.requireTrader }, async (request) => {
    const body = parseInput(createAlertRequestSchema, request.body);
    return ok({ alert: alerts.toAlert(await alerts.createAlert(db, request.user!.id, body, app.config.limits.maxActiveAlerts)) });
  });

  app.get('/api/alert/list', { preHandler: app.requireTrader }, async (request) => {
    return ok({ alerts: (await alerts.listAlerts(db, request.user!.id)).map(alerts.toAlert) });
  });

  app.post('/api/alert/:id/delete', { preHandler: app.requireTrader }, async (request) => {
    const { id } = parseInput(alertIdParamsSchema, request.params);
    return ok({ alert: alerts.toAlert(await alerts.deleteAlert(db, request.user!.id, id)) });
  });
}
