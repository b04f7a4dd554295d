import { describe, expect, test } from 'vitest';
import { gzipSync } from 'node:zlib';
import { XHR, cookieHeader, signUp, useTestServer as testServer, type SignedUp } from './harness';
import { serverProcesses } from './process-helpers';
import { BRAZIL_ADDRESS, LONDON_ADDRESS, MOSCOW_IPV6_ADDRESS, UNLISTED_ADDRESS, geoipDatabase, writeTempFile } from './fixtures/geoip-database';
import { writeMmdb } from './fixtures/mmdb-writer';
import { configProblems } from '../../server/src/settings';
import { isPublicAddress, openPlaces } from '../../server/src/modules/auth/ip-place';
import type { SessionItem, SignInItem } from '../../src/api/contract/security';

/** GEOIP_DATABASE: sessions and sign-ins keep the place of their address, shown in the reader's language. */

const database = writeTempFile(geoipDatabase());
const server = testServer({ config: { geoipDatabase: database } });

const inject = (url: string, options: { cookie?: string; ip?: string; language?: string; payload?: object; headers?: Record<string, string> } = {}) =>
  server.app.inject({
    method: options.payload ? 'POST' : 'GET',
    url,
    headers: { ...XHR, 'accept-language': options.language ?? 'en', ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });

async function signInFrom(account: SignedUp, ip: string, extra: { remember?: boolean; headers?: Record<string, string> } = {}) {
  const response = await inject('/api/auth/login', { ip, payload: { email: account.email, password: account.password, remember: extra.remember ?? false }, ...(extra.headers ? { headers: extra.headers } : {}) });
  expect(response.statusCode).toBe(200);
  return cookieHeader(response);
}

const currentSession = async (cookie: string, language = 'en') =>
  ((await inject('/api/auth/sessions', { cookie, language })).json().payload.items as SessionItem[]).find((item) => item.current)!;
const history = async (cookie: string, language = 'en') => (await inject('/api/auth/sign-ins', { cookie, language })).json().payload.items as SignInItem[];

describe('the place of a sign-in', () => {
  test('a sign-in from a known address shows its city and country in the sessions list and the history, the city in the reader\'s language', async () => {
    const account = await signUp(server.app);
    const london = await signInFrom(account, LONDON_ADDRESS);
    expect(await currentSession(london)).toMatchObject({ ip: LONDON_ADDRESS, place: { country: 'GB', city: 'London' } });
    expect((await currentSession(london, 'ru')).place).toEqual({ country: 'GB', city: 'Лондон' });
    // A language the database has no name in gets the English one.
    expect((await currentSession(london, 'tr')).place).toEqual({ country: 'GB', city: 'London' });
    const [latest] = await history(london, 'ru');
    expect(latest).toMatchObject({ success: true, ip: LONDON_ADDRESS, place: { country: 'GB', city: 'Лондон' } });
  });

  test('a failed attempt keeps its place too; a country-only record has no city; IPv6 and the flat layout work', async () => {
    const account = await signUp(server.app);
    const wrong = await inject('/api/auth/login', { ip: BRAZIL_ADDRESS, payload: { email: account.email, password: 'Wrong-Password-1', remember: false } });
    expect(wrong.statusCode).toBe(401);
    const moscow = await signInFrom(account, MOSCOW_IPV6_ADDRESS);
    expect((await currentSession(moscow, 'ru')).place).toEqual({ country: 'RU', city: 'Moscow' });
    const items = await history(moscow);
    expect(items.map((item) => [item.success, item.place])).toEqual([
      [true, { country: 'RU', city: 'Moscow' }],
      [false, { country: 'BR', city: null }],
    ]);
  });

  test('a private, loopback or unlisted address has no place', async () => {
    const account = await signUp(server.app);
    for (const ip of ['10.1.2.3', '192.168.0.10', '127.0.0.1', '::1', 'fd00::7', UNLISTED_ADDRESS]) {
      const cookie = await signInFrom(account, ip);
      expect(await currentSession(cookie)).toMatchObject({ ip, place: null });
    }
    expect((await history(account.cookie)).every((item) => item.place === null)).toBe(true);
  });

  test('X-Forwarded-For from a sender that is not a trusted proxy does not choose the place', async () => {
    const account = await signUp(server.app);
    const cookie = await signInFrom(account, '10.9.8.7', { headers: { 'x-forwarded-for': LONDON_ADDRESS } });
    expect(await currentSession(cookie)).toMatchObject({ ip: '10.9.8.7', place: null });
  });

  test('the place is stored at sign-in: the list reads it from the session, not from the address again', async () => {
    const account = await signUp(server.app);
    const london = await signInFrom(account, LONDON_ADDRESS);
    const row = await server.database.db.selectFrom('sessions').select(['place_country', 'place_city']).where('ip', '=', LONDON_ADDRESS).executeTakeFirstOrThrow();
    expect(row).toEqual({ place_country: 'GB', place_city: { en: 'London', ru: 'Лондон' } });
    // Seen later from elsewhere, the session still says where it was opened.
    expect((await currentSession(london)).place).toEqual({ country: 'GB', city: 'London' });
    const elsewhere = await inject('/api/auth/sessions', { cookie: london, ip: BRAZIL_ADDRESS });
    expect((elsewhere.json().payload.items as SessionItem[]).find((item) => item.current)!.place?.country).toBe('GB');
  });

  test('a remembered browser back after its session ended opens a session with the place of its new address', async () => {
    const account = await signUp(server.app);
    const remembered = await signInFrom(account, LONDON_ADDRESS, { remember: true });
    await server.database.db.deleteFrom('sessions').where('user_id', '=', account.userId).execute();
    const back = await inject('/api/user/info', { cookie: remembered, ip: MOSCOW_IPV6_ADDRESS });
    expect(back.statusCode).toBe(200);
    expect((await currentSession(cookieHeader(back, remembered))).place).toEqual({ country: 'RU', city: 'Moscow' });
  });
});

describe('the new-device email', () => {
  test('names the place of the address in the owner\'s language', async () => {
    const account = await signUp(server.app);
    await server.database.db.updateTable('users').set({ locale: 'ru' }).where('id', '=', account.userId).execute();
    await signInFrom(account, LONDON_ADDRESS);
    await signInFrom(account, UNLISTED_ADDRESS);
    const emails = await server.database.db.selectFrom('email_outbox').select('text').where('to_address', '=', account.email).orderBy('id').execute();
    expect(emails.at(-2)!.text).toContain(`${LONDON_ADDRESS} (Лондон, Великобритания)`);
    expect(emails.at(-1)!.text).toMatch(new RegExp(`адрес ${UNLISTED_ADDRESS.replaceAll('.', '\\.')}, `));
  });
});

describe('the lookup', () => {
  test('without a database every address is unknown', async () => {
    const placeOf = await openPlaces(undefined);
    expect(placeOf(LONDON_ADDRESS)).toBeNull();
  });

  test('an IPv4 client of a dual-stack socket is looked up as its IPv4 address', async () => {
    const placeOf = await openPlaces(database);
    expect(placeOf(`::ffff:${LONDON_ADDRESS}`)).toEqual({ country: 'GB', city: { en: 'London', ru: 'Лондон' } });
    expect(placeOf('::ffff:10.0.0.1')).toBeNull();
  });

  test('an IPv4-only file knows no IPv6 address (rather than read its first 32 bits as one)', async () => {
    const ipv4Only = writeMmdb([{ network: '42.0.0.0/8', data: { country_code: 'HK', city: 'Hong Kong' } }], { databaseType: 'dbip-city-ipv4', languages: ['en'], ipVersion: 4 });
    const placeOf = await openPlaces(writeTempFile(ipv4Only));
    expect(placeOf('42.2.6.184')).toEqual({ country: 'HK', city: { en: 'Hong Kong' } });
    // 2a02:06b8:: begins with the bits of 42.2.6.184.
    expect(placeOf('2a02:6b8::1')).toBeNull();
  });

  test('only public addresses are looked up (IPv4-mapped IPv6 as its IPv4 address)', () => {
    expect(['81.2.69.142', '2a02:6b8::1', '::ffff:81.2.69.142'].map(isPublicAddress)).toEqual([true, true, true]);
    expect(['10.0.0.1', '100.64.0.1', '169.254.1.1', '::ffff:192.168.1.1', 'fe80::1', '::', 'not an address'].map(isPublicAddress)).toEqual(Array(7).fill(false));
  });
});

describe('GEOIP_DATABASE that is not a database', () => {
  const missing = '/nonexistent/GeoLite2-City.mmdb';
  const corrupt = writeTempFile(Buffer.from('this is not a database\n'.repeat(200)));

  test('a valid file passes; a missing, corrupt or still compressed one is refused, naming the setting', () => {
    expect(configProblems({ GEOIP_DATABASE: database })).toEqual([]);
    expect(configProblems({ GEOIP_DATABASE: missing })).toEqual([`GEOIP_DATABASE=${missing} does not exist`]);
    expect(configProblems({ GEOIP_DATABASE: corrupt })[0]).toMatch(/^GEOIP_DATABASE=.* is not a MaxMind DB file/);
    expect(configProblems({ GEOIP_DATABASE: writeTempFile(gzipSync(geoipDatabase()), 'GeoLite2-City.mmdb.gz') })[0]).toMatch(/is compressed: unpack the \.mmdb file/);
    expect(configProblems({ GEOIP_DATABASE: writeTempFile(Buffer.alloc(0)) })[0]).toMatch(/is not a MaxMind DB file/);
  });

  const refused = serverProcesses({ GEOIP_DATABASE: corrupt });
  test('the server refuses to start with a corrupt one, saying why, without a stack trace', async () => {
    const failure = await refused.start().then(
      () => new Error('the server started'),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toMatch(/^server exited with 1:/);
    expect(failure.message).toMatch(/^- GEOIP_DATABASE=.* is not a MaxMind DB file/m);
    expect(failure.message).not.toMatch(/^\s+at /m);
  }, 120_000);
});
