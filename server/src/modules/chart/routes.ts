import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHART_LAYOUT_MAX_BYTES, chartLayoutPayloadSchema, chartLayoutSchema } from '../../../../src/api/contract/chart';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import * as chart from './service';

/** GET and PUT /api/chart/layout: the signed-in trader's charts, indicators and templates. */
export async function chartRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schema: an anonymous caller hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireUser };
  const response = { 200: okEnvelope(chartLayoutPayloadSchema) };

  api.get('/api/chart/layout', { ...guard, schema: { response } }, async (request) => ok(await chart.layoutOf(db, signedInUser(request).id)));

  api.put('/api/chart/layout', { ...guard, bodyLimit: CHART_LAYOUT_MAX_BYTES, schema: { body: chartLayoutSchema, response } }, async (request) => {
    return ok(await db.transaction().execute((tx) => chart.saveLayout(tx, signedInUser(request).id, request.body)));
  });
}
