import { LOCALES } from '../../src/api/contract/envelope';
import { describe, expect, test } from 'vitest';
import { XHR, signUp, useTestServer as testServer } from './harness';
import { menusPayloadSchema, articleSchema } from '../../src/api/contract/content';
import { okEnvelope } from '../../src/api/contract/envelope';
import { allMessages } from '../../server/src/i18n';
import { seedContent } from '../../server/src/modules/content/seed';
import { createNotification, createNotifications, type NewNotification } from '../../server/src/modules/notifications/service';

const server = testServer();

const get = (url: string, language = 'en', cookie = '') =>
  server.app.inject({ method: 'GET', url, headers: { ...XHR, 'accept-language': language, ...(cookie ? { cookie } : {}) } });
const post = (url: string, payload: unknown, cookie = '') =>
  server.app.inject({ method: 'POST', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) }, payload: payload as object });

describe('GET /api/content/menu', () => {
  test('every menu, sorted by order, with titles in the request language', async () => {
    const en = await get('/api/content/menu', 'en');
    const body = okEnvelope(menusPayloadSchema).parse(en.json());
    expect(body.payload.footer_menu_3.map((i) => i.url)).toEqual(['company/license', 'company/payment', 'company/platform']);
    expect(body.payload.footer_menu_3[0]!.title).toBe('License');
    expect(body.payload.header_menu.map((i) => i.order)).toEqual([1, 2, 3, 4]);
    for (const name of ['footer_menu_1', 'footer_menu_2', 'footer_menu_3', 'footer_menu_4', 'header_menu', 'top_menu'] as const) {
      expect(body.payload[name].length).toBeGreaterThan(0);
    }
    const ru = okEnvelope(menusPayloadSchema).parse((await get('/api/content/menu', 'ru')).json());
    expect(ru.payload.footer_menu_3[0]!.title).toBe('Лицензия');
  });

  test('main_menu is given for every locale, with icons', async () => {
    const body = okEnvelope(menusPayloadSchema).parse((await get('/api/content/menu', 'en')).json());
    expect(Object.keys(body.payload.main_menu).sort()).toEqual([...LOCALES].sort());
    expect(body.payload.main_menu.ru!.items[0]).toEqual({ title: 'Платформа', url: 'home', order: 1, icon_name: 'chart' });
    expect(body.payload.main_menu.en!.items[0]).toEqual({ title: 'Platform', url: 'home', order: 1, icon_name: 'chart' });
  });

  test('the seed can run again without duplicating anything', async () => {
    const before = (await get('/api/content/menu')).json();
    await seedContent(server.database.db);
    await seedContent(server.database.db);
    expect((await get('/api/content/menu')).json()).toEqual(before);
  });
});

describe('GET /api/content/article/{name}', () => {
  test.each(['license', 'payment', 'platform', 'trend-following', 'support-resistance', 'moving-averages'])(
    '%s exists in both languages as sanitized HTML',
    async (name) => {
      for (const language of ['ru', 'en']) {
        const body = okEnvelope(articleSchema).parse((await get(`/api/content/article/${name}`, language)).json());
        expect(body.payload.name).toBe(name);
        expect(body.payload.title.length).toBeGreaterThan(3);
        expect(body.payload.html).toMatch(/<h2>/);
        expect(body.payload.html).not.toMatch(/<script|on\w+=/i);
      }
    },
  );

  test('the title follows the language', async () => {
    expect((await get('/api/content/article/payment', 'en')).json().payload.title).toBe('Payment policy');
    expect((await get('/api/content/article/payment', 'ru')).json().payload.title).toBe('Платёжная политика');
  });

  test('an unknown article is a 404 envelope', async () => {
    const response = await get('/api/content/article/nothing-here', 'en');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error', payload: { code: 'not_found', message: 'Not found' }, fv: 'test-fv' });
  });

  test('a hostile name is a validation error', async () => {
    const response = await get(`/api/content/article/${encodeURIComponent('..\u202e.etc.passwd')}`, 'en');
    expect(response.statusCode).toBe(422);
    expect(response.json().payload.code).toBe('validation');
  });

  test('a name that escapes a slash never reaches the route: the path spelling is refused first', async () => {
    const response = await get(`/api/content/article/${encodeURIComponent('../../etc/passwd')}`, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.code).toBe('validation');
  });
});

describe('articles are sanitized', () => {
  test('scripts, handlers and javascript: links are removed from Markdown', async () => {
    const { renderMarkdown } = await import('../../server/src/modules/content/seed');
    const { title, html } = renderMarkdown('# T\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> <iframe src="https://evil"></iframe>');
    expect(title).toBe('T');
    expect(html).not.toMatch(/script|onerror|javascript:|iframe/i);
  });
});

describe('GET /i18n/{code}', () => {
  test('serves the merged flat map of each language', async () => {
    for (const code of ['ru', 'en'] as const) {
      const response = await server.app.inject({ method: 'GET', url: `/i18n/${code}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(allMessages()[code]);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await server.app.inject({ method: 'GET', url: '/i18n/en' })).json()['errors.invalid_credentials']).toBe('Wrong email or password');
  });

  test('revalidates with an ETag', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/i18n/ru' });
    const again = await server.app.inject({ method: 'GET', url: '/i18n/ru', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  test('an unknown language is 404', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/i18n/de' })).statusCode).toBe(404);
  });
});

describe('POST /api/lang', () => {
  test('sets the readable language cookie for 365 days', async () => {
    const response = await post('/api/lang', { lang: 'en' });
    expect(response.json()).toMatchObject({ status: 'ok', payload: { lang: 'en' }, locale: 'en' });
    const line = String(response.headers['set-cookie']);
    expect(line).toMatch(/^i18n_redirected=en;/);
    expect(line).toMatch(/Max-Age=31536000/);
    expect(line).not.toMatch(/HttpOnly/);
  });

  test('stores the language of a signed-in user (emails use it)', async () => {
    const account = await signUp(server.app);
    await post('/api/lang', { lang: 'ru' }, account.cookie);
    const row = await server.database.db.selectFrom('users').select('locale').where('id', '=', account.userId).executeTakeFirstOrThrow();
    expect(row.locale).toBe('ru');
  });

  test('an unknown language is refused', async () => {
    const response = await post('/api/lang', { lang: 'de' });
    expect(response.statusCode).toBe(422);
    expect(response.json().payload.fields).toEqual({ lang: 'Invalid value' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('notifications', () => {
  test('unclosed inner notifications ride on authenticated envelopes, newest first; close removes one', async () => {
    const account = await signUp(server.app);
    const other = await signUp(server.app);
    const created = await server.database.db.transaction().execute(async (trx) => [
      await createNotification(trx, { userId: account.userId, title: 'Deposit of <b>$100.00</b> completed<script>x()</script>', type: 'success', display: 'inner', redirectUrl: '/finances' }),
      await createNotification(trx, { userId: account.userId, title: 'Toast only', type: 'info', display: 'toast', redirectUrl: null }),
      await createNotification(trx, { userId: account.userId, title: 'Second', type: 'warning', display: 'inner', redirectUrl: 'https://evil.example' }),
      await createNotification(trx, { userId: other.userId, title: 'Not yours', type: 'info', display: 'inner', redirectUrl: null }),
    ]);
    expect(created[0]!.title).toBe('Deposit of <b>$100.00</b> completed');
    expect(created[2]!.redirect_url).toBeNull();
    const envelope = (await get('/api/auth/check', 'en', account.cookie)).json();
    expect(envelope.notifications.map((n: { title: string }) => n.title)).toEqual(['Second', 'Deposit of <b>$100.00</b> completed']);

    const closed = await post('/api/notify/close', { id: created[0]!.notification_id }, account.cookie);
    expect(closed.json()).toMatchObject({ status: 'ok', payload: { closed: true } });
    expect(closed.json().notifications.map((n: { title: string }) => n.title)).toEqual(['Second']);

    const again = await post('/api/notify/close', { id: created[0]!.notification_id }, account.cookie);
    expect(again.statusCode).toBe(404);
    const foreign = await post('/api/notify/close', { id: created[3]!.notification_id }, account.cookie);
    expect(foreign.statusCode).toBe(404);
    const row = await server.database.db.selectFrom('notifications').select('closed_at').where('id', '=', Number(created[3]!.notification_id)).executeTakeFirstOrThrow();
    expect(row.closed_at).toBeNull();
  });

  test('several stored with one insert come back in the order given, each with its own row', async () => {
    const a = await signUp(server.app);
    const b = await signUp(server.app);
    const inputs: NewNotification[] = [
      { userId: b.userId, title: 'B won', type: 'success', display: 'toast', redirectUrl: '/history/bets' },
      { userId: a.userId, title: 'A lost', type: 'danger', display: 'toast', redirectUrl: '/history/bets' },
      { userId: a.userId, title: 'A won', type: 'success', display: 'toast', redirectUrl: '/history/bets' },
      { userId: a.userId, title: 'A lost', type: 'danger', display: 'toast', redirectUrl: '/history/bets' },
    ];
    const created = await server.database.db.transaction().execute((trx) => createNotifications(trx, inputs));
    expect(created.map((n) => [n.title, n.type])).toEqual(inputs.map((input) => [input.title, input.type]));
    expect(new Set(created.map((n) => n.notification_id)).size).toBe(4);
    const owners = await server.database.db.selectFrom('notifications').select(['id', 'user_id']).execute();
    const ownerOf = new Map(owners.map((row) => [String(row.id), row.user_id]));
    expect(created.map((n) => ownerOf.get(String(n.notification_id)))).toEqual(inputs.map((input) => input.userId));
  });

  test('close needs a user and a valid id', async () => {
    expect((await post('/api/notify/close', { id: '1' })).statusCode).toBe(401);
    const account = await signUp(server.app);
    const bad = await post('/api/notify/close', { id: 'abc' }, account.cookie);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().payload.fields).toEqual({ id: 'Invalid value' });
    expect((await post('/api/notify/close', { id: 1 }, account.cookie)).json().payload.fields).toEqual({ id: 'Wrong type of value' });
  });

  test('anonymous envelopes carry no notifications', async () => {
    expect((await get('/api/auth/check')).json().notifications).toBeUndefined();
  });
});
