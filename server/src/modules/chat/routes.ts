import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import {
  chatConversationSchema,
  chatIdParamsSchema,
  chatListSchema,
  chatSendFieldsSchema,
  messagePageQuerySchema,
  readMarkerBodySchema,
  readMarkerResultSchema,
  sentMessagesSchema,
} from '../../../../src/api/contract/support';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { parseInput } from '../../http/validate';
import { readMessageBody, acceptMultipart } from '../support/attachments';
import { unreadByConversation } from '../support/repo';
import { chatList, chatOf, conversationOfUser, markRead, pageOf, sendUserMessage } from '../support/service';
import { supportDeps } from '../support/routes';

/** The trader's chats: the support team and the personal manager (docs/design.md 3.2). */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  await acceptMultipart(app);
  const deps = supportDeps(app);
  const db = app.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: an anonymous caller hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireUser };

  api.get('/api/chat/list', { ...guard, schema: { response: { 200: okEnvelope(chatListSchema) } } }, async (request) => {
    return ok({ items: await chatList(db, signedInUser(request).id, request.locale) });
  });

  const conversationPage = { params: chatIdParamsSchema, querystring: messagePageQuerySchema, response: { 200: okEnvelope(chatConversationSchema) } };
  api.get('/api/chat/private/:id', { ...guard, schema: conversationPage }, async (request) => {
    const user = signedInUser(request);
    const conversation = await conversationOfUser(db, user.id, request.params.id);
    const unread = (await unreadByConversation(db, user.id)).get(conversation.id) ?? 0;
    return ok({ ...(await pageOf(db, conversation, request.query.page)), chat: await chatOf(db, conversation, request.locale, unread) });
  });

  // The body is a multipart form (the text and its files): read and parsed by hand, after the guard and the id.
  api.post('/api/chat/private/:id', { ...guard, schema: { params: chatIdParamsSchema, response: { 200: okEnvelope(sentMessagesSchema) } } }, async (request) => {
    const body = await readMessageBody(request);
    const { message } = parseInput(chatSendFieldsSchema, body.fields);
    const user = signedInUser(request);
    const conversation = await conversationOfUser(db, user.id, request.params.id);
    return ok(
      await sendUserMessage(deps, {
        userId: user.id,
        kind: conversation.kind,
        conversationId: conversation.id,
        locale: request.locale,
        textField: 'message',
        text: message,
        files: body.files,
      }),
    );
  });

  const readMarker = { params: chatIdParamsSchema, body: readMarkerBodySchema, response: { 200: okEnvelope(readMarkerResultSchema) } };
  api.post('/api/chat/private/read/:id', { ...guard, schema: readMarker }, async (request) => {
    const user = signedInUser(request);
    const conversation = await conversationOfUser(db, user.id, request.params.id);
    return ok(await markRead(deps, user.id, conversation, request.body.last_read_message));
  });
}
