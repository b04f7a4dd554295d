import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cookieHeader, signUp, signUpOperator, useTestServer as testServer, XHR } from './harness';
import { backofficeToken, multipart, operatorReply, PDF, sendSupport } from './support-helpers';
import { createTrader } from './money-fixtures';
import type { ServerMessage } from '../../src/api/contract/realtime';
import { formatDateTimeInput } from '../../src/shared/format';

const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const server = testServer({ config: { dataDir }, keep: ['payment_systems', 'pairs'] });

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;

function listen(userId: number) {
  const messages: ServerMessage[] = [];
  const stop = server.app.bus.onUser((id, message) => {
    if (id === userId) messages.push(message);
  });
  return { messages, stop };
}

describe('signing in', () => {
  test('an operator signs in with the ordinary login; the form needs its CSRF token', async () => {
    const operator = await signUpOperator(server.app);
    const anonymous = await server.app.inject({ method: 'GET', url: '/backoffice' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toContain('text/html');
    expect(anonymous.body).toContain('action="/backoffice/login"');
    const csrfCookie = cookieHeader(anonymous);
    const token = /name="_csrf" value="([a-f0-9]{64})"/.exec(anonymous.body)?.[1] ?? '';

    const forged = await server.app.inject({
      method: 'POST',
      url: '/backoffice/login',
      headers: { ...FORM, cookie: csrfCookie },
      payload: form({ email: operator.email, password: operator.password, _csrf: 'f'.repeat(64) }),
    });
    expect(forged.statusCode).toBe(403);
    const foreign = await server.app.inject({
      method: 'POST',
      url: '/backoffice/login',
      headers: { ...FORM, cookie: csrfCookie, origin: 'https://evil.example' },
      payload: form({ email: operator.email, password: operator.password, _csrf: token }),
    });
    expect(foreign.statusCode).toBe(403);

    const wrong = await server.app.inject({
      method: 'POST',
      url: '/backoffice/login',
      headers: { ...FORM, cookie: csrfCookie, 'accept-language': 'en' },
      payload: form({ email: operator.email, password: 'not the password', _csrf: token }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert"');

    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/backoffice/login',
      headers: { ...FORM, cookie: csrfCookie },
      payload: form({ email: operator.email, password: operator.password, _csrf: token }),
    });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/backoffice');
    const cookie = cookieHeader(signedIn, csrfCookie);
    const home = await server.app.inject({ method: 'GET', url: '/backoffice', headers: { cookie, 'accept-language': 'en' } });
    expect(home.body).toContain('Traders&#39; conversations');
    expect(home.body).not.toMatch(/<script/i);
  });

  test('a trader gets no back office: pages say so and forms are refused', async () => {
    const trader = await signUp(server.app);
    const page = await server.app.inject({ method: 'GET', url: '/backoffice/withdrawals', headers: { cookie: trader.cookie, 'accept-language': 'en' } });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('This account is not an operator account');
    const { cookie, token } = await backofficeToken(server.app, trader);
    const notify = await server.app.inject({
      method: 'POST',
      url: '/backoffice/notify',
      headers: { ...FORM, cookie },
      payload: form({ _csrf: token, account: trader.accountId, title: 'Hi', type: 'info' }),
    });
    expect(notify.statusCode).toBe(403);
    const body = await multipart({ _csrf: token, text: 'I am support' });
    const reply = await server.app.inject({
      method: 'POST',
      url: '/backoffice/conversations/1/reply',
      headers: { cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('support threads', () => {
  test('an operator reads a thread (escaped) with its files and replies; a reply without its token is refused', async () => {
    const trader = await signUp(server.app);
    const operator = await signUpOperator(server.app);
    await sendSupport(server.app, trader, '<script>alert(1)</script> help', [{ field: 'file0', name: 'statement.pdf', type: 'application/pdf', data: PDF }]);
    const list = await server.app.inject({ method: 'GET', url: '/backoffice', headers: { cookie: operator.cookie } });
    const id = Number(/href="\/backoffice\/conversations\/(\d+)"/.exec(list.body)?.[1]);
    expect(list.body).toContain(trader.email);
    expect(list.body).toContain('<span class="badge">1</span>');

    const thread = await server.app.inject({ method: 'GET', url: `/backoffice/conversations/${id}`, headers: { cookie: operator.cookie } });
    expect(thread.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; help');
    expect(thread.body).not.toContain('<script>alert(1)');
    // The file's size in the operator's language, as the trader's app writes it.
    expect(thread.body).toContain('statement.pdf</a> (1 КБ)');
    const inEnglish = await server.app.inject({ method: 'GET', url: `/backoffice/conversations/${id}`, headers: { cookie: operator.cookie, 'accept-language': 'en' } });
    expect(inEnglish.body).toContain('statement.pdf</a> (1 KB)');

    const { cookie } = await backofficeToken(server.app, operator);
    const noToken = await multipart({ text: 'answer' });
    const forged = await server.app.inject({
      method: 'POST',
      url: `/backoffice/conversations/${id}/reply`,
      headers: { cookie, 'content-type': noToken.contentType },
      payload: noToken.payload,
    });
    expect(forged.statusCode).toBe(403);

    const empty = await operatorReply(server.app, operator, id, '  ');
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Напишите сообщение или приложите файл');

    // A browser sends the form's file inputs left empty as parts with filename="" and no bytes
    // (Node's FormData leaves such parts out, so this body is written by hand).
    const { cookie: replyCookie, token } = await backofficeToken(server.app, operator);
    const boundary = 'browser-form-boundary';
    const part = (headers: string, value: string) => `--${boundary}\r\n${headers}\r\n\r\n${value}\r\n`;
    const browserForm =
      part('Content-Disposition: form-data; name="_csrf"', token) +
      part('Content-Disposition: form-data; name="text"', 'Hello, how can we help?') +
      ['file0', 'file1', 'file2']
        .map((field) => part(`Content-Disposition: form-data; name="${field}"; filename=""\r\nContent-Type: application/octet-stream`, ''))
        .join('') +
      `--${boundary}--\r\n`;
    const reply = await server.app.inject({
      method: 'POST',
      url: `/backoffice/conversations/${id}/reply`,
      headers: { cookie: replyCookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: browserForm,
    });
    expect(reply.statusCode).toBe(303);
    const page = await server.app.inject({ method: 'GET', url: '/api/support', headers: { ...XHR, cookie: trader.cookie } });
    expect(page.json()).toMatchObject({ support_chat: { unread_messages_count: 1 } });
  });
});

describe('withdrawals', () => {
  test('an operator approves a pending withdrawal; the trader is told live; a second decision changes nothing', async () => {
    const trader = await createTrader(server, { mainCents: 20_000 });
    const operator = await signUpOperator(server.app);
    const body = await multipart({ amount: '50', card_number: '4242 4242 4242 4242', holder_name: 'JOHN SMITH' });
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/api/withdraw/card/confirm',
      headers: { ...trader.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const withdrawalId = (confirmed.json() as { payload: { withdrawal: { id: number } } }).payload.withdrawal.id;

    const { cookie, token, page } = await backofficeToken(server.app, operator);
    const queue = await server.app.inject({ method: 'GET', url: '/backoffice/withdrawals', headers: { cookie, 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(queue.body).toContain(`action="/backoffice/withdrawals/${withdrawalId}"`);
    expect(queue.body).toContain('$50.00');
    // The payment system by its translated name, not the table's one-language name.
    const inRussian = await server.app.inject({ method: 'GET', url: '/backoffice/withdrawals', headers: { cookie, 'accept-language': 'ru' } });
    expect(inRussian.body).toContain('<td>Банковская карта (тест)</td>');
    expect(inRussian.body).not.toContain('Bank card');

    const live = listen(trader.id);
    const approved = await server.app.inject({
      method: 'POST',
      url: `/backoffice/withdrawals/${withdrawalId}`,
      headers: { ...FORM, cookie, 'accept-language': 'en' },
      payload: form({ _csrf: token, decision: 'approve' }),
    });
    live.stop();
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain(`Withdrawal ${withdrawalId} approved`);
    expect(live.messages.some((m) => m.type === 'notification' && m.notification.type === 'success')).toBe(true);
    const row = await server.database.db.selectFrom('withdrawals').select('status').where('id', '=', withdrawalId).executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');

    const again = await server.app.inject({
      method: 'POST',
      url: `/backoffice/withdrawals/${withdrawalId}`,
      headers: { ...FORM, cookie, 'accept-language': 'en' },
      payload: form({ _csrf: token, decision: 'reject' }),
    });
    expect(again.body).toContain(`Withdrawal ${withdrawalId} is no longer pending`);
    const still = await server.database.db.selectFrom('withdrawals').select('status').where('id', '=', withdrawalId).executeTakeFirstOrThrow();
    expect(still.status).toBe('completed');
  });
});

describe('notifications to a trader', () => {
  test('sent by account number, stored, delivered live and carried by the next envelope', async () => {
    const trader = await signUp(server.app);
    const operator = await signUpOperator(server.app);
    const { cookie, token } = await backofficeToken(server.app, operator);
    const live = listen(trader.userId);
    const sent = await server.app.inject({
      method: 'POST',
      url: '/backoffice/notify',
      headers: { ...FORM, cookie, 'accept-language': 'en' },
      payload: form({ _csrf: token, account: trader.accountId, title: 'Your <b>documents</b> are verified<script>x</script>', type: 'success', redirect_url: '/settings' }),
    });
    live.stop();
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(`Notification sent to ${trader.email}`);
    const message = live.messages.find((m) => m.type === 'notification');
    expect(message).toMatchObject({ notification: { title: 'Your <b>documents</b> are verified', type: 'success', redirect_url: '/settings' } });

    const next = await server.app.inject({ method: 'GET', url: '/api/support', headers: { ...XHR, cookie: trader.cookie } });
    expect(next.json()).toMatchObject({ notifications: [{ title: 'Your <b>documents</b> are verified' }] });

    const unknown = await server.app.inject({
      method: 'POST',
      url: '/backoffice/notify',
      headers: { ...FORM, cookie, 'accept-language': 'en' },
      payload: form({ _csrf: token, account: 'nobody@example.com', title: 'x', type: 'info' }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('No such trader');
  });
});

describe('texts written per language', () => {
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);
  /** A trader whose language (cookie and account) is `lang`. */
  async function traderIn(lang: 'ru' | 'en') {
    const trader = await signUp(server.app);
    const headers = { ...XHR, cookie: `${trader.cookie}; i18n_redirected=${lang}`, 'accept-language': lang };
    const switched = await server.app.inject({ method: 'POST', url: '/api/lang', headers, payload: { lang } });
    expect(switched.statusCode).toBe(200);
    return { ...trader, headers };
  }
  const openNotifications = async (headers: Record<string, string>) =>
    (await server.app.inject({ method: 'GET', url: '/api/support', headers })).json().notifications as { title: string }[];

  test('a notification is read in the trader\'s language, or in the other one when theirs is empty', async () => {
    const operator = await signUpOperator(server.app);
    const { cookie, token } = await backofficeToken(server.app, operator);
    const russian = await traderIn('ru');
    const english = await traderIn('en');
    const notify = (account: string, texts: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/backoffice/notify',
        headers: { ...FORM, cookie, 'accept-language': 'en' },
        payload: form({ _csrf: token, account, type: 'info', ...texts }),
      });
    for (const trader of [russian, english]) {
      const live = listen(trader.userId);
      expect((await notify(trader.accountId, { title: 'Документы <b>проверены</b>', title_en: 'Documents <b>verified</b>' })).statusCode).toBe(200);
      live.stop();
      const expected = trader === russian ? 'Документы <b>проверены</b>' : 'Documents <b>verified</b>';
      expect(live.messages.find((m) => m.type === 'notification')).toMatchObject({ notification: { title: expected } });
      expect((await openNotifications(trader.headers))[0]!.title).toBe(expected);
    }
    // Only English written: the Russian reader reads it rather than nothing.
    expect((await notify(russian.accountId, { title: '', title_en: 'Only in English' })).statusCode).toBe(200);
    expect((await openNotifications(russian.headers))[0]!.title).toBe('Only in English');
    // The same stored notification follows the reader's language when they switch.
    const first = await openNotifications({ ...russian.headers, cookie: russian.headers.cookie.replace('i18n_redirected=ru', 'i18n_redirected=en'), 'accept-language': 'en' });
    expect(first.map((n) => n.title)).toContain('Documents <b>verified</b>');

    const empty = await notify(russian.accountId, { title: '  ', title_en: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('write it in at least one language');
    const ru = await server.app.inject({
      method: 'POST',
      url: '/backoffice/notify',
      headers: { ...FORM, cookie, 'accept-language': 'ru' },
      payload: form({ _csrf: token, account: russian.accountId, type: 'info' }),
    });
    expect(ru.statusCode).toBe(422);
    expect(ru.body).toContain('напишите хотя бы на одном языке');
    expect(await openNotifications(russian.headers)).toHaveLength(2);
  });

  test('a tournament\'s name is shown in the trader\'s language, or in the other one', async () => {
    const operator = await signUpOperator(server.app);
    const { cookie, token } = await backofficeToken(server.app, operator);
    const open = (names: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/backoffice/tournaments',
        headers: { ...FORM, cookie, 'accept-language': 'ru' },
        payload: form({ _csrf: token, ...names, starts_at: minutesFromNow(-1), ends_at: minutesFromNow(600), entry_fee: '5', start_balance: '1000', prizes: '' }),
      });
    const both = await open({ name: 'Осенний кубок', name_en: 'Autumn Cup' });
    expect(both.statusCode).toBe(303);
    const shown = await server.app.inject({ method: 'GET', url: both.headers.location as string, headers: { cookie, 'accept-language': 'en' } });
    expect(shown.body).toContain('Tournament “Autumn Cup” is open');
    expect((await open({ name: '', name_en: 'Winter Cup' })).statusCode).toBe(303);
    const refused = await open({ name: '', name_en: '' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Название: напишите хотя бы на одном языке');

    const names = async (lang: 'ru' | 'en') => {
      const trader = await traderIn(lang);
      const current = await server.app.inject({ method: 'GET', url: '/api/tournament/current', headers: trader.headers });
      return (current.json().payload.running as { name: string; kind: string }[]).filter((t) => t.kind === 'special').map((t) => t.name);
    };
    expect(await names('ru')).toEqual(expect.arrayContaining(['Осенний кубок', 'Winter Cup']));
    expect(await names('en')).toEqual(expect.arrayContaining(['Autumn Cup', 'Winter Cup']));
    expect(await names('en')).not.toContain('Осенний кубок');
  });
});

describe('tournaments', () => {
  /** A datetime-local value (UTC) this many minutes from now. */
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

  test('an operator opens a paid tournament; traders see it running and are sent to /purchase to join', async () => {
    const operator = await signUpOperator(server.app);
    const { cookie, token } = await backofficeToken(server.app, operator);
    const opened = await server.app.inject({
      method: 'POST',
      url: '/backoffice/tournaments',
      headers: { ...FORM, cookie, 'accept-language': 'en' },
      payload: form({
        // The end typed as an English operator writes it (day first), the start year first.
        _csrf: token, name: 'Autumn <Cup>', starts_at: minutesFromNow(-1), ends_at: formatDateTimeInput(minutesFromNow(60 * 24), 'en'),
        entry_fee: '10', start_balance: '2000.00', prizes: '300, 150 ,50',
      }),
    });
    // Post, redirect, get: a reload of the answer opens nothing more.
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/^\/backoffice\/tournaments\?opened=\d+$/);
    const shown = await server.app.inject({ method: 'GET', url: opened.headers.location as string, headers: { cookie, 'accept-language': 'en' } });
    expect(shown.body).toContain('Tournament “Autumn &lt;Cup&gt;” is open');
    expect(shown.body).toMatch(/Autumn &lt;Cup&gt; <small>paid entry<\/small>/);
    expect(shown.body).toContain('$300.00, $150.00, $50.00');

    const trader = await signUp(server.app);
    const current = await server.app.inject({ method: 'GET', url: '/api/tournament/current', headers: { ...XHR, cookie: trader.cookie } });
    const paid = current.json().payload.running.find((t: { name: string }) => t.name === 'Autumn <Cup>');
    expect(paid).toMatchObject({ kind: 'special', entry_fee: 10, start_balance: 2000, prizes: [300, 150, 50], status: 'running' });
    expect(paid.product_id).toBe(paid.id);
    const join = await server.app.inject({ method: 'POST', url: `/api/tournament/${paid.id}/join`, headers: { ...XHR, cookie: trader.cookie }, payload: {} });
    expect(join.json().payload).toMatchObject({ redirect_url: `/purchase?product_id=${paid.id}` });
  });

  test('a wrong field is named, the entries stay in the form, and nothing is opened', async () => {
    const operator = await signUpOperator(server.app);
    const { cookie, token } = await backofficeToken(server.app, operator);
    const post = (fields: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/backoffice/tournaments',
        headers: { ...FORM, cookie, 'accept-language': 'en' },
        payload: form({ _csrf: token, name: 'Cup', starts_at: minutesFromNow(0), ends_at: minutesFromNow(60), entry_fee: '5', start_balance: '1000', prizes: '', ...fields }),
      });
    const cases: Array<[Record<string, string>, string]> = [
      [{ ends_at: minutesFromNow(-5) }, 'Ends (UTC): must be after the start'],
      [{ starts_at: minutesFromNow(-120), ends_at: minutesFromNow(-60) }, 'Ends (UTC): must be in the future'],
      [{ entry_fee: '0' }, 'Entry fee, USD:'],
      [{ start_balance: '12.345' }, 'Start balance, USD:'],
      [{ prizes: '100, lots' }, 'Prizes by rank, USD: List up to 10 amounts'],
      [{ starts_at: 'tomorrow' }, 'Starts (UTC): write the date and time like this: 31/12/2026 18:00'],
      // Month first is not an English (British) date: there is no 13th month.
      [{ starts_at: '12/13/2099 10:00' }, 'Starts (UTC): write the date and time like this'],
      [{ name: '{{x}}' }, 'Name:'],
    ];
    for (const [fields, message] of cases) {
      const refused = await post(fields);
      expect(refused.statusCode, message).toBe(422);
      expect(refused.body).toContain(message);
      expect(refused.body).toContain('role="alert"');
    }
    const kept = await post({ entry_fee: '0', name: 'Kept "name"' });
    expect(kept.body).toContain('value="Kept &quot;name&quot;"');
    const special = await server.database.db.selectFrom('tournaments').select('id').where('kind', '=', 'special').execute();
    expect(special).toEqual([]);

    const trader = await signUp(server.app);
    const { cookie: traderCookie, token: traderToken } = await backofficeToken(server.app, trader);
    const forbidden = await server.app.inject({
      method: 'POST',
      url: '/backoffice/tournaments',
      headers: { ...FORM, cookie: traderCookie },
      payload: form({ _csrf: traderToken, name: 'Mine', starts_at: minutesFromNow(0), ends_at: minutesFromNow(60), entry_fee: '5', start_balance: '1000', prizes: '' }),
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
