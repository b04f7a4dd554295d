import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app';
import { configProblems, DEFAULT_LIMITS } from '../../server/src/settings';
import { loadConfig } from '../../server/src/config';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS } from '../../server/src/modules/auth/throttle';
import { DEVICE_COOKIE } from '../../server/src/modules/auth/device';
import { cookieHeader, signUp, TEST_PASSWORD, useTestServer as testServer, XHR } from '../server/harness';

/**
 * Finding 8: sign-up was unthrottled, so its "email taken" answer told anyone at any speed which
 * addresses have accounts, and the owner never heard of it; and the login lockout let a stranger
 * lock the real owner out. Now sign-up is counted per address and per email, the owner gets a
 * notice, and the owner's own browser (its signed device cookie) keeps its own login allowance.
 */
const server = testServer();
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

const ATTACKER = '203.0.113.66';
const PER_ADDRESS = DEFAULT_LIMITS.SIGNUP_LIMIT_PER_ADDRESS;
const PER_EMAIL = DEFAULT_LIMITS.SIGNUP_LIMIT_PER_EMAIL;

async function register(email: string, remoteAddress: string, language: 'en' | 'ru' = 'en') {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { ...XHR, 'accept-language': language },
    remoteAddress,
    payload: { email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true },
  });
}

async function login(email: string, password: string, remoteAddress: string, cookie?: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    remoteAddress,
    payload: { email, password },
  });
}

const outbox = () => server.database.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();

describe('flooding and probing sign-up', () => {
  test('a sign-up flood from one address gets 429 after the per-address allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++) statuses.push((await register(`flood${i}@example.com`, ATTACKER)).statusCode);
    expect(statuses.slice(0, PER_ADDRESS)).toEqual(Array<number>(PER_ADDRESS).fill(200));
    expect(statuses.slice(PER_ADDRESS)).toEqual([429, 429, 429]);
    const users = await server.database.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(PER_ADDRESS);
    const refused = await register('one-more@example.com', ATTACKER);
    expect(refused.json().payload).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another client is not held back by the flood.
    expect((await register('neighbour@example.com', '198.51.100.20')).statusCode).toBe(200);
  });

  test('probing many emails for "taken" from one address is throttled, and so are its taken answers', async () => {
    const owners = [];
    for (let i = 0; i < 3; i++) owners.push(await signUp(server.app));
    const answers: Array<{ status: number; code?: string }> = [];
    for (let i = 0; i < 30; i++) {
      const probe = i % 10 === 0 ? owners[(i / 10) | 0]!.email : `probe${i}@example.com`;
      const response = await register(probe, ATTACKER);
      answers.push({ status: response.statusCode, code: response.json().payload?.code });
    }
    // Only the allowance is answered at all; after it, a taken and a free address look the same.
    expect(answers.filter((a) => a.status !== 429)).toHaveLength(PER_ADDRESS);
    expect(answers.slice(PER_ADDRESS).every((a) => a.status === 429 && a.code === 'rate_limited')).toBe(true);
  });

  test('probing one email from many addresses is throttled per email', async () => {
    const owner = await signUp(server.app);
    // The owner's own sign-up was the first attempt with this email.
    const probes = PER_EMAIL - 1;
    const statuses: number[] = [];
    for (let i = 0; i < probes + 3; i++) statuses.push((await register(owner.email, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses.slice(0, probes)).toEqual(Array<number>(probes).fill(422));
    expect(statuses.slice(probes)).toEqual([429, 429, 429]);
  });

  test('switching the limits off with 0 or a word is refused at start', () => {
    expect(configProblems({ SIGNUP_LIMIT_PER_ADDRESS: '0' })).toEqual([`SIGNUP_LIMIT_PER_ADDRESS=0 is not a positive whole number (default ${PER_ADDRESS})`]);
    expect(configProblems({ SIGNUP_LIMIT_PER_EMAIL: 'unlimited' })).toEqual([`SIGNUP_LIMIT_PER_EMAIL=unlimited is not a positive whole number (default ${PER_EMAIL})`]);
    const limits = loadConfig({ SIGNUP_LIMIT_PER_ADDRESS: '50', SIGNUP_LIMIT_PER_EMAIL: '-1' }, { sessionSecret: 'x', dataDir: '/nonexistent' }).limits;
    expect(limits).toMatchObject({ signupPerAddress: 50, signupPerEmail: PER_EMAIL });
  });

  test('the limits are settings: a deployment can tighten them', async () => {
    const app = await buildApp({ config: { ...server.config, limits: { ...server.config.limits, signupPerAddress: 2 } }, database: server.database });
    apps.push(app);
    await app.ready();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({
        method: 'POST', url: '/api/auth/register', headers: XHR, remoteAddress: '192.0.2.9',
        payload: { email: `tight${i}@example.com`, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('signing up with somebody else\'s address', () => {
  test('the owner gets a notice email in their language, with no link or token, once a day', async () => {
    const owner = await signUp(server.app);
    await server.database.db.updateTable('users').set({ locale: 'ru' }).where('id', '=', owner.userId).execute();
    const before = (await outbox()).length;
    const taken = await register(owner.email, ATTACKER);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().payload.fields).toEqual({ email: 'This email is already registered' });
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(1);
    const notice = mails[0]!;
    expect(notice.to_address).toBe(owner.email);
    expect(notice.subject).toBe('Кто-то пытался зарегистрироваться с вашим email');
    expect(notice.text).toMatch(/уже принадлежит вашему аккаунту/);
    expect(`${notice.text}${notice.html}`).not.toMatch(/https?:\/\/|token/i);
    // A second try the same day is answered the same way but does not mail the owner again.
    expect((await register(owner.email, '198.51.100.77')).statusCode).toBe(422);
    expect((await outbox()).slice(before)).toHaveLength(1);
  });

  test('the notice is in English for an English-speaking owner', async () => {
    const owner = await signUp(server.app);
    const before = (await outbox()).length;
    await register(owner.email, ATTACKER, 'ru');
    const [notice] = (await outbox()).slice(before);
    expect(notice?.subject).toBe('Someone tried to sign up with your email');
  });
});

describe('locking the owner out with wrong passwords', () => {
  test('an attacker spends the account allowance: the owner with the device cookie still signs in, the attacker without it gets 429', async () => {
    const owner = await signUp(server.app);
    const ownerBrowser = await login(owner.email, owner.password, '198.51.100.5');
    expect(ownerBrowser.statusCode).toBe(200);
    const deviceCookie = cookieHeader(ownerBrowser);
    expect(deviceCookie).toMatch(new RegExp(`${DEVICE_COOKIE}=`));
    for (let i = 0; i < LOGIN_PER_ACCOUNT.limit + 3; i++) await login(owner.email, `Wrong-Falcon-${i}`, `203.0.113.${i + 1}`);
    const attacker = await login(owner.email, owner.password, '203.0.113.99');
    expect(attacker.statusCode).toBe(429);
    const ownerAgain = await login(owner.email, owner.password, '198.51.100.5', deviceCookie);
    expect(ownerAgain.statusCode).toBe(200);
    expect(ownerAgain.json().user).toMatchObject({ is_authenticated: true, email: owner.email });
    // Even from the attacker's crowded address (a shared network), the owner's browser keeps its allowance.
    for (let i = 0; i < LOGIN_PER_ADDRESS.limit + 1; i++) await login(`spray${i}@example.com`, 'Wrong-Falcon-42', '203.0.113.99');
    expect((await login(owner.email, owner.password, '203.0.113.99', deviceCookie)).statusCode).toBe(200);
  });

  test('a device cookie of another account, or a forged one, gives no allowance', async () => {
    const owner = await signUp(server.app);
    const attacker = await signUp(server.app);
    const attackerBrowser = cookieHeader(await login(attacker.email, attacker.password, ATTACKER));
    for (let i = 0; i < LOGIN_PER_ACCOUNT.limit; i++) await login(owner.email, `Wrong-Falcon-${i}`, `203.0.113.${i + 1}`);
    expect((await login(owner.email, owner.password, ATTACKER, attackerBrowser)).statusCode).toBe(429);
    const forged = `${DEVICE_COOKIE}=${owner.userId}.${'A'.repeat(43)}`;
    expect((await login(owner.email, owner.password, ATTACKER, forged)).statusCode).toBe(429);
  });

  test('the owner\'s browser has an allowance of its own too: guessing from it is throttled', async () => {
    const owner = await signUp(server.app);
    const browser = cookieHeader(await login(owner.email, owner.password, '198.51.100.5'));
    for (let i = 0; i < LOGIN_PER_ACCOUNT.limit; i++) {
      expect((await login(owner.email, `Wrong-Falcon-${i}`, '198.51.100.5', browser)).statusCode).toBe(401);
    }
    expect((await login(owner.email, owner.password, '198.51.100.5', browser)).statusCode).toBe(429);
  });
});
