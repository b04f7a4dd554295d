import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertIdParamsSchema, alertListPayloadSchema, alertPayloadSchema, createAlertRequestSchema } from '../../../../src/api/contract/alerts';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import * as alerts from './service';

/** Price alerts: create, list, delete (they fire from the feed, service.ts runAlertTriggers). */
export async function alertRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: a caller who may not trade hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireTrader };

  api.post('/api/alert/create', { ...guard, schema: { body: createAlertRequestSchema, response: { 200: okEnvelope(alertPayloadSchema) } } }, async (request) => {
    const alert = await alerts.createAlert(db, signedInUser(request).id, request.body, app.config.limits.maxActiveAlerts);
    return ok({ alert: alerts.toAlert(alert) });
  });

  api.get('/api/alert/list', { ...guard, schema: { response: { 200: okEnvelope(alertListPayloadSchema) } } }, async (request) => {
    return ok({ alerts: (await alerts.listAlerts(db, signedInUser(request).id)).map(alerts.toAlert) });
  });

  api.post('/api/alert/:id/delete', { ...guard, schema: { params: alertIdParamsSchema, response: { 200: okEnvelope(alertPayloadSchema) } } }, async (request) => {
    return ok({ alert: alerts.toAlert(await alerts.deleteAlert(db, signedInUser(request).id, request.params.id)) });
  });
}
