import type { FastifyInstance } from 'fastify';
import {
  candleChartParamsSchema,
  candleChartQuerySchema,
  chartAliasParamsSchema,
  chartAliasQuerySchema,
  lineChartQuerySchema,
  pairParamsSchema,
} from '../../../../src/api/contract/market';
import { parseInput } from '../../http/validate';
import { ok } from '../../http/envelope';
import * as market from './service';

/** Pairs and charts: public, read only. The pairs of pairs.json are stored first when missing. */
export async function marketRoutes(app: FastifyInstance) {
  const { db } = app.database;
  await market.seedPairs(db);

  app.get('/api/pair/list', async (request) => ok(await market.pairList(db, request.locale)));

  app.get('/api/pair/:pair/chart/line', async (request) => {
    const { pair } = parseInput(pairParamsSchema, request.params);
    const { minutes } = parseInput(lineChartQuerySchema, request.query);
    return ok(await market.lineChart(db, pair, minutes));
  });

  app.get('/api/pair/:pair/chart/candlestick/:interval', async (request) => {
    const { pair, interval } = parseInput(candleChartParamsSchema, request.params);
    const { limit } = parseInput(candleChartQuerySchema, request.query);
    return ok(await market.candleChart(db, pair, interval, limit));
  });

  app.get('/api/pair/:pair/:interval/:chart', async (request) => {
    const { pair, interval, chart } = parseInput(chartAliasParamsSchema, request.params);
    const { minutes, limit } = parseInput(chartAliasQuerySchema, request.query);
    return ok(chart === 'line' ? await market.lineChart(db, pair, minutes) : await market.candleChart(db, pair, interval, limit));
  });
}
