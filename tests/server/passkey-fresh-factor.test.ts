import { describe, expect, test } from 'vitest';
import { generateSync } from 'otplib';
import { XHR, signUp, useTestServer as testServer, type SignedUp } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';
import { balanceCents, expectLedgerConsistent, multipart } from './money-fixtures';
import { moveMoney } from '../../server/src/modules/wallet/ledger';

const server = testServer({ keep: ['payment_systems', 'pairs'] });
const db = () => server.database.db;
const origin = () => new URL(server.config.publicUrl).origin;
const CARD = { card_number: '4242 4242 4242 4242', holder_name: 'JOHN SMITH' };

const post = (url: string, payload: unknown, cookie: string) =>
  server.app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload: payload as object });

/** An account with 300.00 in its main wallet and one passkey (a software authenticator). */
async function traderWithPasskey() {
  const account = await signUp(server.app);
  await db()
    .transaction()
    .execute((trx) => moveMoney(trx, { userId: account.userId, walletType: 'main', kind: 'deposit', amountCents: 300_00, refType: 'fixture', refId: account.userId }));
  const authenticator = new SoftwareAuthenticator(origin());
  const options = await post('/api/auth/passkeys/options', { password: account.password }, account.cookie);
  const added = await post('/api/auth/passkeys', { name: 'Phone', response: authenticator.register(options.json().payload) }, account.cookie);
  expect(added.statusCode, added.body).toBe(200);
  return { account, authenticator };
}

/** The options of a fresh-factor ceremony for `purpose`, as the withdraw screen asks them. */
async function freshOptions(account: SignedUp, purpose: 'withdrawal' | 'two_factor' = 'withdrawal') {
  const options = await post('/api/auth/fresh-factor/passkey/options', { purpose }, account.cookie);
  expect(options.statusCode, options.body).toBe(200);
  return options.json().payload as { challenge: string; rpId?: string };
}

/** POST /api/withdraw/card/confirm as the web app sends it: multipart, the passkey's answer as JSON text. */
function confirm(account: SignedUp, passkey?: unknown, extra: Record<string, string> = {}) {
  const fields: Record<string, string> = { amount: '50', ...CARD, ...extra };
  if (passkey !== undefined) fields.second_factor_passkey = JSON.stringify(passkey);
  const { payload, contentType } = multipart(fields);
  return server.app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...XHR, cookie: account.cookie, 'content-type': contentType }, payload });
}

/** Nothing was held: no withdrawal, the balance as funded, every wallet equal to its ledger. */
async function expectNothingHeld(account: SignedUp) {
  expect(await db().selectFrom('withdrawals').select('id').where('user_id', '=', account.userId).execute()).toEqual([]);
  expect(await balanceCents(server, account.userId)).toBe(300_00);
  await expectLedgerConsistent(server);
}

describe('a withdrawal from an account whose only second factor is a passkey', () => {
  test('without the passkey it is refused with a translated 422 on the passkey field, and nothing is held', async () => {
    const { account } = await traderWithPasskey();
    const missing = await confirm(account);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().payload.fields).toEqual({ second_factor_passkey: expect.stringMatching(/passkey/i) });
    // A code is no way around it: the account has no authenticator app.
    const withCode = await confirm(account, undefined, { second_factor_code: '123456' });
    expect(withCode.statusCode).toBe(422);
    await expectNothingHeld(account);
  });

  test('with a passkey answer to a withdrawal challenge it goes through, once', async () => {
    const { account, authenticator } = await traderWithPasskey();
    const answer = authenticator.authenticate(await freshOptions(account));
    const done = await confirm(account, answer);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().payload.withdrawal).toMatchObject({ status: 'pending', amount: 50 });
    expect(await balanceCents(server, account.userId)).toBe(250_00);
    // The same answer again (a replay) is refused and holds nothing more.
    const replayed = await confirm(account, answer);
    expect(replayed.statusCode).toBe(422);
    expect(await balanceCents(server, account.userId)).toBe(250_00);
    expect(await db().selectFrom('withdrawals').select('id').where('user_id', '=', account.userId).execute()).toHaveLength(1);
    await expectLedgerConsistent(server);
  });

  test('an answer to a challenge made for another step, another account or a sign-in is refused', async () => {
    const { account, authenticator } = await traderWithPasskey();
    const other = await traderWithPasskey();
    const forTwoFactor = authenticator.authenticate(await freshOptions(account, 'two_factor'));
    expect((await confirm(account, forTwoFactor)).statusCode).toBe(422);
    const signInOptions = (await post('/api/auth/passkey/sign-in/options', {}, '')).json().payload;
    expect((await confirm(account, authenticator.authenticate(signInOptions))).statusCode).toBe(422);
    // The other account's challenge, signed by this account's passkey; and its own passkey on this account.
    expect((await confirm(account, authenticator.authenticate(await freshOptions(other.account)))).statusCode).toBe(422);
    expect((await confirm(account, other.authenticator.authenticate(await freshOptions(account)))).statusCode).toBe(422);
    await expectNothingHeld(account);
  });

  test('an expired challenge, a lower signature counter, another origin or a forged answer is refused', async () => {
    const { account, authenticator } = await traderWithPasskey();
    const expired = await freshOptions(account);
    await db().updateTable('webauthn_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('challenge', '=', expired.challenge).execute();
    const late = await confirm(account, authenticator.authenticate(expired));
    expect(late.statusCode).toBe(422);
    expect(late.json().payload.message).toMatch(/took too long/);
    // A clone: an answer with counter n arrives after one with n + 1 was accepted.
    const older = authenticator.authenticate(await freshOptions(account));
    const newer = authenticator.authenticate(await freshOptions(account));
    expect((await confirm(account, newer)).statusCode).toBe(200);
    const cloned = await confirm(account, older);
    expect(cloned.statusCode).toBe(422);
    expect(cloned.json().payload.message).toMatch(/not accepted/);
    const phished = authenticator.authenticate(await freshOptions(account), 'https://phishing.example');
    expect((await confirm(account, phished)).statusCode).toBe(422);
    const forged = { ...authenticator.authenticate(await freshOptions(account)), response: { clientDataJSON: 'AAAA', authenticatorData: 'AA', signature: 'AA' } };
    expect((await confirm(account, forged)).statusCode).toBe(422);
    const notJson = multipart({ amount: '50', ...CARD, second_factor_passkey: '{not json' });
    const garbage = await server.app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...XHR, cookie: account.cookie, 'content-type': notJson.contentType }, payload: notJson.payload });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().payload.fields.second_factor_passkey).toMatch(/passkey/i);
    // One withdrawal only: the one with the newer answer.
    expect(await db().selectFrom('withdrawals').select('id').where('user_id', '=', account.userId).execute()).toHaveLength(1);
    expect(await balanceCents(server, account.userId)).toBe(250_00);
    await expectLedgerConsistent(server);
  });

  test('the options are only for a signed-in account that has a passkey, and only for a known step', async () => {
    const account = await signUp(server.app);
    const none = await post('/api/auth/fresh-factor/passkey/options', { purpose: 'withdrawal' }, account.cookie);
    expect(none.statusCode).toBe(422);
    expect((await post('/api/auth/fresh-factor/passkey/options', { purpose: 'anything' }, account.cookie)).statusCode).toBe(422);
    expect((await post('/api/auth/fresh-factor/passkey/options', { purpose: 'withdrawal' }, '')).statusCode).toBe(401);
  });
});

describe('turning on an authenticator app where a passkey guards the account', () => {
  test('asks for the passkey first: a stolen session cannot add its own app and withdraw with it', async () => {
    const { account, authenticator } = await traderWithPasskey();
    const bare = await post('/api/auth/totp/setup', {}, account.cookie);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().payload.fields).toEqual({ passkey: expect.stringMatching(/passkey/i) });
    expect(await db().selectFrom('totp_factors').select('user_id').where('user_id', '=', account.userId).execute()).toEqual([]);
    const setup = await post('/api/auth/totp/setup', { passkey: authenticator.authenticate(await freshOptions(account, 'two_factor')) }, account.cookie);
    expect(setup.statusCode, setup.body).toBe(200);
  });
});

describe('an account with an authenticator app and a passkey', () => {
  async function withBoth() {
    const both = await traderWithPasskey();
    const proof = both.authenticator.authenticate(await freshOptions(both.account, 'two_factor'));
    const setup = await post('/api/auth/totp/setup', { passkey: proof }, both.account.cookie);
    const { secret } = setup.json().payload as { secret: string };
    const code = (stepsAhead: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
    expect((await post('/api/auth/totp/confirm', { code: code(0) }, both.account.cookie)).statusCode).toBe(200);
    return { ...both, code };
  }

  test('a withdrawal asks for either factor and takes the passkey or the code', async () => {
    const { account, authenticator, code } = await withBoth();
    const missing = await confirm(account);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().payload.fields).sort()).toEqual(['second_factor_code', 'second_factor_passkey']);
    expect((await confirm(account, authenticator.authenticate(await freshOptions(account)))).statusCode).toBe(200);
    expect((await confirm(account, undefined, { second_factor_code: code(1) })).statusCode).toBe(200);
    expect(await balanceCents(server, account.userId)).toBe(200_00);
  });

  test('turning 2FA off takes a passkey answer to a two-factor challenge, not to a withdrawal one', async () => {
    const { account, authenticator } = await withBoth();
    const forWithdrawal = authenticator.authenticate(await freshOptions(account, 'withdrawal'));
    expect((await post('/api/auth/totp/disable', { passkey: forWithdrawal }, account.cookie)).statusCode).toBe(422);
    expect((await post('/api/auth/totp/disable', {}, account.cookie)).statusCode).toBe(422);
    const off = await post('/api/auth/totp/disable', { passkey: authenticator.authenticate(await freshOptions(account, 'two_factor')) }, account.cookie);
    expect(off.statusCode, off.body).toBe(200);
    expect((await db().selectFrom('totp_factors').select('user_id').where('user_id', '=', account.userId).execute())).toEqual([]);
  });
});
