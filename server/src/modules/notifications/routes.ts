import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyCloseRequestSchema } from '../../../../src/api/contract/content';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { closeNotification, inLanguage, openNotificationsOf as openNotificationsOfUsers } from './service';
import { tickBatch } from '../../db/tick-batch';

/** POST /api/notify/close and the `notifications` field of every authenticated envelope. */
export const notificationsModule = fp(async (app: FastifyInstance) => {
  // The envelopes of the requests answered in the same turn read their notifications together.
  const openNotificationsOf = tickBatch((userIds: number[]) => openNotificationsOfUsers(app.database.db, userIds), []);
  app.envelopeContributors.push(async (request) =>
    request.user ? { notifications: inLanguage(await openNotificationsOf(request.user.id), request.locale) } : {},
  );

  app.post('/api/notify/close', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseInput(notifyCloseRequestSchema, request.body);
    const closed = await closeNotification(app.database.db, request.user!.id, Number(id));
    if (!closed) throw new ApiError('not_found');
    return ok({ closed: true as const });
  });
});
