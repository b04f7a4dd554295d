import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../../src/api/client';
import type { PasskeyItem, SecurityPayload, SessionItem, SignInItem } from '../../../src/api/contract/security';
import { securityActors } from '../../../src/machines/security/security.actors';
import { securityMachine, type SetupProof } from '../../../src/machines/security/security.machine';
import { selectPasskeysBusy, selectPasskeysStage, selectSessionsStage, selectTotpStage } from '../../../src/machines/security/security.selectors';

const off: SecurityPayload = { totp: { enabled: false, enabled_at: null, recovery_codes_left: 0 }, passkeys: [] };
const on: SecurityPayload = { totp: { enabled: true, enabled_at: '2026-11-25T10:00:00.000Z', recovery_codes_left: 10 }, passkeys: [] };
const passkey: PasskeyItem = { id: 'cred-1', name: 'Phone', created_at: '2026-11-27T08:00:00.000Z', last_used_at: null };
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const session: SessionItem = { id: 'a'.repeat(32), device: { browser: 'Chrome 131', os: 'Windows', mobile: false }, ip: '203.0.113.1', place: { country: 'RU', city: 'Москва' }, created_at: '2026-11-25T10:00:00.000Z', last_seen_at: '2026-11-25T10:05:00.000Z', current: true };
const signIn: SignInItem = { id: 1, success: true, method: 'password', device: session.device, ip: '203.0.113.1', place: session.place, created_at: '2026-11-25T10:00:00.000Z' };
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
        { type: 'passkey.removeStart', id: 'cred-1' },
        { type: 'passkey.remove', password: 'pw', proof: { passkey: true } },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    const totp = [...reached].map((value) => (JSON.parse(value) as { totp: string }).totp);
    const sessions = [...reached].map((value) => (JSON.parse(value) as { sessions: string }).sessions);
    for (const state of ['loading', 'loadFailed', 'off', 'startingSetup', 'enrolling', 'confirming', 'showingCodes', 'on', 'disabling', 'renewingCodes']) expect(totp).toContain(state);
    for (const state of ['loading', 'loadFailed', 'ready', 'ending', 'endingOthers']) expect(sessions).toContain(state);
    const passkeys = [...reached].map((value) => (JSON.parse(value) as { passkeys: string }).passkeys);
    for (const state of ['idle', 'naming', 'adding', 'confirmingRemoval', 'removing']) expect(passkeys).toContain(state);
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
    expect(calls.find(([name]) => name === 'removePasskey')).toEqual(['removePasskey', { id: passkey.id, password: 'right', proof: { passkey: true } }]);
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

  test("the remove actor sends the code, or a passkey's answer to a two-factor challenge, with the password", async () => {
    const sent: unknown[] = [];
    const api = {
      security: {
        freshPasskeyOptions: async (body: unknown) => (sent.push(body), { challenge: 'f' }),
        removePasskey: async (id: string, body: unknown) => (sent.push([id, body]), {}),
      },
    } as never;
    const prompt = { create: async () => ({}) as never, sign: async (options: Record<string, unknown>) => ({ signed: options.challenge }) as never };
    const remove = (proof: SetupProof) => toPromise(createActor(securityActors(api, prompt).removePasskey, { input: { id: 'cred-1', password: 'pw', proof } }).start());
    await remove({ code: '123456' });
    await remove({ passkey: true });
    expect(sent).toEqual([
      ['cred-1', { password: 'pw', code: '123456' }],
      { purpose: 'two_factor' },
      ['cred-1', { password: 'pw', passkey: { signed: 'f' } }],
    ]);
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
    const added = await toPromise(createActor(securityActors(api, prompt).addPasskey, { input: { name: 'Phone', password: 'pw', proof: {} } }).start());
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

  test('turning TOTP on where a passkey guards the account asks for the passkey with the setup', async () => {
    const passkey = { id: 'cred', name: 'Phone', created_at: '2026-11-25T10:00:00.000Z', last_used_at: null };
    const { actor, calls } = start({ loadSecurity: async () => ({ ...off, passkeys: [passkey] }) });
    await waitFor(actor, (s) => s.matches({ totp: 'off' }));
    actor.send({ type: 'totp.start' });
    await waitFor(actor, (s) => s.matches({ totp: 'enrolling' }));
    expect(calls.find(([name]) => name === 'startSetup')).toEqual(['startSetup', { passkey: true }]);
  });

  test('ending a session reloads the list', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => selectSessionsStage(s) === 'ready' && s.matches({ sessions: 'ready' }));
    actor.send({ type: 'session.end', id: session.id });
    await waitFor(actor, (s) => calls.filter(([name]) => name === 'loadSessions').length === 2 && s.matches({ sessions: 'ready' }));
    expect(calls.find(([name]) => name === 'endSession')).toEqual(['endSession', { id: session.id }]);
  });
});
