import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { XHR, TEST_PASSWORD, signUp, useTestServer as testServer } from './harness';
import { CONTENT_SECURITY_POLICY } from '../../server/src/http/security-headers';
import { readFrontendVersion } from '../../server/src/modules/web/routes';
import { allMessages } from '../../server/src/i18n';

const server = testServer();
const en = allMessages().en;

describe('security headers', () => {
  test.each(['/api/content/menu', '/api/no/such/call', '/i18n/en', '/api/health'])('on %s', async (url) => {
    const response = await server.app.inject({ method: 'GET', url, headers: XHR });
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('the CSP allows no inline script and no framing', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self' 'unsafe-inline'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self' ws: wss:");
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self' data:");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  test('API answers are not cached', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/content/menu', headers: XHR });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/health', () => {
  test('answers ok with the database reachable', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({ status: 'ok', payload: { status: 'ok', db: true } });
  });
});

describe('CSRF', () => {
  const credentials = { email: 'csrf@example.com', password: TEST_PASSWORD };

  test('a POST without X-Requested-With is refused before anything happens', async () => {
    await signUp(server.app, credentials.email);
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'en' }, payload: credentials });
    expect(response.statusCode).toBe(403);
    expect(response.json().payload).toEqual({ code: 'forbidden', message: en['errors.csrf'] });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('a POST from a foreign Origin is refused', async () => {
    await signUp(server.app, credentials.email);
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...XHR, origin: 'https://evil.example' }, payload: credentials });
    expect(response.statusCode).toBe(403);
    expect(response.json().payload.code).toBe('forbidden');
  });

  test('a POST from our own Origin passes', async () => {
    await signUp(server.app, credentials.email);
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...XHR, origin: 'http://localhost' }, payload: credentials });
    expect(response.statusCode).toBe(200);
  });

  test('a cross-site form post (urlencoded, no header) cannot change the language of an account', async () => {
    const account = await signUp(server.app);
    const response = await server.app.inject({
      method: 'POST', url: '/api/lang', headers: { cookie: account.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, payload: 'lang=en',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const row = await server.database.db.selectFrom('users').select('locale').where('id', '=', account.userId).executeTakeFirstOrThrow();
    expect(row.locale).toBe('en'); // unchanged: the account was registered in English
  });
});

/** Every state-changing call of this module, with a valid body, and whether it needs a session. */
const ROUTES: Array<{ url: string; body: Record<string, unknown>; signedIn: boolean }> = [
  { url: '/api/auth/register', body: { email: 'new@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true }, signedIn: false },
  { url: '/api/auth/login', body: { email: 'new@example.com', password: TEST_PASSWORD }, signedIn: false },
  { url: '/api/auth/reset', body: { email: 'new@example.com' }, signedIn: false },
  { url: `/api/auth/reset/${'A'.repeat(43)}`, body: { password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD }, signedIn: false },
  { url: '/api/auth/change', body: { current_password: TEST_PASSWORD, password: 'Changed-Falcon-9', password_confirmation: 'Changed-Falcon-9' }, signedIn: true },
  { url: '/api/lang', body: { lang: 'ru' }, signedIn: true },
  { url: '/api/notify/close', body: { id: '1' }, signedIn: true },
  { url: '/api/user/info', body: { first_name: 'Anna' }, signedIn: true },
];

const HOSTILE = [
  "<script>alert(1)</script>",
  "'; drop table users; --",
  'a\u0000b',
  '\u202e\u0000'.repeat(50),
  '{{constructor.constructor("x")()}}',
  '../../../etc/passwd',
];

describe.each(ROUTES)('bad input on POST $url', ({ url, body, signedIn }) => {
  /** The rows a request could write; each bad request must leave them as they were. */
  const snapshot = async () => {
    const db = server.database.db;
    return {
      users: await db.selectFrom('users').select(['id', 'email', 'password_hash', 'locale', 'first_name']).orderBy('id').execute(),
      sessions: await db.selectFrom('sessions').select('id_hash').orderBy('id_hash').execute(),
      outbox: await db.selectFrom('email_outbox').select('id').execute(),
      tokens: await db.selectFrom('auth_tokens').select(['token_hash', 'used_at']).orderBy('token_hash').execute(),
      notifications: await db.selectFrom('notifications').select(['id', 'closed_at']).orderBy('id').execute(),
      throttle: await db.selectFrom('throttle_counters').selectAll().orderBy('key').execute(),
    };
  };
  let owner: Awaited<ReturnType<typeof signUp>> | undefined;
  beforeEach(() => {
    owner = undefined;
  });
  /** The account the signed-in calls use, with one open notification (id 1), made once per test. */
  const prepare = async () => {
    if (owner) return owner;
    owner = await signUp(server.app, 'owner@example.com');
    await server.database.db.insertInto('notifications').values({ id: 1, user_id: owner.userId, title: 'Hello', redirect_url: null, closed_at: null }).execute();
    return owner;
  };
  const post = async (payload: string) => {
    const account = await prepare();
    return server.app.inject({
      method: 'POST', url, payload,
      headers: { ...XHR, 'content-type': 'application/json', ...(signedIn ? { cookie: account.cookie } : {}) },
    });
  };
  const send = async (payload: string) => {
    await prepare();
    const before = await snapshot();
    const response = await post(payload);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const envelope = response.json();
    expect(envelope.status).toBe('error');
    expect(envelope.fv).toBe('test-fv');
    // Translated, never a raw key.
    expect([en[`errors.${envelope.payload.code}`], en['errors.malformed']]).toContain(envelope.payload.message);
    for (const text of Object.values(envelope.payload.fields ?? {})) expect(text).not.toMatch(/^[a-z_]+\.[a-z_.]+$/);
    const after = await snapshot();
    if (envelope.payload.fields?.current_password === en['validation.current_password']) {
      // A wrong current password is a real guess: it is counted against the account, on purpose,
      // and that is the only counter that changed (the sign-up's own counters stay as they were).
      const key = `login:account:${owner!.email}`;
      const changed = after.throttle.filter((row) => !before.throttle.some((old) => JSON.stringify(old) === JSON.stringify(row)));
      const guessesBefore = before.throttle.find((row) => row.key === key)?.attempts ?? 0;
      expect(changed.map((row) => [row.key, row.attempts])).toEqual([[key, guessesBefore + 1]]);
      after.throttle = before.throttle;
    }
    expect(after).toEqual(before);
    return envelope.payload;
  };

  test('malformed JSON', async () => {
    const payload = await send('{"email": "a@example.com",');
    expect(payload.message).toBe(en['errors.malformed']);
  });

  test('a body that is not an object', async () => {
    expect((await send('[1, 2, 3]')).code).toBe('validation');
    expect((await send('"text"')).code).toBe('validation');
    expect((await send('null')).code).toBe('validation');
  });

  test('wrong types in every field', async () => {
    const wrong = Object.fromEntries(Object.keys(body).map((key) => [key, { nested: [1] }]));
    const payload = await send(JSON.stringify(wrong));
    expect(payload.code).toBe('validation');
    expect(Object.keys(payload.fields).sort()).toEqual(Object.keys(body).sort());
  });

  test('missing fields', async () => {
    if (url === '/api/user/info') {
      // Every field of the profile is optional: an empty update is accepted and changes nothing.
      await prepare();
      const before = await snapshot();
      expect((await post('{}')).statusCode).toBe(200);
      expect(await snapshot()).toEqual(before);
      return;
    }
    expect((await send('{}')).code).toBe('validation');
  });

  test('an unknown field', async () => {
    const payload = await send(JSON.stringify({ ...body, is_admin: true }));
    expect(payload.code).toBe('validation');
    expect(payload.fields.is_admin).toBe(en['validation.unknown_field']);
  });

  test('an oversized body', async () => {
    const payload = await send(JSON.stringify({ ...body, padding: 'x'.repeat(200 * 1024) }));
    expect(payload.code).toBe('payload_too_large');
  });

  test('hostile strings in every field', async () => {
    for (const hostile of HOSTILE) {
      const fields = Object.fromEntries(Object.keys(body).map((key) => [key, hostile]));
      const payload = await send(JSON.stringify(fields));
      expect(['validation', 'invalid_token']).toContain(payload.code);
    }
  });
});

describe('serving the web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-4f3a2b.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-4f3a2b.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'fv.txt'), 'build-2026-11-23\n');
  const web = testServer({ config: { webDist: dist } });
  const page = (url: string, accept = 'text/html,application/xhtml+xml') => web.app.inject({ method: 'GET', url, headers: { accept } });

  test('index.html for / and for every app route, never stored by a cache', async () => {
    for (const url of ['/', '/home', '/strategy/trend-following', '/withdraw/form/2/card?x=1']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  test('hashed assets are cached for a year, other files revalidate', async () => {
    const asset = await page('/assets/index-4f3a2b.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await page('/logo.svg', 'image/*');
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  test('responses are compressed when the browser accepts it', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/index-4f3a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers['content-encoding']).toBe('gzip');
  });

  test('API, translations and missing files are not answered with the app', async () => {
    const api = await page('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json().payload.code).toBe('not_found');
    expect((await page('/assets/missing-123.js', '*/*')).statusCode).toBe(404);
    expect((await page('/i18n/xx')).statusCode).toBe(404);
  });

  test('the build version comes from fv.txt', () => {
    expect(readFrontendVersion(dist)).toBe('build-2026-11-23');
    expect(readFrontendVersion(path.join(dist, 'nothing'))).toBe('dev');
    expect(readFrontendVersion(undefined)).toBe('dev');
  });
});
