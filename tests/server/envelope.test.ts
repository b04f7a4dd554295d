import { describe, expect, test } from 'vitest';
import { XHR, signUp, useTestServer as testServer } from './harness';
import { buildApp } from '../../server/src/app';
import { errorEnvelopeSchema } from '../../src/api/contract/envelope';

const server = testServer();

describe('the envelope', () => {
  test('fv is on ok, error and not-found responses', async () => {
    const okResponse = await server.app.inject({ method: 'GET', url: '/api/content/menu', headers: XHR });
    expect(okResponse.json().fv).toBe('test-fv');
    const errorResponse = await server.app.inject({ method: 'GET', url: '/api/user/info', headers: XHR });
    expect(errorEnvelopeSchema.parse(errorResponse.json()).fv).toBe('test-fv');
    const missing = await server.app.inject({ method: 'GET', url: '/api/no/such/call', headers: XHR });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'error', payload: { code: 'not_found', message: 'There is no such API address' }, fv: 'test-fv' });
  });

  test('an unknown POST route is a 404 envelope too', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/nothing', headers: XHR, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().payload.code).toBe('not_found');
  });

  test('messages are in Russian by default, in the Accept-Language otherwise, or the language cookie', async () => {
    const message = async (headers: Record<string, string>) =>
      (await server.app.inject({ method: 'GET', url: '/api/user/info', headers })).json().payload.message;
    expect(await message({})).toBe('Войдите в аккаунт');
    expect(await message({ 'accept-language': 'en-US,en;q=0.9' })).toBe('Please sign in');
    expect(await message({ 'accept-language': 'de-DE,de;q=0.9' })).toBe('Войдите в аккаунт');
    expect(await message({ cookie: 'i18n_redirected=en' })).toBe('Please sign in');
  });

  test('user rides only on auth calls; other calls of a signed-in user carry notifications', async () => {
    const account = await signUp(server.app);
    const menu = await server.app.inject({ method: 'GET', url: '/api/content/menu', headers: { ...XHR, cookie: account.cookie } });
    expect(menu.json().user).toBeUndefined();
    expect(menu.json().notifications).toEqual([]);
  });

  test('a 401 names no user, so every tab of a session ended elsewhere leaves its signed-in screens', async () => {
    const account = await signUp(server.app);
    const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...XHR, cookie: account.cookie }, payload: {} });
    expect(logout.statusCode).toBe(200);
    const stale = await server.app.inject({ method: 'GET', url: '/api/user/info', headers: { ...XHR, cookie: account.cookie } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().user).toEqual({ is_authenticated: false });
  });

  test('an unexpected failure is a 500 internal envelope with no detail', async () => {
    const app = await buildApp({ config: server.config, database: server.database, frontendVersion: () => 'test-fv' });
    app.get('/api/test/failure', async () => {
      throw new Error('secret detail at /srv/app/db.ts:42');
    });
    await app.ready();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/test/failure', headers: XHR });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ status: 'error', payload: { code: 'internal', message: 'Internal server error, please try later' }, fv: 'test-fv' });
      expect(response.body).not.toMatch(/secret|stack|\.ts/);
    } finally {
      await app.close();
    }
  });
});
