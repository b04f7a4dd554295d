import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notifyClosePayloadSchema, notifyCloseRequestSchema } from '../../../../src/api/contract/content';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { signedInUser } from '../../http/signed-in-user';
import { closeNotification, inLanguage, openNotificationsOf as openNotificationsOfUsers } from './service';
import { tickBatch } from '../../db/tick-batch';

/** POST /api/notify/close and the `notifications` field of every authenticated envelope. */
export const notificationsModule = fp(async (app: FastifyInstance) => {
  // The envelopes of the requests answered in the same turn read their notifications together.
  const openNotificationsOf = tickBatch((userIds: number[]) => openNotificationsOfUsers(app.database.db, userIds), []);
  app.envelopeContributors.push(async (request) =>
    request.user ? { notifications: inLanguage(await openNotificationsOf(request.user.id), request.locale) } : {},
  );

  // The guard runs before the schema: an anonymous caller hears that, not what was wrong with the input.
  const schema = { body: notifyCloseRequestSchema, response: { 200: okEnvelope(notifyClosePayloadSchema) } };
  app.withTypeProvider<ZodTypeProvider>().post('/api/notify/close', { preValidation: app.requireUser, schema }, async (request) => {
    const closed = await closeNotification(app.database.db, signedInUser(request).id, Number(request.body.id));
    if (!closed) throw new ApiError('not_found');
    return ok({ closed: true as const });
  });
});
