import type { FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { XHR, cookieHeader, signUp, signUpOperator, useTestServer as testServer } from './harness';
import { hashToken } from '../../server/src/modules/auth/tokens';

const server = testServer();

const get = (url: string, cookie = '') => server.app.inject({ method: 'GET', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) } });
const login = (email: string, password: string, remember = false, cookie = '') =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...XHR, ...(cookie ? { cookie } : {}) }, payload: { email, password, remember } });
const cookieValue = (cookie: string, name: string) => cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1);
const setCookieLine = (headers: Record<string, unknown>, name: string) =>
  ([headers['set-cookie']].flat() as string[]).find((line) => line.startsWith(`${name}=`));

describe('session cookie', () => {
  test('is HttpOnly, SameSite=Lax, on the whole site; only its SHA-256 is stored', async () => {
    const response = await server.app.inject({
      method: 'POST', url: '/api/auth/register', headers: XHR,
      payload: { email: 'cookie@example.com', password: 'Orchid-Falcon-42', password_confirmation: 'Orchid-Falcon-42', terms: true },
    });
    const line = setCookieLine(response.headers, 'sid')!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/);
    const sid = cookieValue(cookieHeader(response), 'sid')!;
    expect(Buffer.from(sid, 'base64url')).toHaveLength(32);
    const rows = await server.database.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows).toEqual([{ id_hash: hashToken(sid) }]);
    expect(rows[0]!.id_hash).not.toContain(sid);
  });

  test('is rotated at login: a session id set before sign-in is useless after it', async () => {
    const account = await signUp(server.app);
    const before = cookieValue(account.cookie, 'sid')!;
    const response = await login(account.email, account.password, false, account.cookie);
    const after = cookieValue(cookieHeader(response), 'sid')!;
    expect(after).not.toBe(before);
    expect((await get('/api/user/info', `sid=${before}`)).statusCode).toBe(401);
    expect((await get('/api/user/info', `sid=${after}`)).statusCode).toBe(200);
  });

  test('a made-up session id is anonymous', async () => {
    expect((await get('/api/auth/check', `sid=${'x'.repeat(43)}`)).json().user).toEqual({ is_authenticated: false });
  });
});

describe('timeouts', () => {
  test('a session idle for more than two hours ends', async () => {
    const account = await signUp(server.app);
    await server.database.db.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 2 * 60 * 60 * 1000 - 1000) }).execute();
    expect((await get('/api/user/info', account.cookie)).statusCode).toBe(401);
    expect(await server.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  test('an active session ends at its absolute limit', async () => {
    const account = await signUp(server.app);
    await server.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await get('/api/user/info', account.cookie)).statusCode).toBe(401);
  });

  test('activity refreshes the idle clock', async () => {
    const account = await signUp(server.app);
    const old = new Date(Date.now() - 90 * 60 * 1000);
    await server.database.db.updateTable('sessions').set({ last_seen_at: old }).execute();
    expect((await get('/api/user/info', account.cookie)).statusCode).toBe(200);
    const row = await server.database.db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow();
    expect(row.last_seen_at.getTime()).toBeGreaterThan(old.getTime() + 60 * 60 * 1000);
  });
});

describe('remember_token', () => {
  test('opens a new session when the session is gone, and is rotated on use', async () => {
    const account = await signUp(server.app);
    const response = await login(account.email, account.password, true);
    const remember = cookieValue(cookieHeader(response), 'remember_token')!;
    expect(remember).toBeTruthy();
    const restored = await get('/api/auth/check', `remember_token=${remember}`);
    expect(restored.json().user).toMatchObject({ is_authenticated: true, email: account.email });
    const next = cookieHeader(restored);
    expect(cookieValue(next, 'sid')).toBeTruthy();
    expect(cookieValue(next, 'remember_token')).not.toBe(remember);
    // The used token is spent: replaying it signs nobody in.
    expect((await get('/api/auth/check', `remember_token=${remember}`)).json().user).toEqual({ is_authenticated: false });
    expect((await get('/api/user/info', next)).statusCode).toBe(200);
  });

  test('an expired remember_token is refused and cleared', async () => {
    const account = await signUp(server.app);
    const remember = cookieValue(cookieHeader(await login(account.email, account.password, true)), 'remember_token')!;
    await server.database.db.updateTable('remember_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const response = await get('/api/auth/check', `remember_token=${remember}`);
    expect(response.json().user).toEqual({ is_authenticated: false });
    expect(setCookieLine(response.headers, 'remember_token')).toMatch(/remember_token=;/);
  });

  test('logout ends the remember_token too', async () => {
    const account = await signUp(server.app);
    const cookie = cookieHeader(await login(account.email, account.password, true));
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...XHR, cookie } });
    expect(await server.database.db.selectFrom('remember_tokens').selectAll().execute()).toEqual([]);
    expect((await get('/api/auth/check', `remember_token=${cookieValue(cookie, 'remember_token')}`)).json().user).toEqual({ is_authenticated: false });
  });
});

describe('Secure cookies behind HTTPS', () => {
  const secure = testServer({ config: { secureCookies: true, publicUrl: 'https://trade.example.com' } });
  test('sid carries Secure when the server is public over HTTPS', async () => {
    const response = await secure.app.inject({
      method: 'POST', url: '/api/auth/register', headers: XHR,
      payload: { email: 'secure@example.com', password: 'Orchid-Falcon-42', password_confirmation: 'Orchid-Falcon-42', terms: true },
    });
    expect(setCookieLine(response.headers, 'sid')).toMatch(/Secure/);
  });
});

describe('guards', () => {
  const asRequest = (user: FastifyRequest['user']) => ({ user }) as FastifyRequest;

  test('requireUser: 401 without a user', async () => {
    await expect(server.app.requireUser(asRequest(null))).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
  });

  test('requireOperator: 403 for a trader, passes for an operator', async () => {
    const trader = await signUp(server.app);
    const operator = await signUpOperator(server.app);
    const traderUser = { id: trader.userId, email: trader.email, account_id: trader.accountId, role: 'trader' as const, time_zone: null };
    await expect(server.app.requireOperator(asRequest(traderUser))).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    await expect(server.app.requireOperator(asRequest(null))).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(server.app.requireOperator(asRequest({ ...traderUser, id: operator.userId, role: 'operator' }))).resolves.toBeUndefined();
  });

  test('requireTrader: 403 for an operator (operators cannot trade), passes for a trader', async () => {
    const base = { id: 1, email: 'x@example.com', account_id: '10000000', time_zone: null };
    await expect(server.app.requireTrader(asRequest({ ...base, role: 'operator' }))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(server.app.requireTrader(asRequest({ ...base, role: 'trader' }))).resolves.toBeUndefined();
    await expect(server.app.requireTrader(asRequest(null))).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  test('the session of an operator resolves with its role', async () => {
    const operator = await signUpOperator(server.app);
    const check = await get('/api/auth/check', operator.cookie);
    expect(check.json().user).toMatchObject({ is_authenticated: true, email: operator.email });
  });
});
