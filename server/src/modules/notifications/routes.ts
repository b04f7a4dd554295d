import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyCloseRequestSchema } from '../../../../src/api/contract/content';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { closeNotification, openNotifications } from './service';

/** POST /api/notify/close and the `notifications` field of every authenticated envelope. */
export const notificationsModule = fp(async (app: FastifyInstance) => {
  app.envelopeContributors.push(async (request) =>
    request.user ? { notifications: await openNotifications(app.database.db, request.user.id, request.locale) } : {},
  );

  app.post('/api/notify/close', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseInput(notifyCloseRequestSchema, request.body);
    const closed = await closeNotification(app.database.db, request.user!.id, Number(id));
    if (!closed) throw new ApiError('not_found');
    return ok({ closed: true as const });
  });
});
