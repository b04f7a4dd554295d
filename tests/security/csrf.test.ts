import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import en from '../../server/content/locales/en/errors.json';
import { useTestServer as testServer, XHR } from '../server/harness';
import { balanceCents, createTrader, multipart } from '../server/money-fixtures';
import { backofficeToken } from '../server/support-helpers';
import { signUpOperator } from '../server/harness';
import cookiePlugin from '@fastify/cookie';
import { databaseSnapshot, routeTable, withParams, type Route } from '../server/app-routes';
import { CONTENT_SECURITY_POLICY } from '../../server/src/http/security-headers';
import { canonicalPathPlugin, nonCanonicalPath } from '../../server/src/http/canonical-path';
import { envelopePlugin } from '../../server/src/http/envelope';

/**
 * Cross-site request forgery, and the path spellings that once slipped past its check: the check
 * read the raw URL (`startsWith('/api/')`) while the router decoded it, so `/%61pi/...` ran the
 * API route unchecked and a same-site multipart form took a trader's money. Every state-changing
 * route of the app (read from its route table) is tried with every spelling trick, over a real
 * socket so that the bytes of the path reach the server exactly as written.
 */
const server = testServer({ keep: ['payment_systems', 'pairs'] });
const snapshot = databaseSnapshot(server);
const OWN_ORIGIN = 'http://localhost'; // the test config's PUBLIC_URL

let listening: Promise<number> | undefined;
afterAll(async () => {
  if (listening) await server.app.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request whose target is sent byte for byte as given (no URL parsing on the way). */
async function raw(method: string, target: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> {
  listening ??= server.app.listen({ port: 0, host: '127.0.0.1' }).then(() => (server.app.server.address() as AddressInfo).port);
  const port = await listening;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const stateChanging = (): Route[] => routeTable(server.app).filter((route) => STATE_CHANGING.has(route.method));

/** Percent-encodes one character the way an attacker would (`a` -> `%61`). */
const escape = (char: string, upper = false) => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/**
 * Every spelling of a route's path that could reach another route than the one it names (or the
 * same route past a check that reads the text), built from the route's own first and last fixed
 * segments.
 */
function tricks(routeUrl: string): Array<[string, string]> {
  const path = withParams(routeUrl);
  const segments = path.split('/').slice(1);
  const fixed = routeUrl.split('/').slice(1).flatMap((segment, i) => (segment.includes(':') ? [] : [[segment, i] as const]));
  const [first, firstAt] = fixed[0]!;
  const [last, lastAt] = fixed[fixed.length - 1]!;
  const replace = (at: number, value: string) => '/' + segments.map((s, i) => (i === at ? value : s)).join('/');
  const rest = '/' + segments.slice(1).join('/');
  return [
    ['percent-encoded letter', replace(firstAt, escape(first[0]!) + first.slice(1))],
    ['percent-encoded letter, upper-case hex', replace(firstAt, escape(first[0]!, true) + first.slice(1))],
    ['percent-encoded letter in the last fixed segment', replace(lastAt, escape(last[0]!) + last.slice(1))],
    ['a fully encoded segment', replace(firstAt, [...first].map((c) => escape(c)).join(''))],
    ['double encoding', replace(firstAt, '%25' + escape(first[0]!).slice(1) + first.slice(1))],
    ['a leading doubled slash', '/' + path],
    ['a doubled slash inside', `/${segments[0]}/${rest}`],
    ['a dot segment', `/${segments[0]}/.${rest}`],
    ['an encoded dot segment', `/${segments[0]}/%2e${rest}`],
    ['a dot-dot segment', `/${segments[0]}/x/..${rest}`],
    ['an encoded dot-dot segment', `/${segments[0]}/x/%2e%2e${rest}`],
    ['a trailing semicolon', `${path};`],
    ['a semicolon parameter', `/${segments[0]};x=1${rest}`],
    ['an encoded slash', `/${segments[0]}%2f${segments.slice(1).join('/')}`],
    ['an encoded slash, upper-case', `/${segments[0]}%2F${segments.slice(1).join('/')}`],
    ['a backslash', `/${segments[0]}\\${segments.slice(1).join('/')}`],
    ['an encoded backslash', `/${segments[0]}%5C${segments.slice(1).join('/')}`],
    ['an absolute URL as the target', `${OWN_ORIGIN}${path}`],
  ];
}

/** The envelope of a refused spelling: 400, translated, with the security headers. */
function expectMalformed(answer: Answer, label: string) {
  expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBe(400);
  expect(JSON.parse(answer.body), label).toEqual({ status: 'error', payload: { code: 'validation', message: en['errors.malformed'] }, fv: 'test-fv' });
  expect(answer.headers['content-security-policy'], label).toBe(CONTENT_SECURITY_POLICY);
  expect(answer.headers['x-frame-options'], label).toBe('DENY');
  expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
}

describe('a same-site form posting to an encoded path', () => {
  test('a multipart withdrawal at /%61pi/withdraw/card/confirm without X-Requested-With takes no money', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    const { payload, contentType } = multipart({ amount: '50', card_number: '4242 4242 4242 4242', holder_name: 'ATTACKER' });
    const { cookie } = trader.headers as { cookie: string };
    const before = await snapshot();
    const answer = await raw('POST', '/%61pi/withdraw/card/confirm', { cookie, origin: OWN_ORIGIN, 'content-type': contentType, 'accept-language': 'en' }, payload);
    expectMalformed(answer, 'the original attack');
    expect(await snapshot()).toEqual(before);
    expect(await balanceCents(server, trader.id, 'main')).toBe(100_00);
    expect(await server.database.db.selectFrom('withdrawals').selectAll().execute()).toEqual([]);
  });

  test('the same form at the canonical path is refused for its missing header, and the web app itself still withdraws', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    const { cookie } = trader.headers as { cookie: string };
    const form = () => multipart({ amount: '50', card_number: '4242 4242 4242 4242', holder_name: 'JOHN SMITH' });
    const forged = form();
    const refused = await raw('POST', '/api/withdraw/card/confirm', { cookie, origin: OWN_ORIGIN, 'content-type': forged.contentType, 'accept-language': 'en' }, forged.payload);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).payload).toEqual({ code: 'forbidden', message: en['errors.csrf'] });
    expect(await balanceCents(server, trader.id, 'main')).toBe(100_00);
    const honest = form();
    const done = await raw('POST', '/api/withdraw/card/confirm', { ...XHR, cookie, origin: OWN_ORIGIN, 'content-type': honest.contentType }, honest.payload);
    expect(done.status, done.body).toBe(200);
    expect(await balanceCents(server, trader.id, 'main')).toBe(50_00);
  });
});

describe('path spelling tricks on every state-changing route', () => {
  test('the route table holds the state-changing routes, the back office and the checkout included', () => {
    const urls = stateChanging().map((route) => route.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/withdraw/:id/confirm', '/api/auth/login', '/backoffice/withdrawals/:id', '/sandbox/checkout/:id/:decision']));
    expect(urls.length).toBeGreaterThan(25);
  });

  test('every trick on every method of every route is refused with 400 before any handler, even with the web app\'s header', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    const { cookie } = trader.headers as { cookie: string };
    const before = await snapshot();
    for (const route of stateChanging()) {
      for (const [trick, target] of tricks(route.url)) {
        const answer = await raw(route.method, target, { ...XHR, cookie, origin: OWN_ORIGIN, 'content-type': 'application/json' }, '{}');
        expectMalformed(answer, `${trick}: ${route.method} ${target}`);
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 240_000);

  test('a case variation of a fixed segment runs nothing (the router is case-sensitive)', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    const { cookie } = trader.headers as { cookie: string };
    const before = await snapshot();
    for (const route of stateChanging()) {
      const path = withParams(route.url);
      for (const target of [path.toUpperCase(), path.replace(/^\/(\w)/, (_, c: string) => `/${c.toUpperCase()}`)]) {
        const answer = await raw(route.method, target, { ...XHR, cookie, origin: OWN_ORIGIN, 'content-type': 'application/json' }, '{}');
        expect(answer.status, `${route.method} ${target}`).toBe(404);
        expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  test('a router made forgiving (case, trailing and doubled slashes) still cannot widen a route', async () => {
    const forgiving = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true } });
    await forgiving.register(cookiePlugin);
    await forgiving.register(envelopePlugin, { frontendVersion: () => 'test-fv', walletsOf: async () => [] });
    await forgiving.register(canonicalPathPlugin, { frontendVersion: () => 'test-fv', secure: false });
    let ran = 0;
    forgiving.post('/api/withdraw/:id/confirm', async () => ++ran);
    for (const target of ['/API/withdraw/card/confirm', '/api/Withdraw/card/confirm', '/api/withdraw/card/confirm/', '/api//withdraw/card/confirm']) {
      const answer = await forgiving.inject({ method: 'POST', url: target, headers: { 'accept-language': 'en' } });
      expect(answer.statusCode, target).toBe(400);
      expect(answer.json().payload.message, target).toBe(en['errors.malformed']);
    }
    expect(ran).toBe(0);
    expect((await forgiving.inject({ method: 'POST', url: '/api/withdraw/card/confirm' })).statusCode).toBe(200);
    expect(ran).toBe(1);
    await forgiving.close();
  });
});

describe('legitimate escapes are not refused', () => {
  test('an escaped value inside a route parameter or in the query string reaches its route', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    const { cookie } = trader.headers as { cookie: string };
    // The route runs and judges the value itself: an unknown payment system, not a refused spelling.
    for (const slug of ['%C3%BCber', 'a%20b', 'x%40y', 'a%3Bb']) {
      const answer = await raw('POST', `/api/withdraw/${slug}/confirm`, { ...XHR, cookie, 'content-type': 'application/json' }, '{}');
      expect(answer.status, slug).toBeGreaterThanOrEqual(400);
      expect(answer.status, slug).toBeLessThan(500);
      expect(JSON.parse(answer.body).payload.message, slug).not.toBe(en['errors.malformed']);
    }
    const history = await raw('GET', '/api/withdraw/history?page=%31', { ...XHR, cookie });
    expect(history.status, history.body).toBe(200);
  });

  test('the rule itself: fixed segments exactly as written, parameters free to carry escapes', () => {
    expect(nonCanonicalPath('/api/withdraw/%C3%BC/confirm?x=%61', '/api/withdraw/:id/confirm')).toBeNull();
    expect(nonCanonicalPath('/api/withdraw/a%20b/confirm', '/api/withdraw/:id/confirm')).toBeNull();
    expect(nonCanonicalPath('/', '/')).toBeNull();
    expect(nonCanonicalPath('/strategy/trend-following', '/*')).toBeNull();
    expect(nonCanonicalPath('/api/withdraw/%61/confirm', '/api/withdraw/:id/confirm')).toBe('needless escape');
    expect(nonCanonicalPath('/api/withdraw/x%2Fy/confirm', '/api/withdraw/:id/confirm')).toBe('needless escape');
    expect(nonCanonicalPath('/API/withdraw/x/confirm', '/api/withdraw/:id/confirm')).toBe('fixed segment');
    expect(nonCanonicalPath('/api/withdraw/x/confirm/', '/api/withdraw/:id/confirm')).toBe('segment count');
  });
});

describe('every state-changing API call must come from the web app', () => {
  test('without X-Requested-With, or from a foreign Origin, each is refused and changes nothing', async () => {
    const trader = await createTrader(server, { mainCents: 100_00 });
    const { cookie } = trader.headers as { cookie: string };
    const api = stateChanging().filter((route) => route.url.startsWith('/api/') && route.url !== '/api/payments/webhook/sandbox');
    expect(api.length).toBeGreaterThan(20);
    const before = await snapshot();
    for (const route of api) {
      const url = withParams(route.url);
      for (const headers of [{ cookie, origin: OWN_ORIGIN }, { ...XHR, cookie, origin: 'https://evil.example' }, { ...XHR, cookie, origin: 'null' }]) {
        const answer = await server.app.inject({ method: route.method as 'POST', url, headers: { ...headers, 'accept-language': 'en', 'content-type': 'application/json' }, payload: '{}' });
        expect(answer.statusCode, `${route.method} ${url}`).toBe(403);
        expect(answer.json().payload.message).toBe(en['errors.csrf']);
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});

describe('the back office', () => {
  test('a cross-site form approving a withdrawal is refused before its body is read, and an encoded path is refused too', async () => {
    const operator = await signUpOperator(server.app);
    const { cookie, token } = await backofficeToken(server.app, operator);
    const before = await snapshot();
    const form = new URLSearchParams({ _csrf: token, decision: 'approve' }).toString();
    const headers = { cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' };
    const foreign = await raw('POST', '/backoffice/withdrawals/1', { ...headers, origin: 'https://evil.example' }, form);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toBe(en['errors.csrf']);
    expect(foreign.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    for (const target of ['/%62ackoffice/withdrawals/1', '/backoffice/%77ithdrawals/1', '//backoffice/withdrawals/1', '/backoffice/./withdrawals/1']) {
      expectMalformed(await raw('POST', target, { ...headers, origin: OWN_ORIGIN }, form), target);
    }
    expect(await snapshot()).toEqual(before);
  });
});
