import { describe, expect, test } from 'vitest';
import { LOGIN_PER_ACCOUNT } from '../../server/src/modules/auth/throttle';
import { signUp, useTestServer as testServer, XHR } from '../server/harness';

/**
 * Finding 4: the per-account login throttle read the failure count, checked the password, and only
 * then wrote the failure, so 25 parallel guesses were all checked and the right password among them
 * was accepted without a single 429. Now each attempt is counted atomically before its password is
 * looked at.
 */
const server = testServer();

const ATTEMPTS = 50;
const ALLOWANCE = LOGIN_PER_ACCOUNT.limit;

async function login(email: string, password: string, remoteAddress: string) {
  return server.app.inject({ method: 'POST', url: '/api/auth/login', headers: XHR, remoteAddress, payload: { email, password } });
}

describe('racing the per-account login throttle', () => {
  test('fifty parallel guesses, the right password among the last: only the allowance is checked, the rest get 429', async () => {
    const account = await signUp(server.app);
    // Every guess from its own address, so that only the per-account limit stands in the way.
    const guesses = Array.from({ length: ATTEMPTS }, (_, i) => (i >= ATTEMPTS - 3 ? account.password : `Wrong-Falcon-${i}`));
    const answers = await Promise.all(guesses.map((password, i) => login(account.email, password, `198.51.100.${i + 1}`)));
    const checked = answers.filter((answer) => answer.statusCode !== 429);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(checked.length).toBeLessThanOrEqual(ALLOWANCE);
    expect(refused.length).toBeGreaterThanOrEqual(ATTEMPTS - ALLOWANCE);
    for (const answer of refused) {
      expect(answer.json().payload.code).toBe('rate_limited');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The right password came after the allowance was spent on wrong ones: it is not accepted.
    for (const answer of answers.slice(ATTEMPTS - 3)) expect(answer.statusCode).toBe(429);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(false);
  });

  test('once the limit is hit, the right password is not accepted either, however it is sent', async () => {
    const account = await signUp(server.app);
    await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => login(account.email, `Wrong-Falcon-${i}`, `198.51.100.${i + 1}`)));
    const answer = await login(account.email, account.password, '203.0.113.50');
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(800);
  });

  test('fifty parallel guesses from one address at unknown accounts: no more than the address allowance is checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) => login(`spray${i}@example.com`, 'Wrong-Falcon-42', '203.0.113.7')),
    );
    const checked = answers.filter((answer) => answer.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(20);
    expect(checked.every((answer) => answer.statusCode === 401)).toBe(true);
  });
});
