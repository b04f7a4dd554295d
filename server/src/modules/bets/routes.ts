import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  betHistoryQuerySchema,
  betIdParamsSchema,
  betListQuerySchema,
  closeBetRequestSchema,
  idempotencyKeySchema,
  placeBetRequestSchema,
} from '../../../../src/api/contract/bets';
import { parseInput } from '../../http/validate';
import { ok } from '../../http/envelope';
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

  app.post('/api/bet/user/place', { preHandler: app.requireTrader }, async (request) => {
    const body = parseInput(placeBetRequestSchema, request.body);
    const { [IDEMPOTENCY_KEY_HEADER]: key } = parseInput(placeHeadersSchema, request.headers);
    const user = request.user!;
    const { bet, wallets } = await placements.place(user.id, key, body, Date.now(), request.sessionHash);
    if (wallets) metrics.betPlaced(bet.wallet_type); // a retry's replay placed nothing
    request.includeUser = true;
    request.userWallets = wallets ?? null;
    // After the commit: the trader's other tabs and devices see the bet and the new balance.
    app.bus.toUser(user.id, { type: 'bet', bet });
    if (wallets) app.bus.toUser(user.id, { type: 'wallets', wallets });
    return ok({ bet });
  });

  app.post('/api/bet/user/close', { preHandler: app.requireTrader }, async (request) => {
    const body = parseInput(closeBetRequestSchema, request.body);
    const { [IDEMPOTENCY_KEY_HEADER]: key } = parseInput(placeHeadersSchema, request.headers);
    const user = request.user!;
    const { bet, wallets } = await closeEarly(db, user.id, key, body, app.config.sellBack);
    request.includeUser = true;
    request.userWallets = wallets ?? null;
    app.bus.toUser(user.id, { type: 'bet', bet });
    if (wallets) app.bus.toUser(user.id, { type: 'wallets', wallets });
    return ok({ bet });
  });

  app.get('/api/bet/user/list', { preHandler: app.requireTrader }, async (request) => {
    const { wallet_type } = parseInput(betListQuerySchema, request.query);
    return ok(await betList(db, request.user!.id, wallet_type));
  });

  app.get('/api/bet/history', { preHandler: app.requireTrader }, async (request) => {
    const query = parseInput(betHistoryQuerySchema, request.query);
    return ok(await betHistory(db, request.user!.id, query));
  });

  app.get('/api/bet/:id/info', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseInput(betIdParamsSchema, request.params);
    return ok(await betInfo(db, request.user!.id, id));
  });
}
