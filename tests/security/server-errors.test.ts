import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import enErrors from '../../server/content/locales/en/errors.json';
import enValidation from '../../server/content/locales/en/validation.json';
import { signUp, signUpOperator, useTestServer as testServer, XHR, type SignedUp } from '../server/harness';
import { backofficeToken, multipart, PNG } from '../server/support-helpers';
import { databaseSnapshot, routeTable, withParams } from '../server/app-routes';
import { TRADING_KEEP } from '../server/trading-support';
import { createTrader } from '../server/money-fixtures';
import { CONTENT_SECURITY_POLICY } from '../../server/src/http/security-headers';
import { ERROR_STATUS } from '../../src/api/contract/errors';

/**
 * 5xx answers a user can cause, and answers without the security headers. The rule: whatever a
 * request holds, the answer is never a 5xx and always carries the CSP and the other headers. The
 * fuzz walks every route of the app (its own route table), the built web app's files included.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'server-errors-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(path.join(dist, 'assets', 'index-1a2b3c.js'), 'console.log(1);');
const dataDir = mkdtempSync(path.join(tmpdir(), 'server-errors-'));
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});
const server = testServer({ config: { webDist: dist, dataDir }, keep: [...TRADING_KEEP, 'payment_systems'] });
const snapshot = databaseSnapshot(server);

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The invariant of every answer. */
function expectSafe(answer: Answer, label: string) {
  expect(answer.statusCode, `${label} -> ${answer.statusCode} ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  expect(answer.headers['content-security-policy'], `${label}: CSP`).toBe(CONTENT_SECURITY_POLICY);
  expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
  expect(answer.headers['x-frame-options'], label).toBe('DENY');
  expect(answer.headers['referrer-policy'], label).toBeDefined();
}

const FORM = 'application/x-www-form-urlencoded';

describe('a tournament named after a property every object has', () => {
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

  test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('a tournament named %s breaks no page', async (name) => {
    const operator = await signUpOperator(server.app);
    const { cookie, token } = await backofficeToken(server.app, operator);
    const opened = await server.app.inject({
      method: 'POST',
      url: '/backoffice/tournaments',
      headers: { 'content-type': FORM, cookie, 'accept-language': 'en' },
      payload: new URLSearchParams({ _csrf: token, name, starts_at: minutesFromNow(-1), ends_at: minutesFromNow(60), entry_fee: '5', start_balance: '1000', prizes: '' }).toString(),
    });
    expect(opened.statusCode, opened.body.slice(0, 300)).toBe(303);
    const trader = await signUp(server.app);
    for (const who of [trader.cookie, '']) {
      const current = await server.app.inject({ method: 'GET', url: '/api/tournament/current', headers: { ...XHR, cookie: who } });
      expectSafe(current, 'GET /api/tournament/current');
      expect(current.statusCode).toBe(200);
      expect(current.json().payload.running.map((t: { name: string }) => t.name)).toContain(name);
    }
    const page = await server.app.inject({ method: 'GET', url: opened.headers.location as string, headers: { cookie, 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(name);
  });
});

describe('NUL characters', () => {
  let trader: SignedUp;
  const nulRefused = (answer: Answer, label: string) => {
    expectSafe(answer, label);
    expect(answer.statusCode, `${label}: ${answer.body.slice(0, 200)}`).toBe(ERROR_STATUS.validation);
    const payload = JSON.parse(answer.body).payload;
    expect(payload.code, label).toBe('validation');
    expect(Object.values(payload.fields ?? {}), label).toContain(enValidation['validation.invalid_character']);
  };
  const headers = () => ({ ...XHR, cookie: trader.cookie });

  test('a NUL in a JSON field (the profile) is a field error, not a database error', async () => {
    trader = await signUp(server.app);
    const before = await snapshot();
    const answer = await server.app.inject({ method: 'POST', url: '/api/user/info', headers: headers(), payload: { first_name: 'Ann\u0000a' } });
    nulRefused(answer, 'first_name');
    expect(JSON.parse(answer.body).payload.fields.first_name).toBe(enValidation['validation.invalid_character']);
    expect(await snapshot()).toEqual(before);
  });

  test('a NUL in a multipart text field, in a multipart file name, and in a field name', async () => {
    trader = await signUp(server.app);
    const before = await snapshot();
    const text = await multipart({ text: 'hello\u0000world' });
    nulRefused(await server.app.inject({ method: 'POST', url: '/api/support', headers: { ...headers(), 'content-type': text.contentType }, payload: text.payload }), 'support text');
    const profile = await multipart({ first_name: 'A\u0000' });
    nulRefused(await server.app.inject({ method: 'POST', url: '/api/user/info', headers: { ...headers(), 'content-type': profile.contentType }, payload: profile.payload }), 'profile multipart');
    const withdraw = await multipart({ amount: '10', card_number: '4242 4242 4242 4242', holder_name: 'JOHN\u0000SMITH' });
    nulRefused(await server.app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...headers(), 'content-type': withdraw.contentType }, payload: withdraw.payload }), 'withdraw holder name');
    const file = await multipart({ text: 'see the file' }, [{ field: 'file1', name: 'shot\u0000.png', type: 'image/png', data: PNG }]);
    nulRefused(await server.app.inject({ method: 'POST', url: '/api/support', headers: { ...headers(), 'content-type': file.contentType }, payload: file.payload }), 'file name');
    const fieldName = await multipart({ 'te\u0000xt': 'hello' });
    const fieldNameAnswer = await server.app.inject({ method: 'POST', url: '/api/support', headers: { ...headers(), 'content-type': fieldName.contentType }, payload: fieldName.payload });
    nulRefused(fieldNameAnswer, 'field name');
    expect(await snapshot()).toEqual(before);
  });

  test('a NUL in a route parameter and in a query string', async () => {
    trader = await signUp(server.app);
    const before = await snapshot();
    nulRefused(await server.app.inject({ method: 'GET', url: '/api/content/article/lic%00ense', headers: headers() }), 'article name');
    nulRefused(await server.app.inject({ method: 'GET', url: '/api/bet/history?wallet_type=demo%00', headers: headers() }), 'query');
    nulRefused(await server.app.inject({ method: 'POST', url: '/api/auth/reset', headers: { ...XHR }, payload: { email: 'a\u0000@example.com' } }), 'reset email');
    expect(await snapshot()).toEqual(before);
  });
});

describe('form field names that every object already has', () => {
  test.each(['__proto__', 'constructor', 'toString'])('a multipart field named %s is refused, neither dropped nor read as a property', async (name) => {
    const trader = await signUp(server.app);
    const before = await snapshot();
    for (const url of ['/api/user/info', '/api/withdraw/card/confirm', '/api/support']) {
      const body = await multipart({ [name]: 'x' });
      const answer = await server.app.inject({ method: 'POST', url, headers: { ...XHR, cookie: trader.cookie, 'content-type': body.contentType }, payload: body.payload });
      expectSafe(answer, `${name} at ${url}`);
      // The multipart parser refuses such names outright: the body is not usable.
      expect(answer.statusCode, `${name} at ${url}: ${answer.body.slice(0, 200)}`).toBe(400);
      expect(JSON.parse(answer.body).payload.message).toBe(enErrors['errors.malformed']);
    }
    expect(await snapshot()).toEqual(before);
  });

  test.each(['constructor', 'toString', 'hasOwnProperty'])('a JSON field named %s is named as unknown, like any other', async (name) => {
    const trader = await signUp(server.app);
    const before = await snapshot();
    const answer = await server.app.inject({ method: 'POST', url: '/api/user/info', headers: { ...XHR, cookie: trader.cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ [name]: 'x' }) });
    expectSafe(answer, name);
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(ERROR_STATUS.validation);
    expect(Object.entries(JSON.parse(answer.body).payload.fields)).toEqual([[name, enValidation['validation.unknown_field']]]);
    expect(await snapshot()).toEqual(before);
  });

  test('a back office form field named constructor holding a NUL is named plainly, not as a built-in function', async () => {
    const operator = await signUpOperator(server.app);
    const { cookie, token } = await backofficeToken(server.app, operator);
    const before = await snapshot();
    const soon = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16);
    const answer = await server.app.inject({
      method: 'POST',
      url: '/backoffice/tournaments',
      headers: { 'content-type': FORM, cookie, 'accept-language': 'en' },
      payload: new URLSearchParams({ _csrf: token, name: 'Cup', starts_at: soon, ends_at: soon, entry_fee: '5', start_balance: '1000', prizes: '', constructor: 'a\u0000' }).toString(),
    });
    expectSafe(answer, 'tournament form');
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toContain(enValidation['validation.invalid_character']);
    expect(answer.body).not.toContain('native code');
    expect(await snapshot()).toEqual(before);
  });
});

describe('broken bodies', () => {
  test('a broken multipart body is a clear 400 on every route that reads one', async () => {
    const trader = await signUp(server.app);
    const boundary = '----broken';
    const broken: Array<[string, string, string | Buffer]> = [
      ['a truncated part', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello`],
      ['no boundary parameter', 'multipart/form-data', `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello\r\n--${boundary}--\r\n`],
      ['another boundary than announced', `multipart/form-data; boundary=other`, `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello\r\n--${boundary}--\r\n`],
      ['a file part cut in the middle', `multipart/form-data; boundary=${boundary}`, Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), PNG.subarray(0, 20)])],
    ];
    const before = await snapshot();
    for (const url of ['/api/support', '/api/user/info', '/api/withdraw/card/confirm', '/api/card/check']) {
      for (const [label, contentType, payload] of broken) {
        const answer = await server.app.inject({ method: 'POST', url, headers: { ...XHR, cookie: trader.cookie, 'content-type': contentType }, payload });
        expectSafe(answer, `${label} at ${url}`);
        expect(answer.statusCode, `${label} at ${url}: ${answer.body}`).toBeGreaterThanOrEqual(400);
        const body = JSON.parse(answer.body);
        expect(body.status).toBe('error');
        expect(Object.values(enErrors).concat(Object.values(enValidation))).toEqual(expect.arrayContaining([body.payload.message]));
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('security headers on every answer', () => {
  test('answers made before routing: an unreadable URL, a parameter too long, bytes that are not HTTP', async () => {
    const unreadable = await server.app.inject({ method: 'GET', url: '/api/content/article/%E0%A4%A' });
    expectSafe(unreadable, 'bad escape');
    expect(unreadable.statusCode).toBe(400);
    const long = await server.app.inject({ method: 'POST', url: `/api/auth/reset/${'A'.repeat(300)}`, headers: XHR, payload: {} });
    expectSafe(long, 'long parameter');
    expect(long.statusCode).toBe(414);

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const rawAnswer = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
    for (const bytes of ['GARBAGE\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]) {
      const text = await rawAnswer(bytes);
      const [head = ''] = text.split('\r\n\r\n');
      expect(head, JSON.stringify(bytes.slice(0, 40))).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(head.toLowerCase()).toContain(`content-security-policy: ${CONTENT_SECURITY_POLICY.toLowerCase()}`);
      expect(head.toLowerCase()).toContain('x-frame-options: deny');
    }
  });

  test('404s, 405-like misses, 413, 415, static files, the app, the back office and HEAD requests', async () => {
    const trader = await signUp(server.app);
    const cases: Array<[string, string, Record<string, string>, string | undefined]> = [
      ['GET', '/api/no/such/call', XHR, undefined],
      ['GET', '/no/such/page', { accept: 'image/png' }, undefined],
      ['DELETE', '/api/auth/login', XHR, undefined],
      ['POST', '/api/user/info', { ...XHR, cookie: trader.cookie, 'content-type': 'application/json' }, JSON.stringify({ first_name: 'x'.repeat(100_000) })],
      ['POST', '/api/user/info', { ...XHR, cookie: trader.cookie, 'content-type': 'text/xml' }, '<a/>'],
      ['GET', '/assets/index-1a2b3c.js', {}, undefined],
      ['GET', '/assets/missing.js', {}, undefined],
      ['GET', '/home', { accept: 'text/html' }, undefined],
      ['HEAD', '/home', { accept: 'text/html' }, undefined],
      ['GET', '/backoffice', {}, undefined],
      ['GET', '/backoffice/backoffice.css', {}, undefined],
      ['GET', '/i18n/en', {}, undefined],
      ['GET', '/i18n/xx', {}, undefined],
      ['OPTIONS', '/api/auth/login', {}, undefined],
    ];
    for (const [method, url, headers, payload] of cases) {
      const answer = await server.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });
      expectSafe(answer, `${method} ${url}`);
    }
  });
});

/** Values of a path parameter an attacker would try. */
const HOSTILE_PARAMS = ['a\u0000b', '__proto__', 'constructor', 'toString', '-1', '1e309', '9'.repeat(40), '<script>', 'ü'.repeat(20), ' ', '%'];
/** Raw query strings, malformed escapes and prototype keys included. */
const HOSTILE_QUERIES = ['page=%00', 'page=%E0%A4%A', '__proto__[x]=1&constructor[prototype][x]=1', 'page=1&page=2', 'per_page=99999999999999999999', `q=${'x'.repeat(10_000)}`, 'wallet_type[]=demo', '%=%'];

describe('fuzzing every route of the app', () => {
  test('hostile parameters, queries and bodies on every route: never a 5xx, always the security headers', async () => {
    // A fresh session for each route: the fuzz of a sign-out route must not leave the next routes
    // answering 401 to everything. Sessions are made straight in the database (no password hashing).
    const freshCookie = async (role: 'trader' | 'operator') => (await createTrader(server, { role, mainCents: 100_00 })).headers.cookie!;
    const routes = routeTable(server.app);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/assets/index-1a2b3c.js', '/backoffice/tournaments', '/api/support', '/*']));
    const bodies = (token: string): Array<[string, string | Buffer]> => [
      ['application/json', '{"broken": '],
      ['application/json', '[1, "\\u0000", {"__proto__": {"role": "operator"}}]'],
      ['application/json', JSON.stringify({ _csrf: token, __proto__: { x: 1 }, constructor: { prototype: { x: 1 } }, text: 'a\u0000b', name: 'a\u0000b', email: 7, amount: [] })],
      ['application/json', '['.repeat(20_000) + ']'.repeat(20_000)],
      ['application/json', JSON.stringify({ text: 'x'.repeat(80_000) })],
      ['application/json', '"\\u0000"'],
      [FORM, `_csrf=${token}&text=a%00b&name=%00&__proto__=x&email=%E0%A4%A`],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="text"\r\n\r\na'],
      ['multipart/form-data; boundary=zz', `--zz\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${token}\r\n--zz\r\nContent-Disposition: form-data; name="text"\r\n\r\na\u0000b\r\n--zz--\r\n`],
      ['multipart/form-data; boundary=zz', Buffer.concat([
        Buffer.from(`--zz\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${token}\r\n--zz\r\nContent-Disposition: form-data; name="file1"; filename="a\u0000\u202e.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
        Buffer.from('\r\n--zz--\r\n'),
      ])],
      ['multipart/form-data', '--zz\r\nContent-Disposition: form-data; name="text"\r\n\r\na\r\n--zz--\r\n'],
      ['text/plain', 'a\u0000b'],
    ];
    let requests = 0;
    for (const route of routes) {
      const isOffice = route.url.startsWith('/backoffice');
      const office = isOffice ? await backofficeToken(server.app, { cookie: await freshCookie('operator') } as SignedUp) : undefined;
      const cookie = office?.cookie ?? (await freshCookie('trader'));
      const headers = { ...XHR, cookie, origin: 'http://localhost' };
      const send = async (url: string, payload?: [string, string | Buffer]) => {
        requests += 1;
        const answer = await server.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...headers, ...(payload ? { 'content-type': payload[0] } : {}) },
          ...(payload ? { payload: payload[1] } : {}),
        });
        expectSafe(answer, `${route.method} ${url}${payload ? ` with ${payload[0]} ${String(payload[1]).slice(0, 60)}` : ''}`);
      };
      const base = withParams(route.url.replace('*', 'x'));
      if (route.url.includes(':')) for (const value of HOSTILE_PARAMS) await send(withParams(route.url, value));
      for (const query of HOSTILE_QUERIES) await send(`${base}?${query}`);
      if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' || route.method === 'DELETE') {
        for (const body of bodies(office?.token ?? '')) await send(base, body);
      }
    }
    expect(requests).toBeGreaterThan(500);
  }, 600_000);
});
