import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { signUp, signUpOperator, useTestServer as testServer, XHR } from './harness';
import { PNG, multipart, operatorReply } from './support-helpers';
import type { Chat, ChatConversation, SentMessages } from '../../src/api/contract/support';

const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const server = testServer({ config: { dataDir } });

async function chats(cookie: string, locale = 'en') {
  const response = await server.app.inject({ method: 'GET', url: '/api/chat/list', headers: { ...XHR, 'accept-language': locale, cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { payload: { items: Chat[] } }).payload.items;
}

async function sendChat(cookie: string, id: number, message: string, files = [] as { field: string; name: string; data: Buffer }[]) {
  const body = await multipart({ message }, files.map((f) => ({ ...f, type: 'image/png' })));
  return server.app.inject({ method: 'POST', url: `/api/chat/private/${id}`, headers: { ...XHR, cookie, 'content-type': body.contentType }, payload: body.payload });
}

test('a trader has a support chat and a personal manager chat; the first operator to answer becomes the manager', async () => {
  const trader = await signUp(server.app);
  const operator = await signUpOperator(server.app);
  const list = await chats(trader.cookie);
  expect(list.map((c) => [c.kind, c.title, c.unread, c.last_message])).toEqual([
    ['support', 'Support', 0, null],
    ['manager', 'Personal manager', 0, null],
  ]);
  const manager = list.find((c) => c.kind === 'manager')!;

  const sent = await sendChat(trader.cookie, manager.id, 'I would like a call', [{ field: 'file0', name: 'id.png', data: PNG }]);
  expect(sent.statusCode).toBe(200);
  // Only the support thread acknowledges automatically.
  expect((sent.json() as { payload: SentMessages }).payload.items.map((m) => m.author)).toEqual(['user']);
  expect((await sendChat(trader.cookie, manager.id, ' ')).statusCode).toBe(422);

  expect((await operatorReply(server.app, operator, manager.id, 'Of course, tomorrow at 10')).statusCode).toBe(303);
  const after = await chats(trader.cookie, 'ru');
  const managerChat = after.find((c) => c.kind === 'manager');
  expect(managerChat).toMatchObject({ unread: 1, title: `Персональный менеджер: ${operator.email.split('@')[0]}`, last_message: { author: 'operator' } });

  const conversation = await server.app.inject({ method: 'GET', url: `/api/chat/private/${manager.id}`, headers: { ...XHR, cookie: trader.cookie } });
  const payload = (conversation.json() as { payload: ChatConversation; support_chat: { unread_messages_count: number } });
  expect(payload.support_chat.unread_messages_count).toBe(1);
  expect(payload.payload.items.map((m) => m.text)).toEqual(['I would like a call', 'Of course, tomorrow at 10']);
  expect(payload.payload.chat.kind).toBe('manager');

  const newest = payload.payload.items.at(-1)!.id;
  const read = await server.app.inject({
    method: 'POST',
    url: `/api/chat/private/read/${manager.id}`,
    headers: { ...XHR, cookie: trader.cookie },
    payload: { last_read_message: newest },
  });
  expect(read.json()).toMatchObject({ payload: { last_read_message: newest, unread: 0 }, support_chat: { unread_messages_count: 0 } });
});

test("another trader's chat is answered as missing", async () => {
  const owner = await signUp(server.app);
  const stranger = await signUp(server.app);
  const [support] = await chats(owner.cookie);
  const id = support!.id;
  expect((await server.app.inject({ method: 'GET', url: `/api/chat/private/${id}`, headers: { ...XHR, cookie: stranger.cookie } })).statusCode).toBe(404);
  expect((await sendChat(stranger.cookie, id, 'hello')).statusCode).toBe(404);
  const read = await server.app.inject({ method: 'POST', url: `/api/chat/private/read/${id}`, headers: { ...XHR, cookie: stranger.cookie }, payload: { last_read_message: 1 } });
  expect(read.statusCode).toBe(404);
  expect((await server.app.inject({ method: 'GET', url: '/api/chat/list', headers: XHR })).statusCode).toBe(401);
  expect((await server.app.inject({ method: 'GET', url: '/api/chat/private/abc', headers: { ...XHR, cookie: owner.cookie } })).statusCode).toBe(422);
});
