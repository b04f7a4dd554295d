import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Api } from '../../../src/api/api';
import { ApiError } from '../../../src/api/client';
import type { EnvelopeUser } from '../../../src/api/contract/envelope';
import type { UserInfo } from '../../../src/api/contract/user';
import { accountChecks } from '../../../src/machines/session/account-checks';
import { sessionActors } from '../../../src/machines/session/session.actors';
import { sessionMachine, type SessionChangeReason, type SessionInput } from '../../../src/machines/session/session.machine';
import {
  selectAccountForm,
  selectConfirmation,
  selectLogoutModal,
  selectPasswordChanged,
  selectProfile,
  selectResetRequested,
  selectSecondFactorKinds,
  selectSecondFactorStep,
  selectSessionStatus,
} from '../../../src/machines/session/session.selectors';

const trader: EnvelopeUser = {
  is_authenticated: true,
  email: 'trader@example.com',
  account_id: '100245',
  wallets: [{ wallet_type: 'main', amount: 0 }],
};
const visitor: EnvelopeUser = { is_authenticated: false };
const info: UserInfo = {
  email: 'trader@example.com',
  account_id: '100245',
  first_name: 'Anna',
  last_name: null,
  phone: null,
  time_zone: null,
  country: null,
  birth_date: null,
  email_confirmed: false,
};

const invalidCredentials = () => new ApiError('invalid_credentials', { message: 'Wrong email or password', status: 401 });
const validation = (fields: Record<string, string>) => new ApiError('validation', { message: 'Please check the form', status: 422, fields });
const rateLimited = (seconds: number) => new ApiError('rate_limited', { message: 'Too many attempts, try again later', status: 429, retryAfter: seconds });
const unauthenticated = () => new ApiError('unauthenticated', { message: 'Please sign in', status: 401 });
const networkDown = () => new ApiError('network', { message: 'Failed to fetch' });

type Call = (input: unknown) => Promise<unknown>;
/** A browser prompt the test never reaches. */
const never = async (): Promise<never> => {
  throw new Error('not expected in this test');
};
const resolved: Call = async () => ({});

function start(input: SessionInput, fakes: Partial<Record<string, Call>> = {}) {
  const calls: Array<[string, unknown]> = [];
  const fake = (name: string, answer: Call = resolved) =>
    // Each fake stands in for an effect of its own input and output type.
    fromPromise<unknown, unknown>(async ({ input: given }) => {
      calls.push([name, given]);
      return (fakes[name] ?? answer)(given);
    }) as never;
  const machine = sessionMachine.provide({
    actors: {
      checkSession: fake('checkSession', async () => null),
      logIn: fake('logIn'),
      submitSecondFactor: fake('submitSecondFactor'),
      proveSecondFactorWithPasskey: fake('proveSecondFactorWithPasskey'),
      signInWithPasskey: fake('signInWithPasskey'),
      register: fake('register'),
      requestReset: fake('requestReset', async () => ({ sent: true })),
      resetByToken: fake('resetByToken'),
      logOut: fake('logOut'),
      changePassword: fake('changePassword'),
      loadProfile: fake('loadProfile', async () => info),
      saveProfile: fake('saveProfile', async (values) => ({ ...info, ...(values as object) })),
      sendConfirmation: fake('sendConfirmation', async () => ({ sent: true })),
    },
  });
  const actor = createActor(machine, { input });
  const changes: SessionChangeReason[] = [];
  actor.on('session.changed', (event) => changes.push(event.reason));
  actor.start();
  return { actor, calls, changes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('session machine', () => {
  test('every state is reachable through user events and the answers of the calls, failures included', () => {
    // Invoked calls do not run during the traversal: their done and error events are sent instead.
    const paths = getShortestPaths(sessionMachine, {
      input: {},
      events: [
        { type: 'xstate.done.actor.check', output: null },
        { type: 'xstate.done.actor.check', output: trader },
        { type: 'xstate.error.actor.check', error: networkDown() },
        { type: 'envelope.user', user: trader },
        { type: 'envelope.user', user: visitor },
        { type: 'session.check' },
        { type: 'login.submit', values: { email: 'a@b.co', password: 'x', remember: true } },
        { type: 'xstate.done.actor.login', output: {} },
        { type: 'xstate.error.actor.login', error: rateLimited(30) },
        { type: 'xstate.done.actor.login', output: { second_factor: ['totp'] } },
        { type: 'secondFactor.submit', values: { code: '123456' } },
        { type: 'xstate.done.actor.secondFactor', output: {} },
        { type: 'xstate.error.actor.secondFactor', error: rateLimited(30) },
        { type: 'secondFactor.passkey' },
        { type: 'xstate.done.actor.secondFactorPasskey', output: {} },
        { type: 'passkey.signIn' },
        { type: 'xstate.done.actor.passkeySignIn', output: {} },
        { type: 'register.submit', values: { email: 'a@b.co', password: 'long enough', password_confirmation: 'long enough', terms: true } },
        { type: 'xstate.done.actor.register', output: {} },
        { type: 'reset.request', values: { email: 'a@b.co' } },
        { type: 'xstate.done.actor.requestReset', output: { sent: true } },
        { type: 'reset.submit', token: 't', values: { password: 'p', password_confirmation: 'p' } },
        { type: 'xstate.done.actor.reset', output: {} },
        { type: 'logout.request' },
        { type: 'logout.confirm' },
        { type: 'xstate.done.actor.logout', output: {} },
        { type: 'password.change', values: { current_password: 'a', password: 'b', password_confirmation: 'b' } },
        { type: 'xstate.done.actor.changePassword', output: {} },
        { type: 'xstate.error.actor.changePassword', error: rateLimited(30) },
        { type: 'profile.load' },
        { type: 'xstate.done.actor.loadProfile', output: info },
        { type: 'xstate.error.actor.loadProfile', error: networkDown() },
        { type: 'profile.save', values: { first_name: 'Anna' } },
        { type: 'xstate.done.actor.saveProfile', output: info },
        { type: 'confirmation.send' },
        { type: 'xstate.done.actor.sendConfirmation', output: { sent: true } },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    const expected = [
      'checking',
      'checkFailed',
      { anonymous: 'idle' },
      { anonymous: 'loggingIn' },
      { anonymous: 'registering' },
      { anonymous: 'requestingReset' },
      { anonymous: 'resetRequested' },
      { anonymous: 'resetting' },
      { anonymous: 'throttled' },
      { anonymous: 'secondFactor' },
      { anonymous: 'verifyingSecondFactor' },
      { anonymous: 'secondFactorThrottled' },
      { anonymous: 'verifyingPasskey' },
      { anonymous: 'signingInWithPasskey' },
      { authenticated: { account: 'idle', profile: 'idle', confirmation: 'idle' } },
      { authenticated: { account: 'confirmingLogout', profile: 'idle', confirmation: 'idle' } },
      { authenticated: { account: 'loggingOut', profile: 'idle', confirmation: 'idle' } },
      { authenticated: { account: 'changingPassword', profile: 'idle', confirmation: 'idle' } },
      { authenticated: { account: 'passwordChanged', profile: 'idle', confirmation: 'idle' } },
      { authenticated: { account: 'throttled', profile: 'idle', confirmation: 'idle' } },
      { authenticated: { account: 'idle', profile: 'loading', confirmation: 'idle' } },
      { authenticated: { account: 'idle', profile: 'loadFailed', confirmation: 'idle' } },
      { authenticated: { account: 'idle', profile: { ready: 'editing' }, confirmation: 'idle' } },
      { authenticated: { account: 'idle', profile: 'saving', confirmation: 'idle' } },
      { authenticated: { account: 'idle', profile: { ready: 'saved' }, confirmation: 'idle' } },
      { authenticated: { account: 'idle', profile: 'idle', confirmation: 'sending' } },
      { authenticated: { account: 'idle', profile: 'idle', confirmation: 'sent' } },
    ];
    for (const state of expected) expect(reached).toContain(JSON.stringify(state));
  }, 30_000);

  describe('passkeys', () => {
    test('a passkey signs in with no password; a closed prompt stays on the form with its failure', async () => {
      let answer: () => Promise<unknown> = async () => {
        throw { code: 'passkey_cancelled', message: '' };
      };
      const { actor, changes } = start({ user: visitor }, { signInWithPasskey: () => answer() });
      actor.send({ type: 'passkey.signIn' });
      await waitFor(actor, (s) => s.matches({ anonymous: 'idle' }) && s.context.failure !== null);
      expect(selectAccountForm(actor.getSnapshot()).formFailure?.code).toBe('passkey_cancelled');
      answer = async () => ({});
      actor.send({ type: 'passkey.signIn' });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(changes).toEqual(['login']);
    });

    test("the second step offers the account's kinds; its passkey signs in", async () => {
      const { actor, calls, changes } = start({ user: visitor }, { logIn: async () => ({ second_factor: ['passkey'] }) });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'pw' } });
      await waitFor(actor, (s) => s.matches({ anonymous: 'secondFactor' }));
      expect(selectSecondFactorKinds(actor.getSnapshot())).toEqual(['passkey']);
      actor.send({ type: 'secondFactor.passkey' });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(calls.map(([name]) => name)).toEqual(['logIn', 'proveSecondFactorWithPasskey']);
      expect(changes).toEqual(['login']);
    });

    test('the passkey actors fetch the options, run the prompt and send its answer', async () => {
      const sent: unknown[] = [];
      const api = {
        security: {
          passkeySignInOptions: async () => ({ challenge: 'c1' }),
          passkeySignIn: async (body: unknown) => sent.push(body),
          secondFactorPasskeyOptions: async () => ({ challenge: 'c2' }),
          secondFactorPasskey: async (body: unknown) => sent.push(body),
        },
      } as unknown as Pick<Api, 'auth' | 'user' | 'security'>;
      const prompt = { create: never, sign: async (options: Record<string, unknown>) => ({ signed: options.challenge }) as never };
      const actors = sessionActors(api, prompt);
      await toPromise(createActor(actors.signInWithPasskey).start());
      await toPromise(createActor(actors.proveSecondFactorWithPasskey).start());
      expect(sent).toEqual([{ response: { signed: 'c1' } }, { response: { signed: 'c2' } }]);
    });
  });

  describe('second factor', () => {
    test('a right password of an account with 2FA asks for the code; the code signs in', async () => {
      const { actor, calls, changes } = start({ user: visitor }, { logIn: async () => ({ second_factor: ['totp'] }) });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'pw' } });
      await waitFor(actor, (s) => selectSecondFactorStep(s) && s.matches({ anonymous: 'secondFactor' }));
      expect(changes).toEqual([]);
      actor.send({ type: 'secondFactor.submit', values: { code: '123456' } });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(calls.map(([name]) => name)).toEqual(['logIn', 'submitSecondFactor']);
      expect(calls[1]![1]).toEqual({ code: '123456' });
      expect(changes).toEqual(['login']);
    });

    test('a wrong code stays on the step with the field error; an expired step goes back to the password', async () => {
      let answer: unknown = validation({ code: 'Wrong code' });
      const { actor } = start({ user: visitor }, {
        logIn: async () => ({ second_factor: ['totp'] }),
        submitSecondFactor: async () => { throw answer; },
      });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'pw' } });
      await waitFor(actor, (s) => s.matches({ anonymous: 'secondFactor' }));
      actor.send({ type: 'secondFactor.submit', values: { code: '000000' } });
      await waitFor(actor, (s) => s.matches({ anonymous: 'secondFactor' }) && s.context.failure !== null);
      expect(selectAccountForm(actor.getSnapshot()).fieldErrors).toEqual({ code: 'Wrong code' });
      answer = new ApiError('invalid_token', { message: 'The sign-in took too long', status: 400 });
      actor.send({ type: 'secondFactor.submit', values: { code: '000000' } });
      await waitFor(actor, (s) => s.matches({ anonymous: 'idle' }));
      expect(actor.getSnapshot().context.failure?.message).toBe('The sign-in took too long');
    });

    test('too many codes wait out the 429 on the step; "back" returns to the password', async () => {
      vi.useFakeTimers();
      const { actor } = start({ user: visitor }, {
        logIn: async () => ({ second_factor: ['totp'] }),
        submitSecondFactor: async () => { throw rateLimited(30); },
      });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'pw' } });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ anonymous: 'secondFactor' })).toBe(true));
      actor.send({ type: 'secondFactor.submit', values: { code: '000000' } });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ anonymous: 'secondFactorThrottled' })).toBe(true));
      expect(selectAccountForm(actor.getSnapshot()).throttled).toBe(true);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(actor.getSnapshot().matches({ anonymous: 'secondFactor' })).toBe(true);
      actor.send({ type: 'secondFactor.cancel' });
      expect(actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    });
  });

  describe('check', () => {
    test('the user the root actor knows starts the session without a call', () => {
      expect(selectSessionStatus(start({ user: trader }).actor.getSnapshot())).toBe('authenticated');
      const { actor, calls } = start({ user: visitor });
      expect(selectSessionStatus(actor.getSnapshot())).toBe('anonymous');
      expect(calls).toEqual([]);
    });

    test("an unknown session is checked; the answer's envelope user decides", async () => {
      const { actor, calls } = start({}, { checkSession: () => new Promise(() => undefined) });
      expect(selectSessionStatus(actor.getSnapshot())).toBe('checking');
      expect(calls.map(([name]) => name)).toEqual(['checkSession']);
      actor.send({ type: 'envelope.user', user: trader });
      expect(selectSessionStatus(actor.getSnapshot())).toBe('authenticated');
      expect(actor.getSnapshot().context.user).toEqual(trader);
    });

    test('a check answered without a user means no session; an actor that knows the user tells it', async () => {
      const anonymous = start({});
      await waitFor(anonymous.actor, (s) => selectSessionStatus(s) === 'anonymous');
      const signedIn = start({}, { checkSession: async () => trader });
      await waitFor(signedIn.actor, (s) => selectSessionStatus(s) === 'authenticated');
    });

    test('a failed check (network) waits for a retry', async () => {
      let fail = true;
      const { actor } = start({}, { checkSession: async () => { if (fail) throw networkDown(); return trader; } });
      await waitFor(actor, (s) => s.matches('checkFailed'));
      expect(actor.getSnapshot().context.failure).toEqual({ code: 'network', message: '', fields: {} });
      fail = false;
      actor.send({ type: 'session.check' });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(actor.getSnapshot().context.failure).toBeNull();
    });
  });

  describe('log in', () => {
    test('sends the form with remember-me, signs in and announces it once', async () => {
      const { actor, calls, changes } = start({ user: visitor });
      const values = { email: 'trader@example.com', password: 'correct-horse-42', remember: true };
      actor.send({ type: 'login.submit', values });
      expect(selectAccountForm(actor.getSnapshot()).busy).toBe(true);
      // The answer's envelope arrives before the call ends; the session waits for its end.
      actor.send({ type: 'envelope.user', user: trader });
      expect(actor.getSnapshot().matches({ anonymous: 'loggingIn' })).toBe(true);
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(calls).toEqual([['logIn', values]]);
      expect(changes).toEqual(['login']);
      expect(actor.getSnapshot().context.user).toEqual(trader);
    });

    test('wrong credentials (401) stay on the form with the message above it', async () => {
      const { actor, changes } = start({ user: visitor }, { logIn: async () => { throw invalidCredentials(); } });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'nope' } });
      await waitFor(actor, (s) => s.matches({ anonymous: 'idle' }) && s.context.failure !== null);
      const view = selectAccountForm(actor.getSnapshot());
      expect(view.formFailure).toMatchObject({ code: 'invalid_credentials', message: 'Wrong email or password' });
      expect(view.fieldErrors).toEqual({});
      expect(changes).toEqual([]);
    });

    test('a validation answer (422) puts each message at its field and none above the form', async () => {
      const { actor } = start({ user: visitor }, { logIn: async () => { throw validation({ email: 'Enter a valid email address' }); } });
      actor.send({ type: 'login.submit', values: { email: 'bad', password: 'x' } });
      await waitFor(actor, (s) => s.context.failure !== null);
      const view = selectAccountForm(actor.getSnapshot());
      expect(view.fieldErrors).toEqual({ email: 'Enter a valid email address' });
      expect(view.formFailure).toBeNull();
    });

    test('a network error says so without a server message, and the form can be sent again', async () => {
      let attempts = 0;
      const { actor } = start({ user: visitor }, { logIn: async () => { attempts += 1; if (attempts === 1) throw networkDown(); return {}; } });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'x' } });
      await waitFor(actor, (s) => s.context.failure !== null);
      expect(selectAccountForm(actor.getSnapshot()).formFailure).toEqual({ code: 'network', message: '', fields: {} });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'x' } });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(actor.getSnapshot().context.failure).toBeNull();
    });

    test('too many attempts (429) wait out retry_after; submits in between are not sent', async () => {
      vi.useFakeTimers();
      const { actor, calls } = start({ user: visitor }, { logIn: async () => { throw rateLimited(30); } });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'x' } });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ anonymous: 'throttled' })).toBe(true));
      const view = selectAccountForm(actor.getSnapshot());
      expect(view.throttled).toBe(true);
      expect(view.formFailure).toMatchObject({ code: 'rate_limited', retryAfter: 30 });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'x' } });
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(actor.getSnapshot().matches({ anonymous: 'throttled' })).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
      expect(selectAccountForm(actor.getSnapshot())).toMatchObject({ throttled: false, formFailure: null });
    });

    test('a 429 without retry_after is an ordinary failure: the form can be sent again', async () => {
      const { actor } = start({ user: visitor }, { logIn: async () => { throw new ApiError('rate_limited', { message: 'Too many', status: 429 }); } });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'x' } });
      await waitFor(actor, (s) => s.matches({ anonymous: 'idle' }) && s.context.failure?.code === 'rate_limited');
    });
  });

  describe('register', () => {
    test('signs up and in, announced as a registration', async () => {
      const { actor, calls, changes } = start({ user: visitor });
      const values = { email: 'new@example.com', password: 'Quiet-harbor-2026', password_confirmation: 'Quiet-harbor-2026', terms: true as const };
      actor.send({ type: 'register.submit', values });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(calls).toEqual([['register', values]]);
      expect(changes).toEqual(['register']);
    });

    test('a taken email comes back at the email field', async () => {
      const { actor } = start({ user: visitor }, { register: async () => { throw validation({ email: 'This email is already registered' }); } });
      actor.send({ type: 'register.submit', values: { email: 'taken@example.com', password: 'Quiet-harbor-2026', password_confirmation: 'Quiet-harbor-2026', terms: true } });
      await waitFor(actor, (s) => s.context.failure !== null);
      expect(selectAccountForm(actor.getSnapshot()).fieldErrors).toEqual({ email: 'This email is already registered' });
      expect(selectSessionStatus(actor.getSnapshot())).toBe('anonymous');
    });

    test('a 429 on sign-up waits it out too', async () => {
      vi.useFakeTimers();
      const { actor } = start({ user: visitor }, { register: async () => { throw rateLimited(5); } });
      actor.send({ type: 'register.submit', values: { email: 'n@example.com', password: 'Quiet-harbor-2026', password_confirmation: 'Quiet-harbor-2026', terms: true } });
      await vi.waitFor(() => expect(selectAccountForm(actor.getSnapshot()).throttled).toBe(true));
      await vi.advanceTimersByTimeAsync(5_000);
      expect(selectAccountForm(actor.getSnapshot()).throttled).toBe(false);
    });
  });

  describe('forgotten password', () => {
    test('asks for a link, shows it sent, and may ask again', async () => {
      const { actor, calls } = start({ user: visitor });
      actor.send({ type: 'reset.request', values: { email: 'trader@example.com' } });
      await waitFor(actor, (s) => selectResetRequested(s));
      actor.send({ type: 'reset.request', values: { email: 'trader@example.com' } });
      await waitFor(actor, (s) => selectResetRequested(s) && calls.length === 2);
      expect(calls).toEqual([
        ['requestReset', { email: 'trader@example.com' }],
        ['requestReset', { email: 'trader@example.com' }],
      ]);
    });

    test('a 429 keeps the form with the wait, then lets it be sent again', async () => {
      vi.useFakeTimers();
      const { actor } = start({ user: visitor }, { requestReset: async () => { throw rateLimited(60); } });
      actor.send({ type: 'reset.request', values: { email: 'trader@example.com' } });
      await vi.waitFor(() => expect(selectAccountForm(actor.getSnapshot()).throttled).toBe(true));
      expect(selectResetRequested(actor.getSnapshot())).toBe(false);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    });

    test('the emailed token sets the new password and signs in', async () => {
      const { actor, calls, changes } = start({ user: visitor });
      const values = { password: 'Fresh-meadow-2027', password_confirmation: 'Fresh-meadow-2027' };
      actor.send({ type: 'reset.submit', token: 'token-from-the-link', values });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(calls).toEqual([['resetByToken', { token: 'token-from-the-link', values }]]);
      expect(changes).toEqual(['reset']);
    });

    test('a used or expired link says so and signs nobody in', async () => {
      const { actor, changes } = start({ user: visitor }, {
        resetByToken: async () => { throw new ApiError('invalid_token', { message: 'The link is invalid or has expired', status: 400 }); },
      });
      actor.send({ type: 'reset.submit', token: 'used', values: { password: 'Fresh-meadow-2027', password_confirmation: 'Fresh-meadow-2027' } });
      await waitFor(actor, (s) => s.context.failure !== null);
      expect(selectAccountForm(actor.getSnapshot()).formFailure?.code).toBe('invalid_token');
      expect(changes).toEqual([]);
    });
  });

  describe('log out through the confirmation modal', () => {
    test('the modal opens, Close keeps the session, Logout ends it and announces it', async () => {
      const { actor, calls, changes } = start({ user: trader });
      actor.send({ type: 'logout.request' });
      expect(selectLogoutModal(actor.getSnapshot())).toEqual({ open: true, busy: false, failure: null });
      actor.send({ type: 'logout.cancel' });
      expect(selectLogoutModal(actor.getSnapshot()).open).toBe(false);
      expect(calls).toEqual([]);

      actor.send({ type: 'logout.request' });
      actor.send({ type: 'logout.confirm' });
      expect(selectLogoutModal(actor.getSnapshot())).toEqual({ open: true, busy: true, failure: null });
      // The logout answer's envelope (signed out) comes before the call's end.
      actor.send({ type: 'envelope.user', user: visitor });
      expect(selectLogoutModal(actor.getSnapshot()).busy).toBe(true);
      await waitFor(actor, (s) => selectSessionStatus(s) === 'anonymous');
      expect(calls.map(([name]) => name)).toEqual(['logOut']);
      expect(changes).toEqual(['logout']);
      expect(actor.getSnapshot().context.user).toEqual(visitor);
      expect(selectLogoutModal(actor.getSnapshot()).open).toBe(false);
    });

    test('a failed logout (network) keeps the modal open with the reason', async () => {
      const { actor, changes } = start({ user: trader }, { logOut: async () => { throw networkDown(); } });
      actor.send({ type: 'logout.request' });
      actor.send({ type: 'logout.confirm' });
      await waitFor(actor, (s) => selectLogoutModal(s).failure !== null);
      expect(selectLogoutModal(actor.getSnapshot())).toMatchObject({ open: true, busy: false, failure: { code: 'network' } });
      expect(changes).toEqual([]);
    });

    test('a session the server already ended (401) counts as logged out', async () => {
      const { actor, changes } = start({ user: trader }, { logOut: async () => { throw unauthenticated(); } });
      actor.send({ type: 'logout.request' });
      actor.send({ type: 'logout.confirm' });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'anonymous');
      expect(changes).toEqual(['logout']);
    });

    test('a signed-out envelope from elsewhere ends the session without announcing it', () => {
      const { actor, changes } = start({ user: trader });
      actor.send({ type: 'profile.load' });
      actor.send({ type: 'envelope.user', user: visitor });
      expect(selectSessionStatus(actor.getSnapshot())).toBe('anonymous');
      expect(actor.getSnapshot().context.profile).toBeNull();
      expect(changes).toEqual([]);
    });
  });

  describe('change password', () => {
    const values = { current_password: 'correct-horse-42', password: 'Fresh-meadow-2027', password_confirmation: 'Fresh-meadow-2027' };

    test('changes it and shows it changed', async () => {
      const { actor, calls } = start({ user: trader });
      actor.send({ type: 'password.change', values });
      expect(selectAccountForm(actor.getSnapshot()).busy).toBe(true);
      await waitFor(actor, (s) => selectPasswordChanged(s));
      expect(calls).toEqual([['changePassword', values]]);
    });

    test('a wrong current password (422) is shown at its field', async () => {
      const { actor } = start({ user: trader }, { changePassword: async () => { throw validation({ current_password: 'The current password is wrong' }); } });
      actor.send({ type: 'password.change', values });
      await waitFor(actor, (s) => s.context.failure !== null);
      expect(selectAccountForm(actor.getSnapshot())).toMatchObject({ busy: false, formFailure: null, fieldErrors: { current_password: 'The current password is wrong' } });
    });

    test('an ended session (401) signs out and announces the expiry', async () => {
      const { actor, changes } = start({ user: trader }, { changePassword: async () => { throw unauthenticated(); } });
      actor.send({ type: 'password.change', values });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'anonymous');
      expect(changes).toEqual(['expired']);
      expect(actor.getSnapshot().context.failure?.code).toBe('unauthenticated');
    });

    test('too many wrong current passwords (429) wait out retry_after', async () => {
      vi.useFakeTimers();
      const { actor, calls } = start({ user: trader }, { changePassword: async () => { throw rateLimited(10); } });
      actor.send({ type: 'password.change', values });
      await vi.waitFor(() => expect(selectAccountForm(actor.getSnapshot()).throttled).toBe(true));
      actor.send({ type: 'password.change', values });
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(actor.getSnapshot().matches({ authenticated: { account: 'idle' } })).toBe(true);
    });
  });

  describe('personal data', () => {
    test('loads, saves the edited fields and shows them saved', async () => {
      const { actor, calls } = start({ user: trader });
      actor.send({ type: 'profile.load' });
      expect(selectProfile(actor.getSnapshot()).stage).toBe('loading');
      await waitFor(actor, (s) => selectProfile(s).stage === 'ready');
      expect(selectProfile(actor.getSnapshot()).profile).toEqual(info);
      actor.send({ type: 'profile.save', values: { first_name: 'Anna', last_name: 'Petrova', phone: '', country: 'RU', birth_date: '' } });
      expect(selectProfile(actor.getSnapshot()).stage).toBe('saving');
      await waitFor(actor, (s) => selectProfile(s).saved);
      expect(selectProfile(actor.getSnapshot()).profile).toMatchObject({ last_name: 'Petrova', country: 'RU' });
      expect(calls.at(-1)).toEqual(['saveProfile', { first_name: 'Anna', last_name: 'Petrova', phone: '', country: 'RU', birth_date: '' }]);
    });

    test('a failed load can be retried', async () => {
      let fail = true;
      const { actor } = start({ user: trader }, { loadProfile: async () => { if (fail) throw networkDown(); return info; } });
      actor.send({ type: 'profile.load' });
      await waitFor(actor, (s) => selectProfile(s).stage === 'loadFailed');
      expect(selectProfile(actor.getSnapshot()).formFailure?.code).toBe('network');
      fail = false;
      actor.send({ type: 'profile.load' });
      await waitFor(actor, (s) => selectProfile(s).stage === 'ready');
      expect(selectProfile(actor.getSnapshot()).formFailure).toBeNull();
    });

    test('refused fields (422) come back at their fields and the form stays editable', async () => {
      const { actor } = start({ user: trader }, { saveProfile: async () => { throw validation({ phone: 'Enter a phone number' }); } });
      actor.send({ type: 'profile.load' });
      await waitFor(actor, (s) => selectProfile(s).stage === 'ready');
      actor.send({ type: 'profile.save', values: { phone: '12' } });
      await waitFor(actor, (s) => selectProfile(s).fieldErrors.phone !== undefined);
      expect(selectProfile(actor.getSnapshot())).toMatchObject({ stage: 'ready', saved: false, formFailure: null });
    });

    test('an ended session (401) while loading or saving signs out', async () => {
      const { actor, changes } = start({ user: trader }, { loadProfile: async () => { throw unauthenticated(); } });
      actor.send({ type: 'profile.load' });
      await waitFor(actor, (s) => selectSessionStatus(s) === 'anonymous');
      expect(changes).toEqual(['expired']);

      const saving = start({ user: trader }, { saveProfile: async () => { throw unauthenticated(); } });
      saving.actor.send({ type: 'profile.load' });
      await waitFor(saving.actor, (s) => selectProfile(s).stage === 'ready');
      saving.actor.send({ type: 'profile.save', values: {} });
      await waitFor(saving.actor, (s) => selectSessionStatus(s) === 'anonymous');
      expect(saving.changes).toEqual(['expired']);
    });

    test('the confirmation email is sent again once; a refusal (429) is shown', async () => {
      const { actor, calls } = start({ user: trader });
      actor.send({ type: 'confirmation.send' });
      expect(selectConfirmation(actor.getSnapshot()).sending).toBe(true);
      await waitFor(actor, (s) => selectConfirmation(s).sent);
      actor.send({ type: 'confirmation.send' });
      expect(calls.filter(([name]) => name === 'sendConfirmation')).toHaveLength(1);

      const refused = start({ user: trader }, { sendConfirmation: async () => { throw rateLimited(3600); } });
      refused.actor.send({ type: 'confirmation.send' });
      await waitFor(refused.actor, (s) => selectConfirmation(s).failure !== null);
      expect(selectConfirmation(refused.actor.getSnapshot())).toMatchObject({ sending: false, sent: false, failure: { code: 'rate_limited', retryAfter: 3600 } });
    });
  });

  // One session serves every page of the app: opening one of its pages starts a flow at rest
  // afresh, as a page of its own would, and leaves a flow in flight alone.
  describe('a page opened', () => {
    const opened = (actor: ReturnType<typeof start>['actor']) => {
      actor.send({ type: 'page.opened' });
      return actor.getSnapshot();
    };

    test("clears a resting form's failure and leaves a sent link, a second step or a changed password behind", async () => {
      const { actor } = start({ user: visitor }, { logIn: async () => { throw invalidCredentials(); } });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'nope' } });
      await waitFor(actor, (s) => s.context.failure !== null);
      expect(opened(actor).context.failure).toBeNull();

      actor.send({ type: 'reset.request', values: { email: 'trader@example.com' } });
      await waitFor(actor, (s) => selectResetRequested(s));
      expect(opened(actor).matches({ anonymous: 'idle' })).toBe(true);

      const twoFactor = start({ user: visitor }, { logIn: async () => ({ second_factor: ['totp'] }) });
      twoFactor.actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'right' } });
      await waitFor(twoFactor.actor, (s) => selectSecondFactorStep(s));
      expect(opened(twoFactor.actor).matches({ anonymous: 'idle' })).toBe(true);

      const signedIn = start({ user: trader });
      signedIn.actor.send({ type: 'password.change', values: { current_password: 'a', password: 'b', password_confirmation: 'b' } });
      signedIn.actor.send({ type: 'confirmation.send' });
      await waitFor(signedIn.actor, (s) => selectPasswordChanged(s) && selectConfirmation(s).sent);
      const fresh = opened(signedIn.actor);
      expect(selectPasswordChanged(fresh)).toBe(false);
      expect(selectConfirmation(fresh).sent).toBe(false);
      expect(fresh.matches({ authenticated: { account: 'idle', confirmation: 'idle' } })).toBe(true);
    });

    test("a form's 429 wait is not carried to the next form", async () => {
      vi.useFakeTimers();
      const { actor } = start({ user: visitor }, { logIn: async () => { throw rateLimited(60); } });
      actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'nope' } });
      await vi.waitFor(() => expect(selectAccountForm(actor.getSnapshot()).throttled).toBe(true));
      const fresh = opened(actor);
      expect(selectAccountForm(fresh)).toMatchObject({ throttled: false, formFailure: null });
      expect(fresh.matches({ anonymous: 'idle' })).toBe(true);
    });

    test('a call in flight carries on, and so does the logout modal', async () => {
      let answer: () => void = () => undefined;
      const { actor, changes } = start({ user: visitor }, { logIn: () => new Promise((resolve) => (answer = () => resolve({}))) });
      actor.send({ type: 'login.submit', values: { email: 'trader@example.com', password: 'correct-horse-42' } });
      expect(opened(actor).matches({ anonymous: 'loggingIn' })).toBe(true);
      answer();
      await waitFor(actor, (s) => selectSessionStatus(s) === 'authenticated');
      expect(changes).toEqual(['login']);

      actor.send({ type: 'logout.request' });
      expect(selectLogoutModal(opened(actor)).open).toBe(true);
    });
  });
});

describe('session actors', () => {
  test('each effect calls its endpoint with the values it was given', async () => {
    const seen: Array<[string, unknown[]]> = [];
    const record = (name: string, answer: unknown = {}) => async (...args: unknown[]) => {
      seen.push([name, args.slice(0, -1)]);
      return answer;
    };
    const api = {
      auth: {
        check: record('check'),
        login: record('login'),
        register: record('register'),
        logout: record('logout'),
        requestReset: record('requestReset', { sent: true }),
        resetByToken: record('resetByToken'),
        changePassword: record('changePassword'),
        sendConfirmation: record('sendConfirmation', { sent: true }),
      },
      user: { info: record('info', info), updateInfo: record('updateInfo', info) },
      security: { secondFactor: record('secondFactor') },
    } as unknown as Pick<Api, 'auth' | 'user' | 'security'>;
    const machine = sessionMachine.provide({ actors: sessionActors(api, { create: never, sign: never }) });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'login.submit', values: { email: 'a@example.com', password: 'pw', remember: true } });
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'profile.load' });
    await waitFor(actor, (s) => selectProfile(s).stage === 'ready');
    actor.send({ type: 'profile.save', values: { phone: '' } });
    await waitFor(actor, (s) => selectProfile(s).saved);
    actor.send({ type: 'logout.request' });
    actor.send({ type: 'logout.confirm' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'reset.submit', token: 'tok', values: { password: 'p', password_confirmation: 'p' } });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(seen).toEqual([
      ['check', []],
      ['login', [{ email: 'a@example.com', password: 'pw', remember: true }]],
      ['info', []],
      ['updateInfo', [{ phone: '' }]],
      ['logout', []],
      ['resetByToken', ['tok', { password: 'p', password_confirmation: 'p' }]],
    ]);
  });
});

describe('account checks mirror the server', () => {
  test('login needs an email and a password', () => {
    expect(accountChecks.login({ email: '', password: '' })).toEqual({ email: { key: 'validation.required' }, password: { key: 'validation.required' } });
    expect(accountChecks.login({ email: 'not-an-email', password: 'x' })).toEqual({ email: { key: 'validation.email' } });
    expect(accountChecks.login({ email: ' Trader@Example.com ', password: 'x' })).toEqual({});
  });

  test('sign-up: password length and commonness, confirmation, terms', () => {
    expect(accountChecks.register({ email: 'a@example.com', password: 'short', password_confirmation: 'short', terms: false })).toEqual({
      password: { key: 'validation.too_short', params: { min: 8 } },
      terms: { key: 'validation.terms' },
    });
    expect(accountChecks.register({ email: 'a@example.com', password: 'password123', password_confirmation: 'password12', terms: true })).toEqual({
      password: { key: 'validation.password_common' },
      password_confirmation: { key: 'validation.password_mismatch' },
    });
    expect(accountChecks.register({ email: 'a@example.com', password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129), terms: true })).toEqual({
      password: { key: 'validation.too_long', params: { max: 128 } },
    });
    expect(accountChecks.register({ email: 'a@example.com', password: 'Quiet-harbor-2026', password_confirmation: 'Quiet-harbor-2026', terms: true })).toEqual({});
  });

  test('forgot, reset and change', () => {
    expect(accountChecks.forgot({ email: 'nope' })).toEqual({ email: { key: 'validation.email' } });
    expect(accountChecks.reset({ password: 'Fresh-meadow-2027', password_confirmation: '' })).toEqual({ password_confirmation: { key: 'validation.required' } });
    expect(accountChecks.change({ current_password: '', password: 'Fresh-meadow-2027', password_confirmation: 'Fresh-meadow-2027' })).toEqual({
      current_password: { key: 'validation.required' },
    });
  });

  test('personal data uses the server schema: empty clears, bad values name their rule', () => {
    expect(accountChecks.personal({ first_name: '', last_name: '', phone: '', country: '', birth_date: '', time_zone: '' })).toEqual({});
    expect(
      accountChecks.personal({ first_name: '1Anna', last_name: 'Petrova', phone: 'call me', country: 'Russia', birth_date: '2999-01-01', time_zone: 'Mars/Olympus' }),
    ).toEqual({
      first_name: { key: 'validation.invalid' },
      phone: { key: 'validation.phone' },
      country: { key: 'validation.country' },
      birth_date: { key: 'validation.date' },
      time_zone: { key: 'validation.time_zone' },
    });
    // An IANA name Intl knows; an offset is not a zone.
    expect(accountChecks.personal({ first_name: '', last_name: '', phone: '', country: '', birth_date: '', time_zone: 'America/Sao_Paulo' })).toEqual({});
    expect(accountChecks.personal({ first_name: '', last_name: '', phone: '', country: '', birth_date: '', time_zone: '+03:00' })).toEqual({
      time_zone: { key: 'validation.time_zone' },
    });
  });
});
