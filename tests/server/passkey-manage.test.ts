import { describe, expect, test } from 'vitest';
import { generateSync } from 'otplib';
import { XHR, signUp, useTestServer as testServer, type SignedUp } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

const server = testServer();
const db = () => server.database.db;
const origin = () => new URL(server.config.publicUrl).origin;

const post = (url: string, payload: unknown, cookie: string) =>
  server.app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload: payload as object });

const passkeyIds = async (account: SignedUp) =>
  (await db().selectFrom('passkeys').select('id').where('user_id', '=', account.userId).execute()).map((row) => row.id);

/** A passkey's answer to a fresh two-factor challenge of the account. */
async function freshProof(account: SignedUp, authenticator: SoftwareAuthenticator, purpose: 'two_factor' | 'withdrawal' = 'two_factor') {
  const options = await post('/api/auth/fresh-factor/passkey/options', { purpose }, account.cookie);
  expect(options.statusCode, options.body).toBe(200);
  return authenticator.authenticate(options.json().payload);
}

/** Registration options and the new passkey stored, with `proof` next to the password. */
async function addPasskey(account: SignedUp, proof: Record<string, unknown> = {}) {
  const authenticator = new SoftwareAuthenticator(origin());
  const options = await post('/api/auth/passkeys/options', { password: account.password, ...proof }, account.cookie);
  if (options.statusCode !== 200) return { options, authenticator };
  const added = await post('/api/auth/passkeys', { name: 'Phone', response: authenticator.register(options.json().payload) }, account.cookie);
  expect(added.statusCode, added.body).toBe(200);
  return { options, authenticator };
}

/** An account whose only second factor is one passkey. */
async function passkeyOnly() {
  const account = await signUp(server.app);
  const { authenticator } = await addPasskey(account);
  return { account, authenticator };
}

/** An account whose only second factor is an authenticator app: a code of it `stepsAhead` windows on (each window serves once), its recovery codes. */
async function totpOnly() {
  const account = await signUp(server.app);
  const { secret } = (await post('/api/auth/totp/setup', {}, account.cookie)).json().payload as { secret: string };
  const code = (stepsAhead: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
  const confirmed = await post('/api/auth/totp/confirm', { code: code(0) }, account.cookie);
  expect(confirmed.statusCode).toBe(200);
  return { account, code, recoveryCodes: confirmed.json().payload.recovery_codes as string[] };
}

const remove = (account: SignedUp, id: string, proof: Record<string, unknown> = {}) =>
  post(`/api/auth/passkeys/${id}/remove`, { password: account.password, ...proof }, account.cookie);

describe('removing a passkey', () => {
  test('the password alone is refused with a translated 422 on the passkey field, and the passkey stays', async () => {
    const { account, authenticator } = await passkeyOnly();
    const refused = await remove(account, authenticator.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().payload.fields).toEqual({ passkey: expect.stringMatching(/passkey/i) });
    // No code gets around it (the account has no app), nor an answer made for a withdrawal.
    expect((await remove(account, authenticator.id, { code: '123456' })).statusCode).toBe(422);
    expect((await remove(account, authenticator.id, { passkey: await freshProof(account, authenticator, 'withdrawal') })).statusCode).toBe(422);
    expect(await passkeyIds(account)).toEqual([authenticator.id]);
  });

  test("with the passkey's answer to a two-factor challenge it goes; the answer serves once", async () => {
    const { account, authenticator } = await passkeyOnly();
    const second = await addPasskey(account, { passkey: await freshProof(account, authenticator) });
    const answer = await freshProof(account, authenticator);
    const done = await remove(account, second.authenticator.id, { passkey: answer });
    expect(done.statusCode, done.body).toBe(200);
    expect(await passkeyIds(account)).toEqual([authenticator.id]);
    expect((await remove(account, authenticator.id, { passkey: answer })).statusCode).toBe(422);
    expect(await passkeyIds(account)).toEqual([authenticator.id]);
  });

  test('a wrong password is refused before the factor is spent', async () => {
    const { account, authenticator } = await passkeyOnly();
    const answer = await freshProof(account, authenticator);
    const wrong = await post(`/api/auth/passkeys/${authenticator.id}/remove`, { password: 'not-the-password', passkey: answer }, account.cookie);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().payload.fields.password).toBeTruthy();
    expect((await remove(account, authenticator.id, { passkey: answer })).statusCode).toBe(200);
    expect(await passkeyIds(account)).toEqual([]);
  });

  test('on an account with an authenticator app, a code (here a recovery code) removes it; a wrong code does not', async () => {
    const { account, code, recoveryCodes } = await totpOnly();
    const { authenticator } = await addPasskey(account, { code: code(1) });
    const wrong = await remove(account, authenticator.id, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().payload.fields.code).toBeTruthy();
    expect(await passkeyIds(account)).toEqual([authenticator.id]);
    expect((await remove(account, authenticator.id, { code: recoveryCodes[0] })).statusCode).toBe(200);
    expect(await passkeyIds(account)).toEqual([]);
  });
});

describe('adding a passkey', () => {
  test('on an account with an authenticator app, the password alone is refused: the code is asked', async () => {
    const { account, code } = await totpOnly();
    const { options } = await addPasskey(account);
    expect(options.statusCode).toBe(422);
    expect(options.json().payload.fields).toEqual({ code: expect.any(String) });
    expect(await passkeyIds(account)).toEqual([]);
    const { options: withCode, authenticator } = await addPasskey(account, { code: code(1) });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(await passkeyIds(account)).toEqual([authenticator.id]);
  });

  test("a second passkey asks for the first one's answer", async () => {
    const { account, authenticator } = await passkeyOnly();
    const { options } = await addPasskey(account);
    expect(options.statusCode).toBe(422);
    expect(options.json().payload.fields).toEqual({ passkey: expect.stringMatching(/passkey/i) });
    expect(await passkeyIds(account)).toEqual([authenticator.id]);
  });

  test('an account with no second factor adds its first passkey with the password alone', async () => {
    const account = await signUp(server.app);
    const { options, authenticator } = await addPasskey(account);
    expect(options.statusCode).toBe(200);
    expect(await passkeyIds(account)).toEqual([authenticator.id]);
  });
});
