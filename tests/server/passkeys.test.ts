import { describe, expect, test } from 'vitest';
import { XHR, cookieHeader, signUp, useTestServer as testServer, type SignedUp } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

const server = testServer();
const db = () => server.database.db;
const origin = () => new URL(server.config.publicUrl).origin;

const post = (url: string, payload: unknown, cookie = '', headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, headers: { ...XHR, ...headers, ...(cookie ? { cookie } : {}) }, payload: payload as object });
const get = (url: string, cookie = '') => server.app.inject({ method: 'GET', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) } });

/** A passkey's answer to a fresh two-factor challenge: what adding or removing a passkey asks once the account has one. */
async function freshProof(account: SignedUp, authenticator: SoftwareAuthenticator) {
  const options = await post('/api/auth/fresh-factor/passkey/options', { purpose: 'two_factor' }, account.cookie);
  expect(options.statusCode, options.body).toBe(200);
  return { passkey: authenticator.authenticate(options.json().payload) };
}

/** Adds a passkey of a new software authenticator to the account, as the settings screen does (`guard`: a passkey it has already). */
async function addPasskey(account: SignedUp, name = 'Phone', guard?: SoftwareAuthenticator) {
  const authenticator = new SoftwareAuthenticator(origin());
  const proof = guard ? await freshProof(account, guard) : {};
  const options = await post('/api/auth/passkeys/options', { password: account.password, ...proof }, account.cookie);
  expect(options.statusCode).toBe(200);
  const added = await post('/api/auth/passkeys', { name, response: authenticator.register(options.json().payload) }, account.cookie);
  expect(added.statusCode, added.body).toBe(200);
  return authenticator;
}

/** A sign-in with no password: options, the authenticator's answer, the proof. */
async function passkeySignIn(authenticator: SoftwareAuthenticator, answerOrigin = origin()) {
  const options = await post('/api/auth/passkey/sign-in/options', {});
  expect(options.statusCode).toBe(200);
  return post('/api/auth/passkey/sign-in', { response: authenticator.authenticate(options.json().payload, answerOrigin) });
}

describe('registering a passkey', () => {
  test('asks for the password again; the passkey is listed with its name', async () => {
    const account = await signUp(server.app);
    const wrong = await post('/api/auth/passkeys/options', { password: 'not-the-password' }, account.cookie);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().payload.fields.password).toBeTruthy();
    const authenticator = await addPasskey(account, 'Laptop');
    const { passkeys } = (await get('/api/auth/security', account.cookie)).json().payload;
    expect(passkeys).toEqual([{ id: authenticator.id, name: 'Laptop', created_at: expect.any(String), last_used_at: null }]);
  });

  test('an answer to a challenge the server did not send, or sent to another account, is refused and stores nothing', async () => {
    const owner = await signUp(server.app);
    const other = await signUp(server.app);
    const options = (await post('/api/auth/passkeys/options', { password: owner.password }, owner.cookie)).json().payload;
    const answer = new SoftwareAuthenticator(origin()).register(options);
    const stolen = await post('/api/auth/passkeys', { name: 'x', response: answer }, other.cookie);
    expect(stolen.statusCode).toBe(422);
    const forged = new SoftwareAuthenticator(origin()).register({ ...options, challenge: Buffer.from('made-up').toString('base64url') });
    expect((await post('/api/auth/passkeys', { name: 'x', response: forged }, owner.cookie)).statusCode).toBe(422);
    expect(await db().selectFrom('passkeys').select('id').where('user_id', 'in', [owner.userId, other.userId]).execute()).toEqual([]);
  });

  test('an answer from another origin is refused', async () => {
    const account = await signUp(server.app);
    const options = (await post('/api/auth/passkeys/options', { password: account.password }, account.cookie)).json().payload;
    const answer = new SoftwareAuthenticator(origin()).register(options, 'https://phishing.example');
    const refused = await post('/api/auth/passkeys', { name: 'x', response: answer }, account.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().payload.message).toMatch(/passkey/i);
  });

  test('a malformed answer is a 422, never a 5xx', async () => {
    const account = await signUp(server.app);
    for (const body of [{}, { name: 'x' }, { name: 'x', response: { id: 'a' } }, { name: '', response: 'x' }, { name: 'x', response: { id: '!!', rawId: 'a', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'a', attestationObject: 'b' } } }]) {
      expect((await post('/api/auth/passkeys', body, account.cookie)).statusCode).toBe(422);
    }
    const garbage = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } };
    expect((await post('/api/auth/passkeys', { name: 'x', response: garbage }, account.cookie)).statusCode).toBe(422);
    expect((await post('/api/auth/passkey/sign-in', { response: { ...garbage, response: { clientDataJSON: 'AAAA', authenticatorData: 'AA', signature: 'AA' } } })).statusCode).toBe(422);
  });
});

describe('signing in with a passkey and no password', () => {
  test('signs the owner in, records it in the history, and the answer cannot be replayed', async () => {
    const account = await signUp(server.app);
    const authenticator = await addPasskey(account);
    const options = (await post('/api/auth/passkey/sign-in/options', {})).json().payload;
    const answer = authenticator.authenticate(options);
    const signedIn = await post('/api/auth/passkey/sign-in', { response: answer });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ is_authenticated: true, email: account.email });
    expect((await get('/api/user/info', cookieHeader(signedIn))).statusCode).toBe(200);
    expect((await post('/api/auth/passkey/sign-in', { response: answer })).statusCode).toBe(422);
    const history = (await get('/api/auth/sign-ins', account.cookie)).json().payload.items;
    expect(history[0]).toMatchObject({ success: true, method: 'passkey' });
  });

  test('an unknown passkey, a wrong origin and an authenticator that did not verify its user are refused', async () => {
    const account = await signUp(server.app);
    const first = await addPasskey(account);
    expect((await passkeySignIn(new SoftwareAuthenticator(origin()))).statusCode).toBe(422);
    const known = await addPasskey(account, 'Tablet', first);
    expect((await passkeySignIn(known, 'https://phishing.example')).statusCode).toBe(422);
    const lazy = new SoftwareAuthenticator(origin(), false);
    const proof = await freshProof(account, first);
    const options = (await post('/api/auth/passkeys/options', { password: account.password, ...proof }, account.cookie)).json().payload;
    expect((await post('/api/auth/passkeys', { name: 'x', response: lazy.register(options) }, account.cookie)).statusCode).toBe(422);
  });

  test('a removed passkey signs in no more; removing asks for the password; another account cannot remove it', async () => {
    const account = await signUp(server.app);
    const other = await signUp(server.app);
    const authenticator = await addPasskey(account);
    expect((await post(`/api/auth/passkeys/${authenticator.id}/remove`, { password: other.password }, other.cookie)).statusCode).toBe(404);
    expect((await post(`/api/auth/passkeys/${authenticator.id}/remove`, { password: 'wrong-password' }, account.cookie)).statusCode).toBe(422);
    const proof = await freshProof(account, authenticator);
    expect((await post(`/api/auth/passkeys/${authenticator.id}/remove`, { password: account.password, ...proof }, account.cookie)).statusCode).toBe(200);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(422);
  });
});

describe('a passkey as the second factor after the password', () => {
  test('the password alone does not sign in; the passkey does, once', async () => {
    const account = await signUp(server.app);
    const authenticator = await addPasskey(account);
    const password = await post('/api/auth/login', { email: account.email, password: account.password });
    expect(password.json().payload.second_factor).toEqual(['passkey']);
    const cookie = cookieHeader(password);
    expect((await get('/api/user/info', cookie)).statusCode).toBe(401);
    const options = await post('/api/auth/login/second-factor/passkey/options', {}, cookie);
    expect(options.statusCode).toBe(200);
    expect(options.json().payload.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const second = await post('/api/auth/login/second-factor/passkey', { response: authenticator.authenticate(options.json().payload) }, cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user.is_authenticated).toBe(true);
    // The pending sign-in is used up.
    expect((await post('/api/auth/login/second-factor/passkey/options', {}, cookie)).statusCode).toBe(400);
  });

  test("another account's passkey does not pass", async () => {
    const account = await signUp(server.app);
    await addPasskey(account);
    const stranger = await signUp(server.app);
    const strangerKey = await addPasskey(stranger);
    const cookie = cookieHeader(await post('/api/auth/login', { email: account.email, password: account.password }));
    const options = (await post('/api/auth/login/second-factor/passkey/options', {}, cookie)).json().payload;
    const refused = await post('/api/auth/login/second-factor/passkey', { response: strangerKey.authenticate(options) }, cookie);
    expect(refused.statusCode).toBe(422);
    expect((await get('/api/user/info', cookie)).statusCode).toBe(401);
  });

  test('a cloned authenticator (its counter does not move on) is refused', async () => {
    const account = await signUp(server.app);
    const authenticator = await addPasskey(account);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(200);
    await db().updateTable('passkeys').set({ counter: 99 }).where('id', '=', authenticator.id).execute();
    expect((await passkeySignIn(authenticator)).statusCode).toBe(422);
  });
});
