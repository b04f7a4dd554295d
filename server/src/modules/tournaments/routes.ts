import type { FastifyInstance } from 'fastify';
import { ok, redirect } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import {
  joinTournamentRequestSchema,
  leaderboardQuerySchema,
  purchaseIntegrationRequestSchema,
  tournamentIdParamsSchema,
} from '../../../../src/api/contract/tournaments';
import { idParamsSchema } from '../../../../src/api/contract/payments';
import { createProviders } from '../payments/providers/registry';
import { createPurchase, listSystems } from '../payments/service';
import { trader } from '../payments/routes';
import * as tournaments from './service';

/** Tournaments (the tournament wallet) and the purchase of a paid entry. */
export async function tournamentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const providers = createProviders(app.config.sessionSecret, app.config.paymentProviders);
  const guard = { preHandler: app.requireTrader };

  app.get('/api/tournament/current', async (request) =>
    ok(await tournaments.currentTournaments(db, new Date(), request.user?.id ?? null, request.locale)),
  );

  app.post('/api/tournament/:id/join', guard, async (request) => {
    const { id } = parseInput(tournamentIdParamsSchema, request.params);
    parseInput(joinTournamentRequestSchema, request.body ?? {});
    const result = await tournaments.joinTournament(db, app.bus, id, trader(request).id, new Date(), request.locale);
    if ('redirect' in result) return redirect(result.redirect);
    request.includeUser = true;
    return ok(result);
  });

  app.get('/api/tournament/:id/leaderboard', async (request) => {
    const { id } = parseInput(tournamentIdParamsSchema, request.params);
    const { limit } = parseInput(leaderboardQuerySchema, request.query);
    return ok(await tournaments.leaderboardOf(db, id, request.user?.id ?? null, limit, request.locale));
  });

  app.get('/api/purchase/ps/:id', guard, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const product = await tournaments.productOf(db, id, trader(request).id, request.locale);
    const items = await listSystems(db, providers, 'deposit', request.locale);
    return ok({ product, items, integration_url: '/purchase/integration_json' });
  });

  app.post('/api/purchase/integration_json', guard, async (request) => {
    const body = parseInput(purchaseIntegrationRequestSchema, request.body);
    return ok(await createPurchase(db, providers, trader(request).id, body.ps_id, body.product_id, new Date()));
  });
}
