import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  attachmentIdParamsSchema,
  messagePageQuerySchema,
  readMarkerBodySchema,
  supportSendFieldsSchema,
} from '../../../../src/api/contract/support';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import type { AuthUser } from '../../http/fastify';
import { attachmentPath, readMessageBody, acceptMultipart } from './attachments';
import * as repo from './repo';
import { markRead, sendUserMessage, supportPage, unreadCounts, type SupportDeps } from './service';
import { tickBatch } from '../../db/tick-batch';

export const supportDeps = (app: FastifyInstance): SupportDeps => ({
  db: app.database.db,
  bus: app.bus,
  dataDir: app.config.dataDir,
  uploadQuota: { dailyBytes: app.config.limits.uploadDailyBytes, totalBytes: app.config.limits.uploadTotalBytes },
});

/** The signed-in user of a route guarded by requireUser. */
function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError('unauthenticated');
  return request.user;
}

/** RFC 6266 Content-Disposition that keeps non-ASCII names and cannot be broken by quotes. */
function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a stored upload (a support attachment, a verification document) as a download: its
 * detected type, never sniffed, never cached outside the browser.
 */
export function sendUpload(reply: FastifyReply, dataDir: string, file: { id: string; type: string; size: number; name: string }) {
  return reply
    .header('content-type', file.type)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(createReadStream(attachmentPath(dataDir, file.id)));
}

/** The support thread of docs/design.md 3.2, its attachments, and the unread count of every envelope. */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  await acceptMultipart(app);
  const deps = supportDeps(app);

  // Every authenticated trader's response says how many answers wait unread (the envelopes of one
  // turn of the event loop count them together).
  const unreadCount = tickBatch((userIds: number[]) => unreadCounts(app.database.db, userIds), 0);
  app.envelopeContributors.push(async (request) =>
    request.user?.role === 'trader'
      ? { support_chat: { unread_messages_count: await unreadCount(request.user.id) } }
      : {},
  );

  app.get('/api/support', { preHandler: app.requireUser }, async (request) => {
    const { page } = parseInput(messagePageQuerySchema, request.query);
    return ok(await supportPage(app.database.db, signedIn(request).id, page));
  });

  app.post('/api/support', { preHandler: app.requireUser }, async (request) => {
    const body = await readMessageBody(request);
    const { text } = parseInput(supportSendFieldsSchema, body.fields);
    return ok(
      await sendUserMessage(deps, {
        userId: signedIn(request).id,
        kind: 'support',
        locale: request.locale,
        textField: 'text',
        text,
        files: body.files,
      }),
    );
  });

  app.post('/api/support/read', { preHandler: app.requireUser }, async (request) => {
    const { last_read_message } = parseInput(readMarkerBodySchema, request.body);
    const user = signedIn(request);
    const conversation = await repo.ensureConversation(app.database.db, user.id, 'support');
    return ok(await markRead(deps, user.id, conversation, last_read_message));
  });

  // Attachments are never served inline: a download, with the type we detected and nosniff, only to
  // the owner of the conversation and to operators. Anyone else gets the same 404 as for no file.
  app.get('/api/support/file/:id', { preHandler: app.requireUser }, async (request, reply) => {
    const { id } = parseInput(attachmentIdParamsSchema, request.params);
    const user = signedIn(request);
    const file = await repo.findAttachment(app.database.db, id);
    if (!file || (file.user_id !== user.id && user.role !== 'operator')) throw new ApiError('not_found');
    return sendUpload(reply, app.config.dataDir, file);
  });
}
