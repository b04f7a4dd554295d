import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import {
  attachmentIdParamsSchema,
  messagePageQuerySchema,
  messagePageSchema,
  readMarkerBodySchema,
  readMarkerResultSchema,
  sentMessagesSchema,
  supportSendFieldsSchema,
} from '../../../../src/api/contract/support';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { signedInUser } from '../../http/signed-in-user';
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

  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: an anonymous caller hears that, not what was wrong with the input.
  const users = { preValidation: app.requireUser };

  api.get('/api/support', { ...users, schema: { querystring: messagePageQuerySchema, response: { 200: okEnvelope(messagePageSchema) } } }, async (request) =>
    ok(await supportPage(app.database.db, signedInUser(request).id, request.query.page)),
  );

  // The message is a multipart form (its text and files), read and parsed by hand after the guard.
  api.post('/api/support', { ...users, schema: { response: { 200: okEnvelope(sentMessagesSchema) } } }, async (request) => {
    const body = await readMessageBody(request);
    const { text } = parseInput(supportSendFieldsSchema, body.fields);
    return ok(
      await sendUserMessage(deps, {
        userId: signedInUser(request).id,
        kind: 'support',
        locale: request.locale,
        textField: 'text',
        text,
        files: body.files,
      }),
    );
  });

  api.post('/api/support/read', { ...users, schema: { body: readMarkerBodySchema, response: { 200: okEnvelope(readMarkerResultSchema) } } }, async (request) => {
    const user = signedInUser(request);
    const conversation = await repo.ensureConversation(app.database.db, user.id, 'support');
    return ok(await markRead(deps, user.id, conversation, request.body.last_read_message));
  });

  // Attachments are never served inline: a download, with the type we detected and nosniff, only to
  // the owner of the conversation and to operators. Anyone else gets the same 404 as for no file.
  // The answer is the file itself: no envelope to declare.
  api.get('/api/support/file/:id', { ...users, schema: { params: attachmentIdParamsSchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const file = await repo.findAttachment(app.database.db, request.params.id);
    if (!file || (file.user_id !== user.id && user.role !== 'operator')) throw new ApiError('not_found');
    return sendUpload(reply, app.config.dataDir, file);
  });
}
