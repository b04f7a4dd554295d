import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app';
import { MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES, type SentMessages } from '../../src/api/contract/support';
import { configProblems, DEFAULT_LIMITS } from '../../server/src/settings';
import { signUp, useTestServer as testServer, XHR, type SignedUp } from '../server/harness';
import { multipart, PNG, PDF, sendSupport, type Upload } from '../server/support-helpers';

/**
 * Finding 10: an attachment kept the sender's name and extension (`evil.html`, a right-to-left
 * override that shows `photo\u202Egnp.exe` as `photoexe.png`), and nothing limited how much one
 * account stored (six 25 MB messages in a row were all accepted). Now the extension comes from the
 * detected content, the shown name is stripped of invisible characters and cut short, and every
 * account has a daily and a total quota, refused with a translated `quota_exceeded` and nothing stored.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-security-'));
const server = testServer({ config: { dataDir } });
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedFiles = () => (existsSync(path.join(dataDir, 'uploads')) ? readdirSync(path.join(dataDir, 'uploads')).length : 0);
const storedRows = async () => (await server.database.db.selectFrom('message_attachments').select('id').execute()).length;

/** Sends one PNG under the given name and answers the name the platform stored and shows. */
async function nameKept(trader: SignedUp, name: string) {
  const response = await sendSupport(server.app, trader, 'see attached', [{ field: 'file0', name, type: 'text/html', data: PNG }]);
  expect(response.statusCode, response.body).toBe(200);
  const file = (response.json().payload as SentMessages).items[0]!.files[0]!;
  const download = await server.app.inject({ method: 'GET', url: file.url, headers: { ...XHR, cookie: trader.cookie } });
  return { shown: file.name, disposition: String(download.headers['content-disposition']), type: download.headers['content-type'] };
}

// eslint-disable-next-line no-control-regex -- control characters are what must not remain
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

describe('disguising an upload by its name', () => {
  test('evil.html (really a PNG) is kept as evil.png and served as image/png', async () => {
    const trader = await signUp(server.app);
    const { shown, disposition, type } = await nameKept(trader, 'evil.html');
    expect(shown).toBe('evil.png');
    expect(disposition).toContain('filename="evil.png"');
    expect(type).toBe('image/png');
  });

  test('a right-to-left override (photo U+202E gnp.exe) is stripped and the extension is the detected one', async () => {
    const trader = await signUp(server.app);
    const { shown, disposition } = await nameKept(trader, 'photo\u202Egnp.exe');
    expect(shown).toBe('photognp.png');
    expect(shown).not.toMatch(INVISIBLE);
    expect(decodeURIComponent(disposition)).not.toMatch(INVISIBLE);
  });

  test('other bidi, zero-width and control characters are stripped too', async () => {
    const trader = await signUp(server.app);
    const { shown } = await nameKept(trader, '\u2067re\u200bport\u200f\u2066\u061c\ufeff\u0007.png');
    expect(shown).toBe('report.png');
  });

  test('a second extension cannot stay to be shown (invoice.pdf.exe)', async () => {
    const trader = await signUp(server.app);
    expect((await nameKept(trader, 'invoice.pdf.exe')).shown).toBe('invoice_pdf.png');
  });

  test('a path and a very long name are cut down to a short plain name', async () => {
    const trader = await signUp(server.app);
    expect((await nameKept(trader, '../../etc/passwd')).shown).toBe('passwd.png');
    const long = (await nameKept(trader, `${'a'.repeat(400)}.png`)).shown;
    expect(long.length).toBeLessThanOrEqual(104);
    expect(long.endsWith('.png')).toBe(true);
  });

  test('a name of nothing but invisible characters falls back to the field name', async () => {
    const trader = await signUp(server.app);
    expect((await nameKept(trader, '\u202e\u202d.')).shown).toBe('file0.png');
  });
});

describe('filling the disk through uploads', () => {
  // Five files of just under the per-file maximum: one message of about 25 MB.
  const big = Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES - 1024 - PNG.length, 0)]);
  const fullMessage: Upload[] = Array.from({ length: MAX_ATTACHMENTS }, (_, i) => ({ field: `file${i}`, name: `scan${i}.png`, type: 'image/png', data: big }));
  const perMessage = big.length * MAX_ATTACHMENTS;
  const dailyBytes = DEFAULT_LIMITS.UPLOAD_QUOTA_DAILY_MB * 1024 * 1024;

  test('six 25 MB messages in a row: the daily quota takes what fits, the rest are refused in the trader\'s language and nothing of them is stored', async () => {
    const trader = await signUp(server.app);
    const filesBefore = storedFiles();
    const fits = Math.floor(dailyBytes / perMessage);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof sendSupport>> | undefined;
    for (let i = 0; i < 6; i++) {
      const response = await sendSupport(server.app, trader, `part ${i}`, fullMessage);
      statuses.push(response.statusCode);
      if (response.statusCode !== 200) refused = response;
    }
    expect(statuses).toEqual([...Array<number>(fits).fill(200), ...Array<number>(6 - fits).fill(413)]);
    expect(refused!.json().payload).toEqual({
      code: 'quota_exceeded',
      message: `You can send at most ${DEFAULT_LIMITS.UPLOAD_QUOTA_DAILY_MB} MB of files a day. The message was not sent; try again tomorrow or send it without files.`,
    });
    expect(await storedRows()).toBe(fits * MAX_ATTACHMENTS);
    expect(storedFiles() - filesBefore).toBe(fits * MAX_ATTACHMENTS);
    const texts = (await server.database.db.selectFrom('conversation_messages').select('text').where('author', '=', 'user').execute()).map((m) => m.text);
    expect(texts).toEqual(Array.from({ length: fits }, (_, i) => `part ${i}`));
    // A message without files still goes through, and the refusal is translated.
    expect((await sendSupport(server.app, trader, 'just words')).statusCode).toBe(200);
    const body = await multipart({ text: 'ещё' }, fullMessage);
    const ru = await server.app.inject({
      method: 'POST', url: '/api/support', headers: { ...XHR, 'accept-language': 'ru', cookie: trader.cookie, 'content-type': body.contentType }, payload: body.payload,
    });
    expect(ru.json().payload.message).toMatch(/^За сутки можно отправить не больше 50 МБ файлов/);
    // Another trader has an allowance of their own.
    expect((await sendSupport(server.app, await signUp(server.app), 'mine', [fullMessage[0]!])).statusCode).toBe(200);
  }, 120_000);

  test('parallel uploads cannot both slip under the daily quota', async () => {
    const trader = await signUp(server.app);
    const filesBefore = storedFiles();
    const fits = Math.floor(dailyBytes / perMessage);
    const answers = await Promise.all(Array.from({ length: fits + 2 }, (_, i) => sendSupport(server.app, trader, `burst ${i}`, fullMessage)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(fits);
    expect(answers.filter((a) => a.statusCode === 413)).toHaveLength(2);
    expect(storedFiles() - filesBefore).toBe(fits * MAX_ATTACHMENTS);
  }, 120_000);

  test('switching the quotas off with 0 or a word is refused at start', () => {
    expect(configProblems({ UPLOAD_QUOTA_DAILY_MB: '0', UPLOAD_QUOTA_TOTAL_MB: 'unlimited' })).toEqual([
      `UPLOAD_QUOTA_DAILY_MB=0 is not a positive whole number (default ${DEFAULT_LIMITS.UPLOAD_QUOTA_DAILY_MB}); UPLOAD_QUOTA_TOTAL_MB=unlimited is not a positive whole number (default ${DEFAULT_LIMITS.UPLOAD_QUOTA_TOTAL_MB})`,
    ]);
  });

  test('the total quota per account: refused over it, in the chat as in support', async () => {
    const app = await buildApp({
      config: { ...server.config, limits: { ...server.config.limits, uploadTotalBytes: 3 * PDF.length } },
      database: server.database,
    });
    apps.push(app);
    await app.ready();
    const trader = await signUp(app);
    const filesBefore = storedFiles();
    const pdf = (i: number): Upload => ({ field: `file${i}`, name: `statement${i}.pdf`, type: 'application/pdf', data: PDF });
    expect((await sendSupport(app, trader, 'two', [pdf(0), pdf(1)])).statusCode).toBe(200);
    const over = await sendSupport(app, trader, 'two more', [pdf(0), pdf(1)]);
    expect(over.statusCode).toBe(413);
    expect(over.json().payload.code).toBe('quota_exceeded');
    expect(over.json().payload.message).toMatch(/more than 0 MB, the limit per account/);
    const chats = await app.inject({ method: 'GET', url: '/api/chat/list', headers: { ...XHR, cookie: trader.cookie } });
    const manager = (chats.json().payload.items as Array<{ id: number; kind: string }>).find((c) => c.kind === 'manager')!;
    const body = await multipart({ message: 'to the manager' }, [pdf(0), pdf(1)]);
    const chat = await app.inject({
      method: 'POST', url: `/api/chat/private/${manager.id}`, headers: { ...XHR, cookie: trader.cookie, 'content-type': body.contentType }, payload: body.payload,
    });
    expect(chat.statusCode).toBe(413);
    expect(await storedRows()).toBe(2);
    expect(storedFiles() - filesBefore).toBe(2);
    // What still fits is accepted.
    expect((await sendSupport(app, trader, 'one', [pdf(0)])).statusCode).toBe(200);
  });
});
