import { describe, expect, test } from 'vitest';
import { generateSync, verifySync } from 'otplib';
import { XHR, cookieHeader, signUp, useTestServer as testServer, type SignedUp } from './harness';
import { SECOND_FACTOR_PER_ACCOUNT, openSecret, sealSecret } from '../../server/src/modules/auth/second-factor';
import { createTrader, multipart } from './money-fixtures';

const server = testServer({ keep: ['payment_systems', 'pairs'] });
const CARD = { card_number: '4242 4242 4242 4242', holder_name: 'JOHN SMITH' };
const db = () => server.database.db;

const post = (url: string, payload: unknown, cookie = '', headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, headers: { ...XHR, ...headers, ...(cookie ? { cookie } : {}) }, payload: payload as object });
const get = (url: string, cookie = '') => server.app.inject({ method: 'GET', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) } });

/** A code of the secret for a moment `stepsAhead` time steps from now. */
const codeOf = (secret: string, stepsAhead = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** Turns TOTP on for the account and answers its secret and recovery codes. */
async function enrol(account: SignedUp) {
  const setup = await post('/api/auth/totp/setup', {}, account.cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json().payload as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  const confirm = await post('/api/auth/totp/confirm', { code: codeOf(secret) }, account.cookie);
  expect(confirm.statusCode).toBe(200);
  const { recovery_codes: recoveryCodes } = confirm.json().payload as { recovery_codes: string[] };
  return { secret, recoveryCodes };
}

/** The password step of a sign-in; answers its response and the browser's cookies after it. */
async function passwordStep(account: SignedUp, cookie = '') {
  const response = await post('/api/auth/login', { email: account.email, password: account.password }, cookie);
  return { response, cookie: cookieHeader(response, cookie) };
}

describe('RFC 6238 test vectors (appendix B, SHA-1, 8 digits) through otplib', () => {
  // The RFC's SHA-1 key is the ASCII string "12345678901234567890".
  const secret = new TextEncoder().encode('12345678901234567890');
  test.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('T = %i gives %s', (epoch, expected) => {
    expect(generateSync({ secret, epoch, digits: 8, algorithm: 'sha1', period: 30 })).toBe(expected);
    expect(verifySync({ secret, epoch, digits: 8, token: expected }).valid).toBe(true);
  });
});

describe('the stored secret', () => {
  test('is sealed: the column holds neither the secret nor anything readable without the server key', async () => {
    const account = await signUp(server.app);
    const { secret } = await enrol(account);
    const row = await db().selectFrom('totp_factors').select(['secret', 'pending_secret']).where('user_id', '=', account.userId).executeTakeFirstOrThrow();
    expect(row.pending_secret).toBeNull();
    expect(row.secret).not.toContain(secret);
    expect(openSecret(server.config.sessionSecret, row.secret!)).toBe(secret);
    expect(() => openSecret('another server secret', row.secret!)).toThrow();
    expect(openSecret('k', sealSecret('k', 'ABC'))).toBe('ABC');
  });

  test('recovery codes are stored as keyed hashes only', async () => {
    const account = await signUp(server.app);
    const { recoveryCodes } = await enrol(account);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const rows = await db().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', account.userId).execute();
    expect(rows).toHaveLength(10);
    const stored = rows.map((r) => r.code_hash).join(' ');
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });
});

describe('enrolment', () => {
  test('a wrong confirmation code is a translated 422 and leaves 2FA off', async () => {
    const account = await signUp(server.app);
    const setup = (await post('/api/auth/totp/setup', {}, account.cookie)).json().payload as { secret: string };
    const wrong = await post('/api/auth/totp/confirm', { code: codeOf(setup.secret) === '000000' ? '111111' : '000000' }, account.cookie);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().payload.fields.code).toMatch(/Wrong code/);
    const ru = await post('/api/auth/totp/confirm', { code: 'abc' }, account.cookie, { 'accept-language': 'ru' });
    expect(ru.statusCode).toBe(422);
    expect(ru.json().payload.fields.code).toMatch(/Неверный код/);
    expect((await get('/api/auth/security', account.cookie)).json().payload.totp).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    // Without 2FA the password alone still signs in.
    const { response } = await passwordStep(account);
    expect(response.json().user.is_authenticated).toBe(true);
  });

  test('confirmed, the settings show it on with ten recovery codes', async () => {
    const account = await signUp(server.app);
    await enrol(account);
    const state = (await get('/api/auth/security', account.cookie)).json().payload.totp;
    expect(state).toMatchObject({ enabled: true, recovery_codes_left: 10 });
  });

  test('changing the authenticator asks for a code of the current one', async () => {
    const account = await signUp(server.app);
    const { secret } = await enrol(account);
    const bare = await post('/api/auth/totp/setup', {}, account.cookie);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().payload.fields.code).toMatch(/authenticator app/);
    const changed = await post('/api/auth/totp/setup', { code: codeOf(secret, 1) }, account.cookie);
    expect(changed.statusCode).toBe(200);
    const next = (changed.json().payload as { secret: string }).secret;
    expect(next).not.toBe(secret);
    // Until the new one is confirmed, the old one is the factor.
    const row = await db().selectFrom('totp_factors').select('secret').where('user_id', '=', account.userId).executeTakeFirstOrThrow();
    expect(openSecret(server.config.sessionSecret, row.secret!)).toBe(secret);
    expect((await post('/api/auth/totp/confirm', { code: codeOf(next) }, account.cookie)).statusCode).toBe(200);
    const after = await db().selectFrom('totp_factors').select('secret').where('user_id', '=', account.userId).executeTakeFirstOrThrow();
    expect(openSecret(server.config.sessionSecret, after.secret!)).toBe(next);
  });

  test('turning it off asks for a fresh second factor; a wrong one changes nothing', async () => {
    const account = await signUp(server.app);
    const { secret } = await enrol(account);
    expect((await post('/api/auth/totp/disable', {}, account.cookie)).statusCode).toBe(422);
    const wrong = await post('/api/auth/totp/disable', { code: 'zzzzz-zzzzz' }, account.cookie);
    expect(wrong.statusCode).toBe(422);
    expect((await get('/api/auth/security', account.cookie)).json().payload.totp.enabled).toBe(true);
    expect((await post('/api/auth/totp/disable', { code: codeOf(secret, 1) }, account.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/security', account.cookie)).json().payload.totp).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    expect(await db().selectFrom('recovery_codes').select('id').where('user_id', '=', account.userId).execute()).toEqual([]);
  });
});

describe('sign-in with the second factor', () => {
  test('the password alone does not sign in; the code does', async () => {
    const account = await signUp(server.app);
    const { secret } = await enrol(account);
    const { response, cookie } = await passwordStep(account);
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.second_factor).toEqual(['totp']);
    expect(cookieHeader(response)).not.toMatch(/(^|; )sid=/);
    expect(cookie).not.toMatch(/(^|; )sid=/);
    expect((await get('/api/user/info', cookie)).statusCode).toBe(401);
    const second = await post('/api/auth/login/second-factor', { code: codeOf(secret, 1) }, cookie);
    expect(second.statusCode).toBe(200);
    expect(second.json().user.is_authenticated).toBe(true);
    const signedIn = cookieHeader(second, cookie);
    expect((await get('/api/user/info', signedIn)).statusCode).toBe(200);
    // The pending step is used up: the same cookie cannot open a second session.
    const again = await post('/api/auth/login/second-factor', { code: codeOf(secret, -1) }, cookie);
    expect(again.statusCode).toBe(400);
  });

  test('a code is accepted once (a replayed code is refused)', async () => {
    const account = await signUp(server.app);
    const { secret } = await enrol(account);
    const code = codeOf(secret, 1);
    const first = await passwordStep(account);
    expect((await post('/api/auth/login/second-factor', { code }, first.cookie)).statusCode).toBe(200);
    const second = await passwordStep(account);
    const replay = await post('/api/auth/login/second-factor', { code }, second.cookie);
    expect(replay.statusCode).toBe(422);
    expect(cookieHeader(replay)).not.toMatch(/(^|; )sid=/);
  });

  test('a recovery code works once', async () => {
    const account = await signUp(server.app);
    const { recoveryCodes } = await enrol(account);
    const first = await passwordStep(account);
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    const used = await post('/api/auth/login/second-factor', { code: typed }, first.cookie);
    expect(used.statusCode).toBe(200);
    expect(used.json().user.is_authenticated).toBe(true);
    expect((await get('/api/auth/security', cookieHeader(used, first.cookie))).json().payload.totp.recovery_codes_left).toBe(9);
    const second = await passwordStep(account);
    const reused = await post('/api/auth/login/second-factor', { code: recoveryCodes[3] }, second.cookie);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().payload.fields.code).toMatch(/Wrong code/);
    // Another code of the set still works.
    expect((await post('/api/auth/login/second-factor', { code: recoveryCodes[4] }, second.cookie)).statusCode).toBe(200);
  });

  test('the code step is throttled like the password: after 5 wrong codes even the right one waits', async () => {
    const account = await signUp(server.app);
    const { secret } = await enrol(account);
    const { cookie } = await passwordStep(account);
    for (let i = 0; i < SECOND_FACTOR_PER_ACCOUNT.limit; i += 1) {
      const wrong = await post('/api/auth/login/second-factor', { code: `wrong-${i}` }, cookie);
      expect(wrong.statusCode).toBe(422);
    }
    const blocked = await post('/api/auth/login/second-factor', { code: codeOf(secret, 1) }, cookie);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(cookieHeader(blocked)).not.toMatch(/(^|; )sid=/);
    // The count is the account's: a new password step does not reset it.
    const fresh = await passwordStep(account);
    expect((await post('/api/auth/login/second-factor', { code: codeOf(secret, 1) }, fresh.cookie)).statusCode).toBe(429);
  });

  test('parallel guesses each spend an attempt: no more than the limit are checked', async () => {
    const account = await signUp(server.app);
    await enrol(account);
    const { cookie } = await passwordStep(account);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/api/auth/login/second-factor', { code: `guess-${i}` }, cookie)));
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(SECOND_FACTOR_PER_ACCOUNT.limit);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(12 - SECOND_FACTOR_PER_ACCOUNT.limit);
  });

  test('without the password step, or after it expired, the code step is a translated 400', async () => {
    const account = await signUp(server.app);
    const { secret } = await enrol(account);
    const none = await post('/api/auth/login/second-factor', { code: codeOf(secret) });
    expect(none.statusCode).toBe(400);
    expect(none.json().payload.message).toMatch(/took too long/);
    const { cookie } = await passwordStep(account);
    await db().updateTable('second_factor_challenges').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await post('/api/auth/login/second-factor', { code: codeOf(secret, 1) }, cookie)).statusCode).toBe(400);
  });

  test('a password reset link does not skip the second factor', async () => {
    const account = await signUp(server.app);
    const { secret } = await enrol(account);
    const { randomToken, hashToken } = await import('../../server/src/modules/auth/tokens');
    const token = randomToken();
    await db().insertInto('auth_tokens').values({ token_hash: hashToken(token), user_id: account.userId, purpose: 'reset', expires_at: new Date(Date.now() + 60_000) }).execute();
    const reset = await post(`/api/auth/reset/${token}`, { password: 'Granite-Heron-77', password_confirmation: 'Granite-Heron-77' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().payload.second_factor).toEqual(['totp']);
    expect(cookieHeader(reset)).not.toMatch(/(^|; )sid=/);
    const cookie = cookieHeader(reset);
    const second = await post('/api/auth/login/second-factor', { code: codeOf(secret, 1) }, cookie);
    expect(second.json().user.is_authenticated).toBe(true);
  });
});

describe('a withdrawal with 2FA on', () => {
  test('asks for a fresh second factor; without it nothing is held', async () => {
    const trader = await createTrader(server, { mainCents: 300_00 });
    const account = { cookie: trader.headers.cookie } as SignedUp;
    const { secret } = await enrol(account);
    const confirm = (fields: Record<string, string>) => {
      const { payload, contentType } = multipart(fields);
      return server.app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...trader.headers, 'content-type': contentType }, payload });
    };
    const missing = await confirm({ amount: '50', ...CARD });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().payload.fields.second_factor_code).toMatch(/authenticator app/);
    const wrong = await confirm({ amount: '50', ...CARD, second_factor_code: codeOf(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().payload.fields.second_factor_code).toMatch(/Wrong code/);
    expect(await db().selectFrom('withdrawals').select('id').execute()).toEqual([]);
    const withCode = await confirm({ amount: '50', ...CARD, second_factor_code: codeOf(secret, 1) });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().payload.withdrawal).toMatchObject({ status: 'pending', amount: 50 });
  });

  test('without 2FA the form is as before', async () => {
    const trader = await createTrader(server, { mainCents: 300_00 });
    const { payload, contentType } = multipart({ amount: '50', ...CARD });
    const res = await server.app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...trader.headers, 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(200);
  });
});

describe('a second factor sealed under another server secret', () => {
  test('is refused as a wrong code (422), never a 5xx', async () => {
    const account = await signUp(server.app);
    await enrol(account);
    await db().updateTable('totp_factors').set({ secret: sealSecret('a different server secret', 'JBSWY3DPEHPK3PXP') }).where('user_id', '=', account.userId).execute();
    const { cookie } = await passwordStep(account);
    const answer = await post('/api/auth/login/second-factor', { code: '123456' }, cookie);
    expect(answer.statusCode).toBe(422);
  });
});
