import type { FastifyInstance } from 'fastify';
import { createOrderRequestSchema, orderIdParamsSchema } from '../../../../src/api/contract/orders';
import { parseInput } from '../../http/validate';
import { ok } from '../../http/envelope';
import * as orders from './service';

/** Pending orders: create, list, cancel (their triggers run from the feed, triggers.ts). */
export async function orderRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.post('/api/order/create', { preHandler: app.requireTrader }, async (request) => {
    const body = parseInput(createOrderRequestSchema, request.body);
    const row = await orders.createOrder(db, request.user!.id, body, Date.now(), app.config.limits.maxPendingOrders);
    return ok({ order: orders.toOrder(row, request.locale) });
  });

  app.get('/api/order/list', { preHandler: app.requireTrader }, async (request) => {
    const rows = await orders.listOrders(db, request.user!.id);
    return ok({ orders: rows.map((row) => orders.toOrder(row, request.locale)) });
  });

  app.post('/api/order/:id/cancel', { preHandler: app.requireTrader }, async (request) => {
    const { id } = parseInput(orderIdParamsSchema, request.params);
    const row = await orders.cancelOrder(db, request.user!.id, id, Date.now());
    return ok({ order: orders.toOrder(row, request.locale) });
  });
}
