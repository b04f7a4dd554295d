import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { signUp, signUpOperator, useTestServer as testServer, XHR } from './harness';
import { ELF, JPEG, PDF, PNG, multipart, operatorReply, sendSupport } from './support-helpers';
import type { MessagePage, SentMessages } from '../../src/api/contract/support';
import type { ServerMessage } from '../../src/api/contract/realtime';

const dataDir = mkdtempSync(path.join(tmpdir(), 'support-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const server = testServer({ config: { dataDir } });

const png = (field = 'file0', name = 'screen.png') => ({ field, name, type: 'image/png', data: PNG });

async function thread(cookie: string, page = 1) {
  const response = await server.app.inject({ method: 'GET', url: `/api/support?page=${page}`, headers: { ...XHR, cookie } });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { payload: MessagePage; support_chat?: { unread_messages_count: number } };
  return { page: body.payload, unread: body.support_chat?.unread_messages_count };
}

async function supportConversationId(userId: number) {
  const row = await server.database.db
    .selectFrom('conversations')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'support')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('sending to support', () => {
  test('a first message with a PNG is stored under a generated name and acknowledged automatically', async () => {
    const trader = await signUp(server.app);
    const response = await sendSupport(server.app, trader, 'My deposit has not arrived', [png()]);
    expect(response.statusCode).toBe(200);
    const sent = (response.json() as { payload: SentMessages }).payload;
    expect(sent.items.map((m) => m.author)).toEqual(['user', 'system']);
    expect(sent.items[0]?.text).toBe('My deposit has not arrived');
    expect(sent.items[1]?.text).toMatch(/support specialist/);
    const file = sent.items[0]?.files[0];
    expect(file).toMatchObject({ name: 'screen.png', size: PNG.length, type: 'image/png' });
    expect(file?.url).toBe(`/api/support/file/${file?.id}`);
    // On disk under the random id only: the sender's name never becomes a path.
    expect(readdirSync(path.join(dataDir, 'uploads'))).toContain(file?.id);
    expect(readdirSync(path.join(dataDir, 'uploads'))).not.toContain('screen.png');
    // Sending means the trader has seen the thread, the acknowledgement included.
    expect(sent.unread).toBe(0);

    const second = await sendSupport(server.app, trader, 'Here is a PDF and a JPEG', [
      { field: 'file0', name: 'statement.pdf', type: 'application/pdf', data: PDF },
      { field: 'file1', name: 'photo.jpg', type: 'image/jpeg', data: JPEG },
    ]);
    const items = (second.json() as { payload: SentMessages }).payload.items;
    expect(items).toHaveLength(1);
    // Listed by name, each with the type found in its content.
    expect(items[0]?.files.map((f) => [f.name, f.type])).toEqual([['photo.jpg', 'image/jpeg'], ['statement.pdf', 'application/pdf']]);
    const { page } = await thread(trader.cookie);
    expect(page.total).toBe(3);
    expect(page.items.map((m) => m.author)).toEqual(['user', 'system', 'user']);
  });

  test('a renamed executable is refused by its content and nothing is stored', async () => {
    const trader = await signUp(server.app);
    // The uploads directory is made by the first stored file; before that nothing is there.
    const stored = () => (existsSync(path.join(dataDir, 'uploads')) ? readdirSync(path.join(dataDir, 'uploads')).length : 0);
    const before = stored();
    const response = await sendSupport(server.app, trader, 'see attached', [{ field: 'file0', name: 'invoice.png', type: 'image/png', data: ELF }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'error', payload: { code: 'validation', fields: { file0: 'Only JPG, PNG or PDF files can be attached' } } });
    expect(stored()).toBe(before);
    expect((await thread(trader.cookie)).page.total).toBe(0);
  });

  test('a 6 MB image is refused', async () => {
    const trader = await signUp(server.app);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024, 0)]);
    const response = await sendSupport(server.app, trader, 'big screenshot', [{ field: 'file0', name: 'big.png', type: 'image/png', data: big }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ payload: { code: 'validation', fields: { file0: 'The file is larger than 5 MB' } } });
    expect((await thread(trader.cookie)).page.total).toBe(0);
  });

  test('six files are refused', async () => {
    const trader = await signUp(server.app);
    const files = Array.from({ length: 6 }, (_, i) => png(`file${i}`, `shot${i}.png`));
    // The sixth field name is not one of file0..file4 either; five valid names plus a repeat too.
    const response = await sendSupport(server.app, trader, 'many', files);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ payload: { code: 'validation', fields: { files: 'At most 5 files per message' } } });
    const repeated = await sendSupport(server.app, trader, 'many', [...files.slice(0, 5), png('file0', 'again.png')]);
    expect(repeated.statusCode).toBe(422);
    expect((await thread(trader.cookie)).page.total).toBe(0);
  });

  test('an empty message is refused, in the language of the request', async () => {
    const trader = await signUp(server.app);
    const blank = await sendSupport(server.app, trader, '   ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ payload: { code: 'validation', fields: { text: 'Write a message or attach a file' } } });
    const body = await multipart({ text: '' });
    const russian = await server.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { ...XHR, 'accept-language': 'ru', cookie: trader.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(russian.json()).toMatchObject({ payload: { fields: { text: 'Напишите сообщение или приложите файл' } } });
    expect((await thread(trader.cookie)).page.total).toBe(0);
  });

  test('a file alone is a message; unknown fields and anonymous senders are refused', async () => {
    const trader = await signUp(server.app);
    expect((await sendSupport(server.app, trader, '', [png()])).statusCode).toBe(200);
    const extra = await multipart({ text: 'hi', admin: '1' });
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { ...XHR, cookie: trader.cookie, 'content-type': extra.contentType },
      payload: extra.payload,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ payload: { fields: { admin: expect.any(String) } } });
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/support', headers: { ...XHR, 'content-type': extra.contentType }, payload: extra.payload });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('attachments are private', () => {
  test('served as a download with nosniff to the owner and operators only', async () => {
    const owner = await signUp(server.app);
    const stranger = await signUp(server.app);
    const operator = await signUpOperator(server.app);
    const sent = (await sendSupport(server.app, owner, 'proof', [png('file0', 'чек 1.png')])).json() as { payload: SentMessages };
    const url = sent.payload.items[0]?.files[0]?.url ?? '';

    const own = await server.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(own.headers['content-disposition']).toContain(encodeURIComponent('чек 1.png'));
    expect(own.rawPayload.equals(PNG)).toBe(true);

    expect((await server.app.inject({ method: 'GET', url, headers: { cookie: operator.cookie } })).statusCode).toBe(200);
    const foreign = await server.app.inject({ method: 'GET', url, headers: { cookie: stranger.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.equals(PNG)).toBe(false);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/support/file/../../etc', headers: { cookie: owner.cookie } })).statusCode).not.toBe(200);
  });
});

describe('answers, unread count and read marker', () => {
  test("an operator's reply raises the trader's unread count live; reading clears it", async () => {
    const trader = await signUp(server.app);
    const operator = await signUpOperator(server.app);
    await sendSupport(server.app, trader, 'Where is my withdrawal?');
    const conversationId = await supportConversationId(trader.userId);
    const live: ServerMessage[] = [];
    const stop = server.app.bus.onUser((userId, message) => {
      if (userId === trader.userId) live.push(message);
    });

    const reply = await operatorReply(server.app, operator, conversationId, 'It is on its way', [png('file0', 'receipt.png')]);
    stop();
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe(`/backoffice/conversations/${conversationId}?sent=1`);
    expect(live).toContainEqual({ type: 'support', unread: 1 });
    const notification = live.find((m) => m.type === 'notification');
    expect(notification).toMatchObject({ notification: { redirect_url: '/support', display: 'inner' } });

    // Every authenticated envelope carries the count, not only the support calls.
    const { page, unread } = await thread(trader.cookie);
    expect(unread).toBe(1);
    const answer = page.items.at(-1);
    expect(answer).toMatchObject({ author: 'operator', text: 'It is on its way', files: [{ name: 'receipt.png' }] });
    expect(page.last_read_message).toBeLessThan(answer?.id ?? 0);

    const read = await server.app.inject({
      method: 'POST',
      url: '/api/support/read',
      headers: { ...XHR, cookie: trader.cookie },
      payload: { last_read_message: answer?.id },
    });
    expect(read.json()).toMatchObject({ payload: { last_read_message: answer?.id, unread: 0 }, support_chat: { unread_messages_count: 0 } });
    // The marker never moves back, nor past the thread's last message.
    const back = await server.app.inject({ method: 'POST', url: '/api/support/read', headers: { ...XHR, cookie: trader.cookie }, payload: { last_read_message: 1 } });
    expect(back.json()).toMatchObject({ payload: { last_read_message: answer?.id } });
    const ahead = await server.app.inject({ method: 'POST', url: '/api/support/read', headers: { ...XHR, cookie: trader.cookie }, payload: { last_read_message: 999999 } });
    expect(ahead.json()).toMatchObject({ payload: { last_read_message: answer?.id } });
    const bad = await server.app.inject({ method: 'POST', url: '/api/support/read', headers: { ...XHR, cookie: trader.cookie }, payload: { last_read_message: 'x', more: 1 } });
    expect(bad.statusCode).toBe(422);
  });

  test('older pages come newest first, each oldest first', async () => {
    const trader = await signUp(server.app);
    for (let i = 1; i <= 23; i++) await sendSupport(server.app, trader, `message ${i}`);
    const first = (await thread(trader.cookie, 1)).page;
    const second = (await thread(trader.cookie, 2)).page;
    expect(first.total).toBe(24); // 23 and the acknowledgement
    expect(first.items).toHaveLength(20);
    expect(first.items.at(-1)?.text).toBe('message 23');
    expect(second.items.map((m) => m.text)).toEqual(['message 1', expect.any(String), 'message 2', 'message 3']);
    const invalid = await server.app.inject({ method: 'GET', url: '/api/support?page=0', headers: { ...XHR, cookie: trader.cookie } });
    expect(invalid.statusCode).toBe(422);
  });
});
