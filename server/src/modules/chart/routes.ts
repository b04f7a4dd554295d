import type { FastifyInstance } from 'fastify';
import { CHART_LAYOUT_MAX_BYTES, chartLayoutSchema } from '../../../../src/api/contract/chart';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import * as chart from './service';

/** GET and PUT /api/chart/layout: the signed-in trader's charts, indicators and templates. */
export async function chartRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/chart/layout', { preHandler: app.requireUser }, async (request) => ok(await chart.layoutOf(db, request.user!.id)));

  app.put('/api/chart/layout', { preHandler: app.requireUser, bodyLimit: CHART_LAYOUT_MAX_BYTES }, async (request) => {
    const layout = parseInput(chartLayoutSchema, request.body);
    return ok(await db.transaction().execute((tx) => chart.saveLayout(tx, request.user!.id, layout)));
  });
}
