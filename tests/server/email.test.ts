import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, test } from 'vitest';
import { signUp, useTestServer as testServer } from './harness';
import { createEmailSender } from '../../server/src/modules/email/sender';
import { renderEmail } from '../../server/src/modules/email/templates';

const server = testServer();

describe('the development mailbox', () => {
  test('/local/mailbox.json lists the emails newest first with their links', async () => {
    await signUp(server.app, 'first@example.com');
    await signUp(server.app, 'second@example.com');
    const response = await server.app.inject({ method: 'GET', url: '/local/mailbox.json' });
    expect(response.statusCode).toBe(200);
    const emails = response.json() as Array<{ to: string; subject: string; links: string[]; sent_at: string | null }>;
    expect(emails.map((e) => e.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(emails[0]!.links).toEqual([expect.stringMatching(/^http:\/\/localhost\/api\/auth\/confirm\/[A-Za-z0-9_-]{43}$/)]);
  });

  test('/local/mailbox is a page with the links clickable and everything escaped', async () => {
    await signUp(server.app, 'page@example.com');
    const response = await server.app.inject({ method: 'GET', url: '/local/mailbox' });
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toMatch(/<a href="http:\/\/localhost\/api\/auth\/confirm\/[A-Za-z0-9_-]+">/);
    expect(response.body).toContain('page@example.com');
    expect(response.body).not.toContain('<script');
  });

  describe('outside development', () => {
    const production = testServer({ config: { dev: false } });
    test('the mailbox does not exist', async () => {
      expect((await production.app.inject({ method: 'GET', url: '/local/mailbox.json' })).statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/local/mailbox' })).statusCode).toBe(404);
    });
  });
});

describe('delivery', () => {
  test('without SMTP each pending email is noted in the log once, never with its link', async () => {
    await signUp(server.app, 'printed@example.com');
    const lines: string[] = [];
    const log = { info: (_: object, message: string) => lines.push(message), warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const sender = createEmailSender(server.database.db, log, undefined);
    expect(await sender.deliverPending()).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/printed@example\.com/);
    expect(lines[0]).not.toMatch(/\/api\/auth\/confirm\//);
    expect(await sender.deliverPending()).toBe(0);
    const row = await server.database.db.selectFrom('email_outbox').select(['sent_at', 'attempts']).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
  });

  test('a failing SMTP server leaves the email pending with the error, for a retry', async () => {
    await signUp(server.app, 'retry@example.com');
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    // Nothing listens on port 1: the connection is refused at once.
    const sender = createEmailSender(server.database.db, log, 'smtp://127.0.0.1:1');
    expect(await sender.deliverPending()).toBe(0);
    sender.close();
    const row = await server.database.db.selectFrom('email_outbox').select(['sent_at', 'attempts', 'last_error']).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('templates', () => {
  test('in the recipient language, with the link as text and as a button, HTML escaped', () => {
    const ru = renderEmail('ru', 'reset', 'a@example.com', 'http://localhost/reset-password?token=abc&x="1"');
    expect(ru.subject).toBe('Восстановление пароля');
    expect(ru.text).toContain('http://localhost/reset-password?token=abc&x="1"');
    expect(ru.html).toContain('href="http://localhost/reset-password?token=abc&amp;x=&quot;1&quot;"');
    const en = renderEmail('en', 'password_changed', 'a@example.com');
    expect(en.subject).toBe('Your password was changed');
    expect(en.html).not.toContain('<a ');
  });
});
