import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  candleChartParamsSchema,
  candleChartPayloadSchema,
  candleChartQuerySchema,
  chartAliasParamsSchema,
  chartAliasQuerySchema,
  lineChartPayloadSchema,
  lineChartQuerySchema,
  pairListPayloadSchema,
  pairParamsSchema,
} from '../../../../src/api/contract/market';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { ok } from '../../http/envelope';
import * as market from './service';

/** Pairs and charts: public, read only. The pairs of pairs.json are stored first when missing. */
export async function marketRoutes(app: FastifyInstance) {
  const { db } = app.database;
  await market.seedPairs(db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/pair/list', { schema: { response: { 200: okEnvelope(pairListPayloadSchema) } } }, async (request) =>
    ok(await market.pairList(db, request.locale)),
  );

  api.get(
    '/api/pair/:pair/chart/line',
    { schema: { params: pairParamsSchema, querystring: lineChartQuerySchema, response: { 200: okEnvelope(lineChartPayloadSchema) } } },
    async (request) => ok(await market.lineChart(db, request.params.pair, request.query.minutes)),
  );

  api.get(
    '/api/pair/:pair/chart/candlestick/:interval',
    { schema: { params: candleChartParamsSchema, querystring: candleChartQuerySchema, response: { 200: okEnvelope(candleChartPayloadSchema) } } },
    async (request) => ok(await market.candleChart(db, request.params.pair, request.params.interval, request.query.limit)),
  );

  api.get(
    '/api/pair/:pair/:interval/:chart',
    {
      schema: {
        params: chartAliasParamsSchema,
        querystring: chartAliasQuerySchema,
        response: { 200: okEnvelope(z.union([lineChartPayloadSchema, candleChartPayloadSchema])) },
      },
    },
    async (request) => {
      const { pair, interval, chart } = request.params;
      const { minutes, limit } = request.query;
      return ok(chart === 'line' ? await market.lineChart(db, pair, minutes) : await market.candleChart(db, pair, interval, limit));
    },
  );
}
