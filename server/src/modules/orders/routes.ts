import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createOrderRequestSchema, orderIdParamsSchema, orderListPayloadSchema, orderPayloadSchema } from '../../../../src/api/contract/orders';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import * as orders from './service';

/** Pending orders: create, list, cancel (their triggers run from the feed, triggers.ts). */
export async function orderRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: a caller who may not trade hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireTrader };
  const answer = { 200: okEnvelope(orderPayloadSchema) };

  api.post('/api/order/create', { ...guard, schema: { body: createOrderRequestSchema, response: answer } }, async (request) => {
    const row = await orders.createOrder(db, signedInUser(request).id, request.body, Date.now(), app.config.limits.maxPendingOrders);
    return ok({ order: orders.toOrder(row, request.locale) });
  });

  api.get('/api/order/list', { ...guard, schema: { response: { 200: okEnvelope(orderListPayloadSchema) } } }, async (request) => {
    const rows = await orders.listOrders(db, signedInUser(request).id);
    return ok({ orders: rows.map((row) => orders.toOrder(row, request.locale)) });
  });

  api.post('/api/order/:id/cancel', { ...guard, schema: { params: orderIdParamsSchema, response: answer } }, async (request) => {
    const row = await orders.cancelOrder(db, signedInUser(request).id, request.params.id, Date.now());
    return ok({ order: orders.toOrder(row, request.locale) });
  });
}
