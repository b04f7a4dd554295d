import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../../src/api/client';
import type { PasskeyAuthenticationResponse, PasskeyItem, SecurityPayload, SessionItem, SignInItem } from '../../../src/api/contract/security';
import { securityActors } from '../../../src/machines/security/security.actors';
import { securityMachine } from '../../../src/machines/security/security.machine';
import {
  selectPasskeysBusy,
  selectPasskeysSigning,
  selectPasskeysStage,
  selectSessionsStage,
  selectTotpPasskey,
  selectTotpStage,
} from '../../../src/machines/security/security.selectors';

const off: SecurityPayload = { totp: { enabled: false, enabled_at: null, recovery_codes_left: 0 }, passkeys: [] };
const on: SecurityPayload = { totp: { enabled: true, enabled_at: '2026-11-25T10:00:00.000Z', recovery_codes_left: 10 }, passkeys: [] };
const passkey: PasskeyItem = { id: 'cred-1', name: 'Phone', created_at: '2026-11-27T08:00:00.000Z', last_used_at: null };
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const session: SessionItem = { id: 'a'.repeat(32), device: { browser: 'Chrome 131', os: 'Windows', mobile: false }, ip: '203.0.113.1', place: { country: 'RU', city: 'Москва' }, created_at: '2026-11-25T10:00:00.000Z', last_seen_at: '2026-11-25T10:05:00.000Z', current: true };
const signIn: SignInItem = { id: 1, success: true, method: 'password', device: session.device, ip: '203.0.113.1', place: session.place, created_at: '2026-11-25T10:00:00.000Z' };
const answer: PasskeyAuthenticationResponse = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};
const cancelled = () => Object.assign(new Error(''), { code: 'passkey_cancelled' });
const wrongCode = () => new ApiError('validation', { message: 'Please check the form', status: 422, fields: { code: 'Wrong code' } });

type Call = (input: unknown) => Promise<unknown>;
function start(fakes: Partial<Record<string, Call>> = {}) {
  const calls: Array<[string, unknown]> = [];
  let state = off;
  const defaults: Record<string, Call> = {
    loadSecurity: async () => state,
    startSetup: async () => ({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' }),
    confirmSetup: async () => {
      state = on;
      return codes;
    },
    disableTotp: async () => {
      state = off;
      return {};
    },
    renewCodes: async () => codes,
    signWithPasskey: async () => answer,
    loadSessions: async () => ({ sessions: [session], signIns: [signIn] }),
    endSession: async () => ({}),
    endOtherSessions: async () => ({ ended: 1 }),
    addPasskey: async () => passkey,
    removePasskey: async () => ({}),
  };
  const fake = (name: string) =>
    fromPromise<unknown, unknown>(async ({ input }) => {
      calls.push([name, input]);
      return (fakes[name] ?? defaults[name]!)(input);
    }) as never;
  const machine = securityMachine.provide({ actors: Object.fromEntries(Object.keys(defaults).map((name) => [name, fake(name)])) as never });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('security machine', () => {
  test('every state is reachable through user events and the answers of the calls', () => {
    const paths = getShortestPaths(securityMachine, {
      events: [
        { type: 'xstate.done.actor.0.security.totp.loading', output: off },
        { type: 'xstate.done.actor.0.security.totp.loading', output: on },
        { type: 'xstate.done.actor.0.security.totp.loading', output: { ...on, passkeys: [passkey] } },
        { type: 'totp.usePasskey', step: 'disable' },
        { type: 'xstate.done.actor.0.security.totp.signingWithPasskey', output: answer },
        { type: 'xstate.done.actor.0.security.passkeys.signingToAdd', output: answer },
        { type: 'xstate.done.actor.0.security.passkeys.signingToRemove', output: answer },
        { type: 'xstate.error.actor.0.security.totp.loading', error: new ApiError('network', { message: '' }) },
        { type: 'totp.start' },
        { type: 'xstate.done.actor.0.security.totp.startingSetup', output: { secret: 's', uri: 'u' } },
        { type: 'totp.confirm', code: '123456' },
        { type: 'xstate.done.actor.0.security.totp.confirming', output: codes },
        { type: 'totp.disable', code: '123456' },
        { type: 'codes.renew', code: '123456' },
        { type: 'xstate.done.actor.0.security.sessions.loading', output: { sessions: [session], signIns: [] } },
        { type: 'xstate.error.actor.0.security.sessions.loading', error: new ApiError('network', { message: '' }) },
        { type: 'session.end', id: session.id },
        { type: 'sessions.endOthers' },
        { type: 'passkey.addStart' },
        { type: 'passkey.add', name: 'Phone', password: 'pw', proof: {} },
        { type: 'passkey.add', name: 'Phone', password: 'pw', proof: { passkey: true } },
        { type: 'passkey.removeStart', id: 'cred-1' },
        { type: 'passkey.remove', password: 'pw', proof: { passkey: true } },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    const totp = [...reached].map((value) => (JSON.parse(value) as { totp: string }).totp);
    const sessions = [...reached].map((value) => (JSON.parse(value) as { sessions: string }).sessions);
    for (const state of ['loading', 'loadFailed', 'off', 'signingWithPasskey', 'startingSetup', 'enrolling', 'confirming', 'showingCodes', 'on', 'disabling', 'renewingCodes'])
      expect(totp).toContain(state);
    for (const state of ['loading', 'loadFailed', 'ready', 'ending', 'endingOthers']) expect(sessions).toContain(state);
    const passkeys = [...reached].map((value) => (JSON.parse(value) as { passkeys: string }).passkeys);
    for (const state of ['idle', 'naming', 'signingToAdd', 'adding', 'confirmingRemoval', 'signingToRemove', 'removing']) expect(passkeys).toContain(state);
  });

  test('adding a passkey lists it; a wrong password keeps the form with its field error; removing takes it off', async () => {
    let wrong = true;
    const { actor, calls } = start({
      addPasskey: async () => {
        if (wrong) throw new ApiError('validation', { message: 'Please check the form', status: 422, fields: { password: 'Wrong password' } });
        return passkey;
      },
    });
    await waitFor(actor, (s) => s.context.security !== null);
    actor.send({ type: 'passkey.addStart' });
    actor.send({ type: 'passkey.add', name: 'Phone', password: 'nope', proof: {} });
    await waitFor(actor, (s) => selectPasskeysStage(s) === 'naming' && !selectPasskeysBusy(s) && s.context.passkeyFailure !== null);
    expect(actor.getSnapshot().context.passkeyFailure?.fields).toEqual({ password: 'Wrong password' });
    wrong = false;
    actor.send({ type: 'passkey.add', name: 'Phone', password: 'right', proof: {} });
    await waitFor(actor, (s) => s.matches({ passkeys: 'idle' }));
    expect(actor.getSnapshot().context.security?.passkeys).toEqual([passkey]);
    actor.send({ type: 'passkey.removeStart', id: passkey.id });
    expect(selectPasskeysStage(actor.getSnapshot())).toBe('confirmingRemoval');
    actor.send({ type: 'passkey.remove', password: 'right', proof: { passkey: true } });
    await waitFor(actor, (s) => s.matches({ passkeys: 'idle' }) && s.context.security?.passkeys.length === 0);
    // The passkey's prompt first, then its answer goes with the password.
    expect(calls.filter(([name]) => name === 'signWithPasskey' || name === 'removePasskey')).toEqual([
      ['signWithPasskey', { purpose: 'two_factor' }],
      ['removePasskey', { id: passkey.id, name: '', password: 'right', factor: { passkey: answer } }],
    ]);
    expect(actor.getSnapshot().context.passkeyChange).toBeNull();
  });

  test('a refused fresh factor keeps the removal open with its message, and the passkey stays listed', async () => {
    const { actor } = start({
      loadSecurity: async () => ({ ...on, passkeys: [passkey] }),
      removePasskey: async () => {
        throw new ApiError('validation', { message: 'Please check the form', status: 422, fields: { code: 'Wrong code' } });
      },
    });
    await waitFor(actor, (s) => s.context.security !== null);
    actor.send({ type: 'passkey.removeStart', id: passkey.id });
    actor.send({ type: 'passkey.remove', password: 'right', proof: { code: '000000' } });
    await waitFor(actor, (s) => s.matches({ passkeys: 'confirmingRemoval' }) && s.context.passkeyFailure !== null);
    expect(actor.getSnapshot().context.passkeyFailure?.fields).toEqual({ code: 'Wrong code' });
    expect(actor.getSnapshot().context.security?.passkeys).toEqual([passkey]);
    expect(actor.getSnapshot().context.removingPasskey).toBe(passkey.id);
  });

  test("the remove actor sends the password with the fresh factor; the passkey's ceremony asks the challenge for two-factor", async () => {
    const sent: unknown[] = [];
    const api = {
      security: {
        freshPasskeyOptions: async (body: unknown) => (sent.push(body), { challenge: 'f' }),
        removePasskey: async (id: string, body: unknown) => (sent.push([id, body]), {}),
      },
    } as never;
    const prompt = { create: async () => ({}) as never, sign: async (options: Record<string, unknown>) => ({ signed: options.challenge }) as never };
    const actors = securityActors(api, prompt);
    await toPromise(createActor(actors.removePasskey, { input: { id: 'cred-1', name: '', password: 'pw', factor: { code: '123456' } } }).start());
    const signed = await toPromise(createActor(actors.signWithPasskey, { input: { purpose: 'two_factor' } }).start());
    expect(signed).toEqual({ signed: 'f' });
    expect(sent).toEqual([['cred-1', { password: 'pw', code: '123456' }], { purpose: 'two_factor' }]);
  });

  test('every effect the machine declares is provided over the api', () => {
    const provided = securityActors({ security: {} } as never, { create: async () => ({}) as never, sign: async () => ({}) as never });
    expect(Object.keys(provided).sort()).toEqual(Object.keys(securityMachine.implementations.actors).sort());
  });

  test("the add actor sends the password for the options, runs the browser's prompt and stores its answer", async () => {
    const sent: unknown[] = [];
    const api = {
      security: {
        passkeyOptions: async (body: unknown) => (sent.push(body), { challenge: 'c' }),
        addPasskey: async (body: unknown) => (sent.push(body), { passkey }),
      },
    } as never;
    const prompt = { create: async (options: Record<string, unknown>) => ({ made: options.challenge }) as never, sign: async () => ({}) as never };
    const added = await toPromise(createActor(securityActors(api, prompt).addPasskey, { input: { name: 'Phone', password: 'pw', factor: {} } }).start());
    expect(added).toEqual(passkey);
    expect(sent).toEqual([{ password: 'pw' }, { name: 'Phone', response: { made: 'c' } }]);
  });

  test('turning TOTP on: the secret, a code, the codes shown once, then on', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => selectTotpStage(s) === 'off');
    actor.send({ type: 'totp.start' });
    await waitFor(actor, (s) => selectTotpStage(s) === 'enrolling' && s.context.setup !== null);
    actor.send({ type: 'totp.confirm', code: '123456' });
    await waitFor(actor, (s) => selectTotpStage(s) === 'codes');
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(codes);
    actor.send({ type: 'codes.done' });
    await waitFor(actor, (s) => s.matches({ totp: 'on' }));
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(calls.filter(([name]) => name === 'confirmSetup')).toEqual([['confirmSetup', { code: '123456' }]]);
  });

  test('a wrong code keeps the step with the field error; a fresh code turns it off', async () => {
    let fail = true;
    const { actor, calls } = start({
      confirmSetup: async () => {
        if (fail) throw wrongCode();
        return codes;
      },
    });
    await waitFor(actor, (s) => selectTotpStage(s) === 'off');
    actor.send({ type: 'totp.start' });
    await waitFor(actor, (s) => s.matches({ totp: 'enrolling' }));
    actor.send({ type: 'totp.confirm', code: '000000' });
    await waitFor(actor, (s) => s.matches({ totp: 'enrolling' }) && s.context.totpFailure !== null);
    expect(actor.getSnapshot().context.totpFailure?.fields).toEqual({ code: 'Wrong code' });
    fail = false;
    actor.send({ type: 'totp.cancel' });
    await waitFor(actor, (s) => s.matches({ totp: 'off' }));
    expect(calls.map(([name]) => name)).toContain('confirmSetup');
  });

  test('moving TOTP to another app sends the fresh code with the setup', async () => {
    const { actor, calls } = start({ loadSecurity: async () => on });
    await waitFor(actor, (s) => s.matches({ totp: 'on' }));
    actor.send({ type: 'totp.change', code: '654321' });
    await waitFor(actor, (s) => s.matches({ totp: 'enrolling' }));
    expect(calls.find(([name]) => name === 'startSetup')).toEqual(['startSetup', { code: '654321' }]);
  });

  test("turning TOTP on where a passkey guards the account asks for the passkey first and sends its answer; a closed prompt stays off with the reason", async () => {
    let closed = true;
    const { actor, calls } = start({
      loadSecurity: async () => ({ ...off, passkeys: [passkey] }),
      signWithPasskey: async () => {
        if (closed) throw cancelled();
        return answer;
      },
    });
    await waitFor(actor, (s) => s.matches({ totp: 'off' }));
    actor.send({ type: 'totp.start' });
    expect(selectTotpPasskey(actor.getSnapshot())).toEqual({ offered: true, signing: true });
    expect(selectTotpStage(actor.getSnapshot())).toBe('off');
    await waitFor(actor, (s) => s.matches({ totp: 'off' }) && s.context.totpFailure !== null);
    expect(actor.getSnapshot().context.totpFailure?.code).toBe('passkey_cancelled');
    expect(calls.map(([name]) => name)).not.toContain('startSetup');
    closed = false;
    actor.send({ type: 'totp.start' });
    await waitFor(actor, (s) => s.matches({ totp: 'enrolling' }));
    expect(actor.getSnapshot().context.totpFailure).toBeNull();
    expect(calls.find(([name]) => name === 'startSetup')).toEqual(['startSetup', { passkey: answer }]);
  });

  test('with the app and a passkey, the passkey alone turns 2FA off: its prompt, then its answer, never a code', async () => {
    let state: SecurityPayload = { ...on, passkeys: [passkey] };
    const { actor, calls } = start({
      loadSecurity: async () => state,
      disableTotp: async () => {
        state = { ...off, passkeys: [passkey] };
        return {};
      },
    });
    await waitFor(actor, (s) => s.matches({ totp: 'on' }));
    actor.send({ type: 'totp.usePasskey', step: 'disable' });
    await waitFor(actor, (s) => s.matches({ totp: 'off' }));
    expect(calls.filter(([name]) => name === 'signWithPasskey' || name === 'disableTotp')).toEqual([
      ['signWithPasskey', { purpose: 'two_factor' }],
      ['disableTotp', { passkey: answer }],
    ]);
    expect(actor.getSnapshot().context.totpFactor).toEqual({});
    expect(actor.getSnapshot().context.totpStep).toBeNull();
  });

  test('a refused passkey keeps 2FA on with the reason; the next try signs a new challenge; renewing and moving the app take it too', async () => {
    const { actor, calls } = start({
      loadSecurity: async () => ({ ...on, passkeys: [passkey] }),
      disableTotp: async () => {
        throw new ApiError('validation', { message: 'Please check the form', status: 422, fields: { passkey: 'The passkey was not accepted' } });
      },
    });
    await waitFor(actor, (s) => s.matches({ totp: 'on' }));
    actor.send({ type: 'totp.usePasskey', step: 'disable' });
    await waitFor(actor, (s) => s.matches({ totp: 'on' }) && s.context.totpFailure !== null);
    expect(actor.getSnapshot().context.totpFailure?.fields).toEqual({ passkey: 'The passkey was not accepted' });
    expect(actor.getSnapshot().context.totpFactor).toEqual({});
    actor.send({ type: 'totp.usePasskey', step: 'renew' });
    await waitFor(actor, (s) => s.matches({ totp: 'showingCodes' }));
    expect(calls.find(([name]) => name === 'renewCodes')).toEqual(['renewCodes', { passkey: answer }]);
    actor.send({ type: 'codes.done' });
    await waitFor(actor, (s) => s.matches({ totp: 'on' }));
    actor.send({ type: 'totp.usePasskey', step: 'change' });
    await waitFor(actor, (s) => s.matches({ totp: 'enrolling' }));
    expect(calls.find(([name]) => name === 'startSetup')).toEqual(['startSetup', { passkey: answer }]);
    expect(calls.filter(([name]) => name === 'signWithPasskey')).toHaveLength(3);
  });

  test('an account without a passkey is not offered one: the step waits for a code', async () => {
    const { actor, calls } = start({ loadSecurity: async () => on });
    await waitFor(actor, (s) => s.matches({ totp: 'on' }));
    expect(selectTotpPasskey(actor.getSnapshot()).offered).toBe(false);
    actor.send({ type: 'totp.usePasskey', step: 'disable' });
    expect(actor.getSnapshot().matches({ totp: 'on' })).toBe(true);
    expect(calls.map(([name]) => name)).not.toContain('signWithPasskey');
  });

  test('a closed prompt while adding a passkey returns to its form with the reason, the password forgotten', async () => {
    const { actor, calls } = start({
      loadSecurity: async () => ({ ...off, passkeys: [passkey] }),
      signWithPasskey: async () => {
        throw cancelled();
      },
    });
    await waitFor(actor, (s) => s.context.security !== null);
    actor.send({ type: 'passkey.addStart' });
    actor.send({ type: 'passkey.add', name: 'Laptop', password: 'pw', proof: { passkey: true } });
    expect(selectPasskeysStage(actor.getSnapshot())).toBe('naming');
    expect(selectPasskeysBusy(actor.getSnapshot())).toBe(true);
    expect(selectPasskeysSigning(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ passkeys: 'naming' }) && s.context.passkeyFailure !== null);
    expect(selectPasskeysSigning(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.passkeyFailure?.code).toBe('passkey_cancelled');
    expect(actor.getSnapshot().context.passkeyChange).toBeNull();
    expect(calls.map(([name]) => name)).not.toContain('addPasskey');
  });

  test('ending a session reloads the list', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => selectSessionsStage(s) === 'ready' && s.matches({ sessions: 'ready' }));
    actor.send({ type: 'session.end', id: session.id });
    await waitFor(actor, (s) => calls.filter(([name]) => name === 'loadSessions').length === 2 && s.matches({ sessions: 'ready' }));
    expect(calls.find(([name]) => name === 'endSession')).toEqual(['endSession', { id: session.id }]);
  });
});
