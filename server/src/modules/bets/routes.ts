import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  betHistoryPayloadSchema,
  betHistoryQuerySchema,
  betIdParamsSchema,
  betInfoPayloadSchema,
  betListPayloadSchema,
  betListQuerySchema,
  closeBetPayloadSchema,
  closeBetRequestSchema,
  idempotencyKeySchema,
  placeBetPayloadSchema,
  placeBetRequestSchema,
} from '../../../../src/api/contract/bets';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { parseInput } from '../../http/validate';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { PlacementGroups } from './placement-groups';
import { betHistory, betInfo, betList } from './bet-reads';
import { closeEarly } from './close-early';
import { metrics } from '../../ops/metrics';

const placeHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema });

/** Bet placement, the early close (sell-back), the trader's lists, one bet's record and the history. */
export async function betRoutes(app: FastifyInstance) {
  const { db, kind } = app.database;
  // Placements that arrive together commit together (one transaction per group); on PostgreSQL's
  // pool a few groups may commit at once.
  const placements = new PlacementGroups(db, { maxInFlight: kind === 'postgres' ? 4 : 1, onGroup: metrics.placementGroup });
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guards run before the schemas: a caller who may not trade hears that, not what was wrong
  // with the input. The Idempotency-Key header is read by hand after the body, as a Fastify
  // headers schema would replace the request's headers with the few it names.
  const traders = { preValidation: app.requireTrader };

  api.post('/api/bet/user/place', { ...traders, schema: { body: placeBetRequestSchema, response: { 200: okEnvelope(placeBetPayloadSchema) } } }, async (request) => {
    const { [IDEMPOTENCY_KEY_HEADER]: key } = parseInput(placeHeadersSchema, request.headers);
    const user = signedInUser(request);
    const { bet, wallets } = await placements.place(user.id, key, request.body, Date.now(), request.sessionHash);
    if (wallets) metrics.betPlaced(bet.wallet_type); // a retry's replay placed nothing
    request.includeUser = true;
    request.userWallets = wallets ?? null;
    // After the commit: the trader's other tabs and devices see the bet and the new balance.
    app.bus.toUser(user.id, { type: 'bet', bet });
    if (wallets) app.bus.toUser(user.id, { type: 'wallets', wallets });
    return ok({ bet });
  });

  api.post('/api/bet/user/close', { ...traders, schema: { body: closeBetRequestSchema, response: { 200: okEnvelope(closeBetPayloadSchema) } } }, async (request) => {
    const { [IDEMPOTENCY_KEY_HEADER]: key } = parseInput(placeHeadersSchema, request.headers);
    const user = signedInUser(request);
    const { bet, wallets } = await closeEarly(db, user.id, key, request.body, app.config.sellBack);
    request.includeUser = true;
    request.userWallets = wallets ?? null;
    app.bus.toUser(user.id, { type: 'bet', bet });
    if (wallets) app.bus.toUser(user.id, { type: 'wallets', wallets });
    return ok({ bet });
  });

  api.get('/api/bet/user/list', { ...traders, schema: { querystring: betListQuerySchema, response: { 200: okEnvelope(betListPayloadSchema) } } }, async (request) => {
    return ok(await betList(db, signedInUser(request).id, request.query.wallet_type));
  });

  api.get('/api/bet/history', { ...traders, schema: { querystring: betHistoryQuerySchema, response: { 200: okEnvelope(betHistoryPayloadSchema) } } }, async (request) => {
    return ok(await betHistory(db, signedInUser(request).id, request.query));
  });

  api.get('/api/bet/:id/info', { preValidation: app.requireUser, schema: { params: betIdParamsSchema, response: { 200: okEnvelope(betInfoPayloadSchema) } } }, async (request) => {
    return ok(await betInfo(db, signedInUser(request).id, request.params.id));
  });
}
