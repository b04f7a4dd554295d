import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  type Bet,
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
import { okEnvelope, type Wallet } from '../../../../src/api/contract/envelope';
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

  /**
   * Placing a bet and closing one early: once per Idempotency-Key, and after the commit the
   * trader's other tabs and devices see the bet and, when money moved, the new balance.
   */
  const keyedBetMove = async (request: FastifyRequest, move: (userId: number, key: string) => Promise<{ bet: Bet; wallets?: Wallet[] | undefined }>) => {
    const { [IDEMPOTENCY_KEY_HEADER]: key } = parseInput(placeHeadersSchema, request.headers);
    const user = signedInUser(request);
    const { bet, wallets } = await move(user.id, key);
    request.includeUser = true;
    request.userWallets = wallets ?? null;
    app.bus.toUser(user.id, { type: 'bet', bet });
    if (wallets) app.bus.toUser(user.id, { type: 'wallets', wallets });
    return ok({ bet });
  };

  api.post('/api/bet/user/place', { ...traders, schema: { body: placeBetRequestSchema, response: { 200: okEnvelope(placeBetPayloadSchema) } } }, async (request) =>
    keyedBetMove(request, async (userId, key) => {
      const placed = await placements.place(userId, key, request.body, Date.now(), request.sessionHash);
      if (placed.wallets) metrics.betPlaced(placed.bet.wallet_type); // a retry's replay placed nothing
      return placed;
    }),
  );

  api.post('/api/bet/user/close', { ...traders, schema: { body: closeBetRequestSchema, response: { 200: okEnvelope(closeBetPayloadSchema) } } }, async (request) =>
    keyedBetMove(request, (userId, key) => closeEarly(db, userId, key, request.body, app.config.sellBack)),
  );

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
