import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import type { Notification } from '../../../src/api/contract/envelope';
import { envelopeEvents, redirectTarget, type EnvelopeEvent } from '../../../src/api/envelope';

const notification: Notification = {
  notification_id: '12',
  title: '<b>Вывод</b> выполнен',
  type: 'success',
  display: 'inner',
  redirect_url: '/finances',
  created_at: '2026-01-01T00:00:00.000Z',
};
const ok = (fields: Record<string, unknown>) => ({ status: 'ok', payload: {}, ...fields });

describe('envelopeEvents: one event per field of docs/design.md 3.1', () => {
  test('user, with or without wallets', () => {
    const user = { is_authenticated: true, email: 'a@b.co', account_id: '1000001', wallets: [{ wallet_type: 'demo', amount: 10000 }] };
    expect(envelopeEvents(ok({ user }))).toEqual([{ type: 'envelope.user', user }]);
    expect(envelopeEvents(ok({ user: { is_authenticated: false } }))).toEqual([{ type: 'envelope.user', user: { is_authenticated: false } }]);
    // A user that breaks the contract is left out.
    expect(envelopeEvents(ok({ user: { is_authenticated: 'yes' } }))).toEqual([]);
    expect(envelopeEvents(ok({ user: { is_authenticated: true, wallets: [{ wallet_type: 'gold', amount: 1 }] } }))).toEqual([]);
  });

  test('notifications, an empty list included', () => {
    expect(envelopeEvents(ok({ notifications: [notification] }))).toEqual([{ type: 'envelope.notifications', notifications: [notification] }]);
    expect(envelopeEvents(ok({ notifications: [] }))).toEqual([{ type: 'envelope.notifications', notifications: [] }]);
    expect(envelopeEvents(ok({ notifications: [{ ...notification, type: 'loud' }] }))).toEqual([]);
  });

  test('site_blocked, true and false', () => {
    expect(envelopeEvents(ok({ site_blocked: true }))).toEqual([{ type: 'envelope.siteBlocked', blocked: true }]);
    expect(envelopeEvents(ok({ site_blocked: false }))).toEqual([{ type: 'envelope.siteBlocked', blocked: false }]);
    expect(envelopeEvents(ok({ site_blocked: 'true' }))).toEqual([]);
  });

  test('support_chat.unread_messages_count', () => {
    expect(envelopeEvents(ok({ support_chat: { unread_messages_count: 4 } }))).toEqual([{ type: 'envelope.supportChat', unread: 4 }]);
    expect(envelopeEvents(ok({ support_chat: { unread_messages_count: -1 } }))).toEqual([]);
  });

  test('site_settings', () => {
    const settings = { logo_url: ['/logo.svg', '/logo-light.svg'], languages: ['ru', 'en'] };
    expect(envelopeEvents(ok({ site_settings: settings }))).toEqual([{ type: 'envelope.siteSettings', settings }]);
    expect(envelopeEvents(ok({ site_settings: { logo_url: '/logo.svg', languages: [] } }))).toEqual([]);
  });

  test('custom_css, the empty string included (it removes the previous one)', () => {
    expect(envelopeEvents(ok({ custom_css: '.header{background:#000}' }))).toEqual([{ type: 'envelope.customCss', css: '.header{background:#000}' }]);
    expect(envelopeEvents(ok({ custom_css: '' }))).toEqual([{ type: 'envelope.customCss', css: '' }]);
    expect(envelopeEvents(ok({ custom_css: 5 }))).toEqual([]);
  });

  test('fv, never empty', () => {
    expect(envelopeEvents(ok({ fv: 'lx3k2' }))).toEqual([{ type: 'envelope.fv', fv: 'lx3k2' }]);
    expect(envelopeEvents(ok({ fv: '' }))).toEqual([]);
  });

  test('locale, only a known one', () => {
    expect(envelopeEvents(ok({ locale: 'en' }))).toEqual([{ type: 'envelope.locale', locale: 'en' }]);
    expect(envelopeEvents(ok({ locale: 'de' }))).toEqual([]);
  });

  test("status and payload.status 'redirect' with a redirect_url navigate, '/' meaning /home", () => {
    expect(envelopeEvents({ status: 'redirect', payload: { status: 'redirect', redirect_url: '/support' } })).toEqual([
      { type: 'envelope.redirect', url: '/support' },
    ]);
    expect(envelopeEvents({ status: 'redirect', payload: { status: 'redirect', redirect_url: '/' } })).toEqual([{ type: 'envelope.redirect', url: '/home' }]);
    expect(envelopeEvents({ status: 'redirect', payload: { status: 'redirect', redirect_url: '' } })).toEqual([]);
    expect(envelopeEvents({ status: 'redirect', payload: { status: 'ok', redirect_url: '/support' } })).toEqual([]);
    expect(envelopeEvents({ status: 'ok', payload: { status: 'redirect', redirect_url: '/support' } })).toEqual([]);
    expect(redirectTarget('/deposit')).toBe('/deposit');
  });

  test('an error envelope still carries its fields (the 401 that signs the trader out)', () => {
    const events = envelopeEvents({
      status: 'error',
      payload: { code: 'unauthenticated', message: 'Войдите в аккаунт' },
      user: { is_authenticated: false },
      fv: 'b1',
    });
    expect(events).toEqual([
      { type: 'envelope.fv', fv: 'b1' },
      { type: 'envelope.user', user: { is_authenticated: false } },
    ]);
  });

  test('every field at once gives every event; a broken field leaves the others', () => {
    const events = envelopeEvents({
      status: 'ok',
      payload: {},
      user: { is_authenticated: false },
      notifications: 'not a list',
      site_blocked: false,
      support_chat: { unread_messages_count: 0 },
      site_settings: { logo_url: [], languages: ['ru'] },
      custom_css: '',
      fv: 'v1',
      locale: 'ru',
    });
    expect(events.map((event) => event.type).sort()).toEqual(
      ['envelope.customCss', 'envelope.fv', 'envelope.locale', 'envelope.siteBlocked', 'envelope.siteSettings', 'envelope.supportChat', 'envelope.user'].sort(),
    );
  });

  test('never throws: anything that is not an envelope gives no events', () => {
    for (const body of [null, undefined, 42, 'text', [], [{ status: 'ok' }], { payload: {} }, { status: 1 }, { 'shell.login': 'Войти' }]) {
      expect(envelopeEvents(body)).toEqual([]);
    }
  });
});

describe('the client hands every envelope to the root actor', () => {
  const server = setupServer(
    http.get('http://app.test/api/thing', () =>
      HttpResponse.json({ status: 'ok', payload: { n: 1 }, fv: 'v2', site_blocked: true, support_chat: { unread_messages_count: 1 } }),
    ),
    http.post('http://app.test/api/fail', () =>
      HttpResponse.json({ status: 'error', payload: { code: 'rate_limited', message: 'Слишком часто', retry_after: 3 }, fv: 'v2' }, { status: 429 }),
    ),
    http.get('http://app.test/i18n/ru', () => HttpResponse.json({ 'shell.login': 'Войти' })),
    http.get('http://app.test/page', () => new HttpResponse('<html></html>', { headers: { 'content-type': 'text/html' } })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  const client = (publish: (event: EnvelopeEvent) => void) => createApiClient({ base: 'http://app.test/', locale: () => 'en', publish, retries: 0 });

  test('ok and error answers publish their fields; translations and HTML publish nothing', async () => {
    const publish = vi.fn();
    const http = client(publish);
    await http.get('api/thing').json();
    expect(publish.mock.calls.map(([event]) => event)).toEqual([
      { type: 'envelope.fv', fv: 'v2' },
      { type: 'envelope.siteBlocked', blocked: true },
      { type: 'envelope.supportChat', unread: 1 },
    ]);
    publish.mockClear();
    const response = await http.post('api/fail', { throwHttpErrors: false });
    expect(response.status).toBe(429);
    expect(publish).toHaveBeenCalledWith({ type: 'envelope.fv', fv: 'v2' });
    publish.mockClear();
    await http.get('i18n/ru').json();
    await http.get('page').text();
    expect(publish).not.toHaveBeenCalled();
  });

  test('sends the locale and the XHR header on every call', async () => {
    let headers: Headers | null = null;
    server.use(
      http.get('http://app.test/api/echo', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ status: 'ok', payload: {} });
      }),
    );
    await client(() => undefined).get('api/echo').json();
    expect(headers!.get('accept-language')).toBe('en');
    expect(headers!.get('x-requested-with')).toBe('XMLHttpRequest');
  });
});
