import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { BOOT_CALLS, bootDataSchema, type BootData } from '../../src/api/contract/boot';
import { CONTENT_SECURITY_POLICY } from '../../server/src/http/security-headers';
import { allMessages } from '../../server/src/i18n';
import { chunksFor, loadDocumentTemplate, matchesPattern, renderDocument, scriptSafeJson, SERVICE_WORKER_META } from '../../server/src/modules/web/document';
import { XHR, signUp, useTestServer as testServer } from './harness';

/** A built web app in miniature: the template, two route chunk lists, a hashed asset and its compressed copies. */
const dist = mkdtempSync(path.join(tmpdir(), 'boot-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="ru"><head><script type="module" crossorigin src="/assets/index-4f3a2b.js"></script></head><body><div id="root"></div></body></html>',
);
const ASSET = `console.log(${JSON.stringify('boot '.repeat(2000))});`;
writeFileSync(path.join(dist, 'assets', 'index-4f3a2b.js'), ASSET);
writeFileSync(path.join(dist, 'assets', 'index-4f3a2b.js.br'), brotliCompressSync(ASSET));
writeFileSync(path.join(dist, 'assets', 'index-4f3a2b.js.gz'), gzipSync(ASSET));
writeFileSync(
  path.join(dist, 'route-chunks.json'),
  JSON.stringify([
    { path: '/', files: ['assets/landing-route-a1.js'] },
    { path: '/login', files: ['assets/login-route-b2.js', 'assets/Field-c3.js'] },
    { path: '/home', files: ['assets/home-route-d4.js'] },
    { path: '/withdraw/form/:id?/:form?', files: ['assets/withdraw-route-e5.js'] },
  ]),
);

const web = testServer({ config: { webDist: dist } });
const HTML = 'text/html,application/xhtml+xml';
const documentOf = (url: string, headers: Record<string, string> = {}) =>
  web.app.inject({ method: 'GET', url, headers: { accept: HTML, ...headers } });

/** The boot block of a document, parsed and checked against the contract. */
function bootOf(html: string): BootData {
  const match = /<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('the document has no boot block');
  return bootDataSchema.parse(JSON.parse(match[1]));
}

type AuthAnswer = { user: { is_authenticated: boolean; email?: string; account_id?: string; wallets?: { wallet_type: string }[] }; locale: string; fv: string };

describe('the document carries the boot data', () => {
  test('a visitor: no user, the chosen locale messages only, the menus, the site settings and the version; never stored', async () => {
    const response = await documentOf('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toContain('text/html');
    // The block is data, not a script: the policy still forbids inline scripts.
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY.split('; ')).toContain("script-src 'self'");
    expect(response.body).toContain('<html lang="en"');

    const boot = bootOf(response.body);
    expect(boot.locale).toBe('en');
    const auth = boot.answers[BOOT_CALLS.authCheck] as AuthAnswer & { site_settings: { languages: string[] } };
    expect(auth.user).toEqual({ is_authenticated: false });
    expect(auth.locale).toBe('en');
    expect(auth.fv).toBe('test-fv');
    expect(auth.site_settings.languages).toContain('ru');
    expect(boot.answers[BOOT_CALLS.messages('en')]).toEqual(allMessages().en);
    expect(boot.answers[BOOT_CALLS.messages('ru')]).toBeUndefined();
    const menus = boot.answers[BOOT_CALLS.menus] as { status: string; payload: { footer_menu_1: unknown[] } };
    expect(menus.status).toBe('ok');
    expect(menus.payload).toEqual((await web.app.inject({ method: 'GET', url: '/api/content/menu', headers: XHR })).json().payload);
    // A first visit: the document sets the language cookie the app's POST /api/lang would set, and answers that call.
    expect(String(response.headers['set-cookie'])).toContain('i18n_redirected=en');
    expect(boot.answers[BOOT_CALLS.language]).toMatchObject({ status: 'ok', payload: { lang: 'en' }, locale: 'en' });
  });

  test('the locale cookie wins over Accept-Language, and Russian is the default', async () => {
    expect(bootOf((await documentOf('/login', { cookie: 'i18n_redirected=ru', 'accept-language': 'en' })).body).locale).toBe('ru');
    const plain = await documentOf('/login');
    expect(bootOf(plain.body).locale).toBe('ru');
    expect(Object.keys(bootOf(plain.body).answers)).toContain(BOOT_CALLS.messages('ru'));
  });

  test('two sessions rendered in parallel each find only their own user and wallets', async () => {
    const [first, second] = await Promise.all([signUp(web.app), signUp(web.app)]);
    const rounds = 5;
    const answers = await Promise.all(
      Array.from({ length: rounds }, () => [documentOf('/home', { cookie: first.cookie }), documentOf('/home', { cookie: second.cookie })]).flat(),
    );
    answers.forEach((response, index) => {
      const [own, other] = index % 2 === 0 ? [first, second] : [second, first];
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain(own.email);
      expect(response.body).toContain(own.accountId);
      expect(response.body).not.toContain(other.email);
      expect(response.body).not.toContain(other.accountId);
      const auth = bootOf(response.body).answers[BOOT_CALLS.authCheck] as AuthAnswer;
      expect(auth.user).toMatchObject({ is_authenticated: true, email: own.email, account_id: own.accountId });
      expect(auth.user.wallets?.map((wallet) => wallet.wallet_type).sort()).toEqual(['demo', 'main', 'tournament']);
    });
    // And a visitor's document right after holds nobody's.
    const visitor = await documentOf('/home');
    expect(visitor.body).not.toContain(first.email);
    expect(visitor.body).not.toContain(second.email);
  });

  test('data that looks like markup cannot end the block', async () => {
    const hostile = '</script><script>alert(1)</script><!-- $& $` \u2028';
    await web.app.database.db
      .insertInto('menu_items')
      .values({ menu: 'footer_menu_1', locale: 'ru', title: hostile, url: '/x', order: 99, icon_name: null })
      .execute();
    try {
      const html = (await documentOf('/')).body;
      expect(html.match(/<script/g)).toHaveLength(2); // the app's module script and the boot block, nothing else
      expect(html).not.toContain('<!--');
      const menus = bootOf(html).answers[BOOT_CALLS.menus] as { payload: { footer_menu_1: { title: string }[] } };
      expect(menus.payload.footer_menu_1.map((item) => item.title)).toContain(hostile);
    } finally {
      await web.app.database.db.deleteFrom('menu_items').where('title', '=', hostile).execute();
    }
    expect(JSON.parse(scriptSafeJson({ text: '</script>&<!--' }))).toEqual({ text: '</script>&<!--' });
    expect(scriptSafeJson('</script>')).not.toContain('<');
  });
});

describe('the service worker', () => {
  test('the document names it when SERVICE_WORKER is on (the default), and not when it is 0', async () => {
    expect((await documentOf('/')).body).toContain(SERVICE_WORKER_META);
    const template = loadDocumentTemplate(dist);
    expect(renderDocument(template, { pathname: '/', locale: 'ru', boot: {}, serviceWorker: false })).not.toContain('service-worker');
  });
});

describe('the route chunk goes with the document', () => {
  test('modulepreload links for the chunks of the page the URL opens', async () => {
    const login = (await documentOf('/login')).body;
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-route-b2.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/Field-c3.js">');
    expect(login).not.toContain('home-route');
    const withdraw = (await documentOf('/withdraw/form/2/card?x=1')).body;
    expect(withdraw).toContain('href="/assets/withdraw-route-e5.js"');
    expect((await documentOf('/no/such/page')).body).not.toContain('modulepreload');
  });

  test('route patterns match the way the router does', () => {
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/', '/home')).toBe(false);
    expect(matchesPattern('/withdraw/form/:id?/:form?', '/withdraw/form')).toBe(true);
    expect(matchesPattern('/withdraw/form/:id?/:form?', '/withdraw/form/2/card')).toBe(true);
    expect(matchesPattern('/withdraw/form/:id?/:form?', '/withdraw/form/2/card/x')).toBe(false);
    expect(matchesPattern('/withdraw/:id?/cancel', '/withdraw/7/cancel')).toBe(true);
    expect(matchesPattern('/withdraw/:id?/cancel', '/withdraw/cancel')).toBe(true);
    expect(matchesPattern('/company/:name', '/company')).toBe(false);
    expect(chunksFor([{ path: '/a', files: ['x'] }, { path: '/:name', files: ['y'] }], '/a')).toEqual(['x']);
  });
});

describe('caching and compression of the built files', () => {
  const asset = (encoding?: string) =>
    web.app.inject({ method: 'GET', url: '/assets/index-4f3a2b.js', headers: { accept: '*/*', ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  test('hashed assets are immutable for a year', async () => {
    const response = await asset('br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('the prebuilt brotli or gzip copy by content negotiation, the plain file otherwise', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-4f3a2b.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  test('the document is compressed on the fly and never cached', async () => {
    const response = await documentOf('/', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('id="boot"');
  });
});

describe('a client without text/html in its Accept (curl, a fetch)', () => {
  const get = (url: string, accept?: string) => web.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

  test("gets the document for the app's routes when it takes anything", async () => {
    for (const [url, accept] of [['/', undefined], ['/home', undefined], ['/login', '*/*'], ['/withdraw/form/3', '*/*;q=0.8'], ['/?ref=mail', '']] as const) {
      const response = await get(url, accept);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(bootOf(response.body).locale, url).toBe('ru');
    }
  });

  test('an unknown /api/ call keeps its JSON 404, and what is no app route stays a 404', async () => {
    const api = await get('/api/no/such/call');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'error', payload: { code: 'not_found', message: 'Такого адреса API нет' } });
    expect((await get('/api/no/such/call', '*/*')).json().payload.code).toBe('not_found');
    for (const [url, accept] of [['/assets/missing-1a2b.js', '*/*'], ['/metrics', undefined], ['/no/such/page', '*/*'], ['/', 'application/json']] as const) {
      const response = await get(url, accept);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe('Не найдено');
    }
  });
});
