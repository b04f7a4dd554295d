import { LOCALES } from '../../src/api/contract/envelope';
import { describe, expect, test } from 'vitest';
import { XHR, TEST_PASSWORD, cookieHeader, signUp, useTestServer as testServer } from './harness';
import { hashToken } from '../../server/src/modules/auth/tokens';

const server = testServer();

type Headers = Record<string, string>;
const post = (url: string, payload: unknown, cookie = '', headers: Headers = {}) =>
  server.app.inject({ method: 'POST', url, headers: { ...XHR, ...(cookie ? { cookie } : {}), ...headers }, payload: payload as object });
const get = (url: string, cookie = '', headers: Headers = {}) =>
  server.app.inject({ method: 'GET', url, headers: { ...XHR, ...(cookie ? { cookie } : {}), ...headers } });

const register = (email: string, password = TEST_PASSWORD, extra: object = {}) =>
  post('/api/auth/register', { email, password, password_confirmation: password, terms: true, ...extra });

const count = async (table: 'users' | 'sessions' | 'email_outbox' | 'ledger_entries' | 'throttle_counters') => {
  const db = server.database.db;
  const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
};
const lastEmail = async () =>
  server.database.db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
const linkToken = (text: string, pattern: RegExp) => {
  const match = text.match(pattern);
  if (!match?.[1]) throw new Error(`no link in ${text}`);
  return decodeURIComponent(match[1]);
};

describe('POST /api/auth/register', () => {
  test('creates the account with three wallets, signs in and queues a confirmation email', async () => {
    const response = await register(' New.Trader@Example.com ');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.fv).toBe('test-fv');
    expect(body.user).toMatchObject({
      is_authenticated: true,
      email: 'new.trader@example.com',
      wallets: [
        { wallet_type: 'main', amount: 0 },
        { wallet_type: 'demo', amount: 10000 },
        { wallet_type: 'tournament', amount: 0 },
      ],
    });
    expect(body.user.account_id).toMatch(/^\d{8}$/);
    const ledger = await server.database.db.selectFrom('ledger_entries').selectAll().execute();
    expect(ledger).toEqual([expect.objectContaining({ wallet_type: 'demo', kind: 'demo_initial', amount_cents: 1_000_000 })]);
    const email = await lastEmail();
    expect(email.to_address).toBe('new.trader@example.com');
    expect(email.subject).toBe('Confirm your email');
    expect(email.text).toMatch(/http:\/\/localhost\/api\/auth\/confirm\/[A-Za-z0-9_-]{43}/);

    const check = await get('/api/auth/check', cookieHeader(response));
    expect(check.json().user).toMatchObject({ is_authenticated: true, email: 'new.trader@example.com' });
  });

  test('the email is in the language of the request', async () => {
    await register('ru.trader@example.com', TEST_PASSWORD, {});
    expect((await lastEmail()).subject).toBe('Confirm your email');
    await post('/api/auth/register', { email: 'ru2@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true }, '', { 'accept-language': 'ru' });
    expect((await lastEmail()).subject).toBe('Подтвердите email');
  });

  test('a taken email is a validation error on email, and nothing is written', async () => {
    await register('taken@example.com');
    const users = await count('users');
    const response = await register('TAKEN@example.com');
    expect(response.statusCode).toBe(422);
    expect(response.json().payload).toEqual({
      code: 'validation',
      message: 'Please check the form',
      fields: { email: 'This email is already registered' },
    });
    expect(await count('users')).toBe(users);
  });

  test.each([
    ['a short password', { password: 'Ab1-xyz', password_confirmation: 'Ab1-xyz' }, { password: 'At least 8 characters' }],
    ['a too long password', { password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, { password: 'At most 128 characters' }],
    ['a common password', { password: 'Password123', password_confirmation: 'Password123' }, { password: 'This password is too common, choose another one' }],
    ['a mismatched confirmation', { password_confirmation: 'Other-Falcon-42' }, { password_confirmation: 'The passwords do not match' }],
    ['terms not accepted', { terms: false }, { terms: 'You need to accept the terms of use' }],
    ['a bad email', { email: 'not-an-email' }, { email: 'Enter a valid email address' }],
    ['an unknown field', { role: 'operator' }, { role: 'Unexpected field' }],
    ['a wrong type', { email: 42 }, { email: 'Wrong type of value' }],
  ])('%s is refused with a translated field error', async (_name, change, fields) => {
    const response = await post('/api/auth/register', {
      email: 'someone@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true, ...change,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().payload.fields).toMatchObject(fields);
    expect(await count('users')).toBe(0);
  });

  test('missing fields are named', async () => {
    const response = await post('/api/auth/register', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().payload.fields).toEqual({
      email: 'This field is required',
      password: 'This field is required',
      password_confirmation: 'This field is required',
      terms: 'You need to accept the terms of use',
    });
  });
});

describe('POST /api/auth/login', () => {
  test('signs in with the right password, email case aside', async () => {
    const account = await signUp(server.app, 'login@example.com');
    const response = await post('/api/auth/login', { email: 'LOGIN@example.com', password: account.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ is_authenticated: true, email: 'login@example.com', account_id: account.accountId });
    expect(response.json().user.wallets).toHaveLength(3);
    const cookies = String(response.headers['set-cookie']);
    expect(cookies).toMatch(/sid=/);
    expect(cookies).not.toMatch(/remember_token=[^;]/);
  });

  test('an unknown email and a wrong password get the same answer', async () => {
    await signUp(server.app, 'known@example.com');
    const wrongPassword = await post('/api/auth/login', { email: 'known@example.com', password: 'Wrong-Falcon-42' });
    const unknownEmail = await post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong-Falcon-42' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().payload).toEqual({ code: 'invalid_credentials', message: 'Wrong email or password' });
    expect(unknownEmail.json().payload).toEqual(wrongPassword.json().payload);
    expect(unknownEmail.headers['set-cookie']).toEqual(wrongPassword.headers['set-cookie']);
  });

  test('an unknown email costs the same time as a wrong password (a password hash is checked either way)', async () => {
    // Two known accounts, so that neither reaches the five failures that throttle an account.
    await signUp(server.app, 'timing0@example.com');
    await signUp(server.app, 'timing1@example.com');
    const time = async (email: string) => {
      const start = performance.now();
      await post('/api/auth/login', { email, password: 'Wrong-Falcon-42' });
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await time(`timing${i % 2}@example.com`));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // An Argon2id verification takes tens of milliseconds and a lookup one: skipping the hash would
    // make unknown emails ten times faster. The bounds leave room for a machine busy with other work.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(known)).toBeLessThan(2);
  });

  test('remember me sets a long-lived HttpOnly remember_token', async () => {
    const account = await signUp(server.app);
    const response = await post('/api/auth/login', { email: account.email, password: account.password, remember: true });
    const remember = (response.headers['set-cookie'] as string[]).find((c) => c.startsWith('remember_token='));
    expect(remember).toMatch(/Max-Age=2592000/);
    expect(remember).toMatch(/HttpOnly/);
    expect(remember).toMatch(/SameSite=Lax/);
  });

  test('five failures on one account answer 429 with retry_after, even with the right password', async () => {
    const account = await signUp(server.app, 'target@example.com');
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login', { email: account.email, password: `Wrong-Falcon-${i}` })).statusCode).toBe(401);
    }
    const response = await post('/api/auth/login', { email: account.email, password: account.password });
    expect(response.statusCode).toBe(429);
    const payload = response.json().payload;
    expect(payload).toMatchObject({ code: 'rate_limited', message: 'Too many attempts, try again later' });
    expect(payload.retry_after).toBeGreaterThan(800);
    expect(payload.retry_after).toBeLessThanOrEqual(900);
    expect(response.headers['retry-after']).toBe(String(payload.retry_after));
  });

  test('an unknown account is throttled the same way (no enumeration through 429)', async () => {
    for (let i = 0; i < 5; i += 1) await post('/api/auth/login', { email: 'ghost@example.com', password: `Wrong-Falcon-${i}` });
    expect((await post('/api/auth/login', { email: 'ghost@example.com', password: 'Wrong-Falcon-9' })).statusCode).toBe(429);
  });

  test('twenty failures from one address block that address for every account', async () => {
    const account = await signUp(server.app);
    for (let i = 0; i < 20; i += 1) {
      await server.app.inject({
        method: 'POST', url: '/api/auth/login', headers: XHR, remoteAddress: '203.0.113.7',
        payload: { email: `spray${i}@example.com`, password: 'Wrong-Falcon-42' },
      });
    }
    const blocked = await server.app.inject({
      method: 'POST', url: '/api/auth/login', headers: XHR, remoteAddress: '203.0.113.7',
      payload: { email: account.email, password: account.password },
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await server.app.inject({
      method: 'POST', url: '/api/auth/login', headers: XHR, remoteAddress: '198.51.100.9',
      payload: { email: account.email, password: account.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  test('a window that has passed starts over', async () => {
    const account = await signUp(server.app);
    for (let i = 0; i < 5; i += 1) await post('/api/auth/login', { email: account.email, password: 'Wrong-Falcon-42' });
    await server.database.db.updateTable('throttle_counters').set({ window_started_at: new Date(Date.now() - 16 * 60 * 1000) }).execute();
    expect((await post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  test('bad input is a validation error', async () => {
    const response = await post('/api/auth/login', { email: 'a@example.com', password: 'x', remember: 'yes' });
    expect(response.statusCode).toBe(422);
    expect(response.json().payload.fields).toEqual({ remember: 'Wrong type of value' });
    expect(await count('throttle_counters')).toBe(0);
  });
});

describe('GET /api/auth/check', () => {
  test('anonymous: is_authenticated false, the locale and the site settings', async () => {
    const response = await get('/api/auth/check', '', { 'accept-language': 'ru' });
    expect(response.json()).toEqual({
      status: 'ok',
      payload: {},
      fv: 'test-fv',
      locale: 'ru',
      user: { is_authenticated: false },
      site_settings: { logo_url: ['/logo.svg', '/logo-light.svg'], languages: [...LOCALES] },
    });
  });

  test('signed in: the user with wallets, and the locale the user chose', async () => {
    const account = await signUp(server.app);
    await post('/api/lang', { lang: 'ru' }, account.cookie);
    const response = await get('/api/auth/check', account.cookie);
    expect(response.json()).toMatchObject({
      locale: 'ru',
      user: { is_authenticated: true, email: account.email, account_id: account.accountId },
      notifications: [],
    });
  });
});

describe('POST /api/auth/logout', () => {
  test('destroys the session: the old session id is useless afterwards', async () => {
    const account = await signUp(server.app);
    const response = await post('/api/auth/logout', {}, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual({ is_authenticated: false });
    expect(String(response.headers['set-cookie'])).toMatch(/sid=;/);
    expect(await count('sessions')).toBe(0);
    const replay = await get('/api/user/info', account.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().payload).toEqual({ code: 'unauthenticated', message: 'Please sign in' });
  });

  test('needs the X-Requested-With header', async () => {
    const account = await signUp(server.app);
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: account.cookie } });
    expect(response.statusCode).toBe(403);
    expect(await count('sessions')).toBe(1);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) => post('/api/auth/reset', { email });
  const resetToken = async () => linkToken((await lastEmail()).text, /reset-password\?token=([A-Za-z0-9_%-]+)/);

  test('answers {sent: true} for known and unknown emails alike; only a known one gets an email', async () => {
    await signUp(server.app, 'reset@example.com');
    const before = await count('email_outbox');
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.json().payload).toEqual({ sent: true });
    expect(await count('email_outbox')).toBe(before);
    const known = await requestReset('reset@example.com');
    expect(known.json().payload).toEqual({ sent: true });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(await count('email_outbox')).toBe(before + 1);
    expect((await lastEmail()).text).toMatch(/^http:\/\/localhost\/reset-password\?token=/m);
  });

  test('the token works once, signs in and ends the other sessions', async () => {
    const account = await signUp(server.app, 'once@example.com');
    await requestReset(account.email);
    const token = await resetToken();
    const newPassword = 'Brand-New-Falcon-7';
    const response = await post(`/api/auth/reset/${token}`, { password: newPassword, password_confirmation: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ is_authenticated: true, email: account.email });
    // The session from sign-up is gone; the new one works.
    expect((await get('/api/user/info', account.cookie)).statusCode).toBe(401);
    expect((await get('/api/user/info', cookieHeader(response))).statusCode).toBe(200);
    // Once only.
    const again = await post(`/api/auth/reset/${token}`, { password: 'Another-Falcon-8', password_confirmation: 'Another-Falcon-8' });
    expect(again.statusCode).toBe(400);
    expect(again.json().payload).toEqual({ code: 'invalid_token', message: 'The link is invalid or has expired' });
    // The new password signs in, the old one does not.
    expect((await post('/api/auth/login', { email: account.email, password: newPassword })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(401);
  });

  test('the token does not work after an hour', async () => {
    const account = await signUp(server.app);
    await requestReset(account.email);
    const token = await resetToken();
    const row = await server.database.db.selectFrom('auth_tokens').select(['expires_at', 'created_at']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    await server.database.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const response = await post(`/api/auth/reset/${token}`, { password: 'Brand-New-Falcon-7', password_confirmation: 'Brand-New-Falcon-7' });
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.code).toBe('invalid_token');
  });

  test('a made-up token and a malformed one are refused; a weak new password is a field error', async () => {
    const account = await signUp(server.app);
    const madeUp = await post(`/api/auth/reset/${'A'.repeat(43)}`, { password: 'Brand-New-Falcon-7', password_confirmation: 'Brand-New-Falcon-7' });
    expect(madeUp.json().payload.code).toBe('invalid_token');
    const malformed = await post('/api/auth/reset/<script>', { password: 'Brand-New-Falcon-7', password_confirmation: 'Brand-New-Falcon-7' });
    expect(malformed.statusCode).toBe(422);
    await requestReset(account.email);
    const weak = await post(`/api/auth/reset/${await resetToken()}`, { password: 'qwerty123', password_confirmation: 'qwerty123' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().payload.fields).toEqual({ password: 'This password is too common, choose another one' });
  });

  test('reset requests are throttled per account and per address', async () => {
    const account = await signUp(server.app);
    for (let i = 0; i < 3; i += 1) expect((await requestReset(account.email)).statusCode).toBe(200);
    const limited = await requestReset(account.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().payload.retry_after).toBeGreaterThan(3500);
    for (let i = 0; i < 7; i += 1) await requestReset(`other${i}@example.com`);
    expect((await requestReset('fresh@example.com')).statusCode).toBe(429);
  });
});

describe('POST /api/auth/change', () => {
  test('changes the password and ends the other sessions, keeping this one', async () => {
    const account = await signUp(server.app, 'change@example.com');
    const other = await post('/api/auth/login', { email: account.email, password: account.password });
    const otherCookie = cookieHeader(other);
    const response = await post('/api/auth/change', {
      current_password: account.password, password: 'Changed-Falcon-9', password_confirmation: 'Changed-Falcon-9',
    }, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ is_authenticated: true });
    expect((await get('/api/user/info', account.cookie)).statusCode).toBe(200);
    expect((await get('/api/user/info', otherCookie)).statusCode).toBe(401);
    expect((await lastEmail()).subject).toBe('Your password was changed');
    expect((await post('/api/auth/login', { email: account.email, password: 'Changed-Falcon-9' })).statusCode).toBe(200);
  });

  test('a wrong current password is a field error and changes nothing', async () => {
    const account = await signUp(server.app);
    const response = await post('/api/auth/change', {
      current_password: 'Wrong-Falcon-42', password: 'Changed-Falcon-9', password_confirmation: 'Changed-Falcon-9',
    }, account.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json().payload.fields).toEqual({ current_password: 'The current password is wrong' });
    expect((await post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  test('needs a signed-in user', async () => {
    const response = await post('/api/auth/change', { current_password: 'a', password: 'Changed-Falcon-9', password_confirmation: 'Changed-Falcon-9' });
    expect(response.statusCode).toBe(401);
  });
});

describe('email confirmation', () => {
  const confirmToken = async () => linkToken((await lastEmail()).text, /\/api\/auth\/confirm\/([A-Za-z0-9_%-]+)/);

  test('the link from the sign-up email confirms once and redirects to /home', async () => {
    const account = await signUp(server.app);
    const token = await confirmToken();
    const response = await get(`/api/auth/confirm/${token}`, account.cookie);
    expect(response.json()).toMatchObject({ status: 'redirect', payload: { status: 'redirect', redirect_url: '/home' } });
    expect((await get('/api/user/info', account.cookie)).json().payload.email_confirmed).toBe(true);
    const again = await get(`/api/auth/confirm/${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().payload.code).toBe('invalid_token');
  });

  test('opened as a page (signed out), it redirects to the page that says what happened', async () => {
    const openPage = (token: string) =>
      server.app.inject({ method: 'GET', url: `/api/auth/confirm/${token}`, headers: { accept: 'text/html' } });
    const account = await signUp(server.app);
    const token = await confirmToken();
    const page = await openPage(token);
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/email-confirmed?result=confirmed');
    expect((await get('/api/user/info', account.cookie)).json().payload.email_confirmed).toBe(true);
    expect((await openPage(token)).headers.location).toBe('/email-confirmed?result=already');
    expect((await openPage('Unknown-token-of-thirty-chars_x')).headers.location).toBe('/email-confirmed?result=invalid');
    expect((await openPage('bad')).headers.location).toBe('/email-confirmed?result=invalid');

    // A link past its three days: expired, and the email stays unconfirmed.
    const late = await signUp(server.app);
    const lateToken = await confirmToken();
    await server.database.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashToken(lateToken)).execute();
    expect((await openPage(lateToken)).headers.location).toBe('/email-confirmed?result=expired');
    expect((await get('/api/user/info', late.cookie)).json().payload.email_confirmed).toBe(false);
  });

  test('send_confirmation_instructions queues a new link; signed-in only; throttled', async () => {
    const account = await signUp(server.app);
    const before = await count('email_outbox');
    const response = await get('/api/auth/send_confirmation_instructions', account.cookie);
    expect(response.json().payload).toEqual({ sent: true });
    expect(await count('email_outbox')).toBe(before + 1);
    expect((await get('/api/auth/send_confirmation_instructions')).statusCode).toBe(401);
    await get('/api/auth/send_confirmation_instructions', account.cookie);
    await get('/api/auth/send_confirmation_instructions', account.cookie);
    expect((await get('/api/auth/send_confirmation_instructions', account.cookie)).statusCode).toBe(429);
  });
});
