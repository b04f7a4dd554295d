import type { FastifyInstance } from 'fastify';
import { ok, redirect } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { signedInUser } from '../../http/signed-in-user';
import {
  joinTournamentRequestSchema,
  leaderboardQuerySchema,
  tournamentIdParamsSchema,
} from '../../../../src/api/contract/tournaments';
import * as tournaments from './service';

/** Tournaments (the tournament wallet); the purchase of a paid entry is a payment (payments/routes). */
export async function tournamentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const guard = { preHandler: app.requireTrader };

  app.get('/api/tournament/current', async (request) =>
    ok(await tournaments.currentTournaments(db, new Date(), request.user?.id ?? null, request.locale)),
  );

  app.post('/api/tournament/:id/join', guard, async (request) => {
    const { id } = parseInput(tournamentIdParamsSchema, request.params);
    parseInput(joinTournamentRequestSchema, request.body ?? {});
    const result = await tournaments.joinTournament(db, app.bus, id, signedInUser(request).id, new Date(), request.locale);
    if ('redirect' in result) return redirect(result.redirect);
    request.includeUser = true;
    return ok(result);
  });

  app.get('/api/tournament/:id/leaderboard', async (request) => {
    const { id } = parseInput(tournamentIdParamsSchema, request.params);
    const { limit } = parseInput(leaderboardQuerySchema, request.query);
    return ok(await tournaments.leaderboardOf(db, id, request.user?.id ?? null, limit, request.locale));
  });
}
