import type { FastifyInstance } from 'fastify';
import {
  chatIdParamsSchema,
  chatSendFieldsSchema,
  messagePageQuerySchema,
  readMarkerBodySchema,
} from '../../../../src/api/contract/support';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { readMessageBody, acceptMultipart } from '../support/attachments';
import { unreadByConversation } from '../support/repo';
import { chatList, chatOf, conversationOfUser, markRead, pageOf, sendUserMessage } from '../support/service';
import { signedIn, supportDeps } from '../support/routes';

/** The trader's chats: the support team and the personal manager (docs/design.md 3.2). */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  await acceptMultipart(app);
  const deps = supportDeps(app);
  const db = app.database.db;

  app.get('/api/chat/list', { preHandler: app.requireUser }, async (request) => {
    return ok({ items: await chatList(db, signedIn(request).id, request.locale) });
  });

  app.get('/api/chat/private/:id', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseInput(chatIdParamsSchema, request.params);
    const { page } = parseInput(messagePageQuerySchema, request.query);
    const user = signedIn(request);
    const conversation = await conversationOfUser(db, user.id, id);
    const unread = (await unreadByConversation(db, user.id)).get(conversation.id) ?? 0;
    return ok({ ...(await pageOf(db, conversation, page)), chat: await chatOf(db, conversation, request.locale, unread) });
  });

  app.post('/api/chat/private/:id', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseInput(chatIdParamsSchema, request.params);
    const body = await readMessageBody(request);
    const { message } = parseInput(chatSendFieldsSchema, body.fields);
    const user = signedIn(request);
    const conversation = await conversationOfUser(db, user.id, id);
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

  app.post('/api/chat/private/read/:id', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseInput(chatIdParamsSchema, request.params);
    const { last_read_message } = parseInput(readMarkerBodySchema, request.body);
    const user = signedIn(request);
    const conversation = await conversationOfUser(db, user.id, id);
    return ok(await markRead(deps, user.id, conversation, last_read_message));
  });
}
