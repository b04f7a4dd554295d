import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { XHR, cookieHeader, signUp, useTestServer as testServer, type SignedUp } from './harness';
import { SESSION_ENDED_CLOSE_CODE } from '../../server/src/realtime/hub';
import { pruneMarketData } from '../../server/src/jobs/market-retention';
import { parseUserAgent } from '../../server/src/modules/auth/user-agent';
import type { ServerMessage } from '../../src/api/contract/realtime';
import type { SessionItem, SignInItem } from '../../src/api/contract/security';

const server = testServer();
const db = () => server.database.db;

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const request = (method: 'GET' | 'POST', url: string, cookie = '', extra: { payload?: object; userAgent?: string; ip?: string } = {}) =>
  server.app.inject({
    method,
    url,
    headers: { ...XHR, ...(cookie ? { cookie } : {}), ...(extra.userAgent ? { 'user-agent': extra.userAgent } : {}) },
    ...(extra.ip ? { remoteAddress: extra.ip } : {}),
    ...(extra.payload ? { payload: extra.payload } : method === 'POST' ? { payload: {} } : {}),
  });

/** Signs the account in from another browser (no cookies of its own); answers that browser's cookies. */
async function signInElsewhere(account: SignedUp, userAgent = SAFARI_IPHONE, remember = false, ip = '198.51.100.7') {
  const response = await request('POST', '/api/auth/login', '', { payload: { email: account.email, password: account.password, remember }, userAgent, ip });
  expect(response.statusCode).toBe(200);
  return cookieHeader(response);
}

const sessionsOf = async (cookie: string) => (await request('GET', '/api/auth/sessions', cookie)).json().payload.items as SessionItem[];

let address: Promise<string> | undefined;
async function openSocket(cookie: string) {
  address ??= server.app.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(`${(await address).replace('http', 'ws')}/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const received: ServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as ServerMessage));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return { socket, received, closed };
}

describe('the user agent', () => {
  test.each([
    [CHROME_WINDOWS, { browser: 'Chrome 131', os: 'Windows', mobile: false }],
    [SAFARI_IPHONE, { browser: 'Safari 17', os: 'iOS', mobile: true }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', { browser: 'Edge 131', os: 'Windows', mobile: false }],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', { browser: 'Firefox 133', os: 'Linux', mobile: false }],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', { browser: 'Chrome 131', os: 'Android', mobile: true }],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', { browser: 'Safari 17', os: 'macOS', mobile: false }],
    ['curl/8.5.0', { browser: null, os: null, mobile: false }],
    [null, { browser: null, os: null, mobile: false }],
  ])('%s', (ua, device) => {
    expect(parseUserAgent(ua)).toEqual(device);
  });
});

describe('GET /api/auth/sessions', () => {
  test('lists the account\'s live sessions with device, address and times; this one is marked', async () => {
    const account = await signUp(server.app);
    const phone = await signInElsewhere(account);
    const other = await signUp(server.app);
    const items = await sessionsOf(phone);
    expect(items).toHaveLength(2);
    const current = items.find((s) => s.current)!;
    // No GEOIP_DATABASE here: the address has no place.
    expect(current).toMatchObject({ device: { browser: 'Safari 17', os: 'iOS', mobile: true }, ip: '198.51.100.7', place: null });
    expect(Date.parse(current.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(current.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.every((s) => /^[0-9a-f]{32}$/.test(s.id))).toBe(true);
    // The reference names a session without being one: it is not its id nor its stored hash.
    const hashes = (await db().selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash);
    for (const item of items) expect(hashes.some((h) => h.includes(item.id))).toBe(false);
    // Nobody sees another account's sessions.
    expect((await sessionsOf(other.cookie)).map((s) => s.id)).not.toContain(current.id);
    expect((await request('GET', '/api/auth/sessions')).statusCode).toBe(401);
  });
});

describe('ending a session', () => {
  test('signs that browser out at its next request and closes its sockets; the others stay', async () => {
    const account = await signUp(server.app);
    const phone = await signInElsewhere(account);
    const phoneSocket = await openSocket(phone);
    const hereSocket = await openSocket(account.cookie);
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)!.id;
    const ended = await request('POST', `/api/auth/sessions/${phoneId}/end`, account.cookie);
    expect(ended.statusCode).toBe(200);
    expect(await phoneSocket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(phoneSocket.received).toContainEqual({ type: 'session_ended', sessions: [phoneId] });
    expect((await request('GET', '/api/user/info', phone)).statusCode).toBe(401);
    expect((await request('GET', '/api/user/info', account.cookie)).statusCode).toBe(200);
    expect(hereSocket.socket.readyState).toBe(WebSocket.OPEN);
    server.app.bus.toUser(account.userId, { type: 'support', unread: 3 });
    await expect.poll(() => hereSocket.received.some((m) => m.type === 'support')).toBe(true);
    hereSocket.socket.terminate();
  });

  test('a remembered browser is not let back in by its remember-me token', async () => {
    const account = await signUp(server.app);
    const laptop = await signInElsewhere(account, CHROME_WINDOWS, true);
    expect(laptop).toMatch(/remember_token=/);
    const laptopId = (await sessionsOf(laptop)).find((s) => s.current)!.id;
    expect((await request('POST', `/api/auth/sessions/${laptopId}/end`, account.cookie)).statusCode).toBe(200);
    const next = await request('GET', '/api/user/info', laptop);
    expect(next.statusCode).toBe(401);
    // ...while another remembered browser of the account keeps its own token.
    const desk = await signInElsewhere(account, CHROME_WINDOWS, true);
    await db().deleteFrom('sessions').where('user_id', '=', account.userId).where('remember', '=', true).execute();
    expect((await request('GET', '/api/user/info', desk)).statusCode).toBe(200);
  });

  test('"end all others" keeps only this one', async () => {
    const account = await signUp(server.app);
    const phone = await signInElsewhere(account);
    const laptop = await signInElsewhere(account, CHROME_WINDOWS, true);
    const laptopSocket = await openSocket(laptop);
    const response = await request('POST', '/api/auth/sessions/end-others', account.cookie);
    expect(response.json().payload).toEqual({ ended: 2 });
    expect(await laptopSocket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await request('GET', '/api/user/info', phone)).statusCode).toBe(401);
    expect((await request('GET', '/api/user/info', laptop)).statusCode).toBe(401);
    expect((await sessionsOf(account.cookie)).map((s) => s.current)).toEqual([true]);
  });

  test('another account\'s session or a made-up one is a translated 404 and ends nothing', async () => {
    const account = await signUp(server.app);
    const victim = await signUp(server.app);
    const victimId = (await sessionsOf(victim.cookie))[0]!.id;
    const response = await request('POST', `/api/auth/sessions/${victimId}/end`, account.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().payload.message).toBeTruthy();
    expect((await request('GET', '/api/user/info', victim.cookie)).statusCode).toBe(200);
    expect((await request('POST', '/api/auth/sessions/not-a-ref/end', account.cookie)).statusCode).toBe(422);
  });

  test('ending this browser\'s own session signs it out', async () => {
    const account = await signUp(server.app);
    const own = (await sessionsOf(account.cookie))[0]!.id;
    const response = await request('POST', `/api/auth/sessions/${own}/end`, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.is_authenticated).toBe(false);
    expect((await request('GET', '/api/user/info', account.cookie)).statusCode).toBe(401);
  });

  test('a password change closes the sockets of the sessions it ends', async () => {
    const account = await signUp(server.app);
    const phone = await signInElsewhere(account);
    const phoneSocket = await openSocket(phone);
    const change = await request('POST', '/api/auth/change', account.cookie, {
      payload: { current_password: account.password, password: 'Granite-Heron-77', password_confirmation: 'Granite-Heron-77' },
    });
    expect(change.statusCode).toBe(200);
    expect(await phoneSocket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe('sign-in history', () => {
  const historyOf = async (cookie: string) => (await request('GET', '/api/auth/sign-ins', cookie)).json().payload.items as SignInItem[];

  test('keeps successes and failures with device and address, newest first, for the account only', async () => {
    const account = await signUp(server.app);
    const wrong = await request('POST', '/api/auth/login', '', { payload: { email: account.email, password: 'Wrong-Password-1' }, userAgent: CHROME_WINDOWS, ip: '203.0.113.9' });
    expect(wrong.statusCode).toBe(401);
    await signInElsewhere(account);
    const other = await signUp(server.app);
    await request('POST', '/api/auth/login', '', { payload: { email: other.email, password: 'Wrong-Password-1' } });
    const items = await historyOf(account.cookie);
    expect(items.map((i) => [i.success, i.method, i.ip, i.device.browser])).toEqual([
      [true, 'password', '198.51.100.7', 'Safari 17'],
      [false, 'password', '203.0.113.9', 'Chrome 131'],
    ]);
    // An unknown email leaves no line anywhere.
    await request('POST', '/api/auth/login', '', { payload: { email: 'nobody@example.com', password: 'Wrong-Password-1' } });
    expect(await db().selectFrom('sign_in_events').select('id').where('user_id', '=', other.userId).execute()).toHaveLength(1);
  });

  test('is kept 90 days: the housekeeping job drops older lines and the list never shows them', async () => {
    const account = await signUp(server.app);
    await signInElsewhere(account);
    await signInElsewhere(account);
    const [old] = await db().selectFrom('sign_in_events').select('id').where('user_id', '=', account.userId).orderBy('id').execute();
    await db().updateTable('sign_in_events').set({ created_at: new Date(Date.now() - 91 * 86_400_000) }).where('id', '=', old!.id).execute();
    expect(await historyOf(account.cookie)).toHaveLength(1);
    const pruned = await pruneMarketData(db(), Date.now());
    expect(pruned.signIns).toBe(1);
    expect(await db().selectFrom('sign_in_events').select('id').where('user_id', '=', account.userId).execute()).toHaveLength(1);
  });
});

describe('new-device email', () => {
  const emailsTo = (to: string) => db().selectFrom('email_outbox').select(['subject', 'text']).where('to_address', '=', to).orderBy('id').execute();

  test('a sign-in from a browser the account never used sends one, in the owner\'s language; a known one does not', async () => {
    const account = await signUp(server.app);
    await db().updateTable('users').set({ locale: 'ru' }).where('id', '=', account.userId).execute();
    const before = (await emailsTo(account.email)).length;
    // This browser signed up here: its device cookie makes it known.
    const again = await request('POST', '/api/auth/login', account.cookie, { payload: { email: account.email, password: account.password } });
    expect(again.statusCode).toBe(200);
    expect(await emailsTo(account.email)).toHaveLength(before);
    await signInElsewhere(account, CHROME_WINDOWS, false, '198.51.100.23');
    const emails = await emailsTo(account.email);
    expect(emails).toHaveLength(before + 1);
    expect(emails.at(-1)!.subject).toBe('Новый вход в ваш аккаунт');
    expect(emails.at(-1)!.text).toContain('Chrome 131, Windows');
    expect(emails.at(-1)!.text).toContain('198.51.100.23');
  });
});
