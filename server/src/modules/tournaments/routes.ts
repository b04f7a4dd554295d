import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, redirect } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import {
  currentTournamentPayloadSchema,
  joinTournamentRequestSchema,
  leaderboardPayloadSchema,
  leaderboardQuerySchema,
  tournamentIdParamsSchema,
} from '../../../../src/api/contract/tournaments';
import * as tournaments from './service';

/** Tournaments (the tournament wallet); the purchase of a paid entry is a payment (payments/routes). */
export async function tournamentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/tournament/current', { schema: { response: { 200: okEnvelope(currentTournamentPayloadSchema) } } }, async (request) =>
    ok(await tournaments.currentTournaments(db, new Date(), request.user?.id ?? null, request.locale)),
  );

  // The guard runs before the schemas; the body may be left out. The answer is the joined
  // tournament or, for a paid entry, a redirect to its purchase: two envelopes, no one schema.
  api.post(
    '/api/tournament/:id/join',
    { preValidation: app.requireTrader, schema: { params: tournamentIdParamsSchema, body: joinTournamentRequestSchema.optional() } },
    async (request) => {
      const result = await tournaments.joinTournament(db, app.bus, request.params.id, signedInUser(request).id, new Date(), request.locale);
      if ('redirect' in result) return redirect(result.redirect);
      request.includeUser = true;
      return ok(result);
    },
  );

  api.get(
    '/api/tournament/:id/leaderboard',
    { schema: { params: tournamentIdParamsSchema, querystring: leaderboardQuerySchema, response: { 200: okEnvelope(leaderboardPayloadSchema) } } },
    async (request) => ok(await tournaments.leaderboardOf(db, request.params.id, request.user?.id ?? null, request.query.limit, request.locale)),
  );
}
