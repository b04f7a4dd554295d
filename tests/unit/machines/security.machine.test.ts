import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../../src/api/client';
import type { SecurityPayload, SessionItem, SignInItem } from '../../../src/api/contract/security';
import { securityMachine } from '../../../src/machines/security/security.machine';
import { selectSessionsStage, selectTotpStage } from '../../../src/machines/security/security.selectors';

const off: SecurityPayload = { totp: { enabled: false, enabled_at: null, recovery_codes_left: 0 } };
const on: SecurityPayload = { totp: { enabled: true, enabled_at: '2026-11-25T10:00:00.000Z', recovery_codes_left: 10 } };
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const session: SessionItem = { id: 'a'.repeat(32), device: { browser: 'Chrome 131', os: 'Windows', mobile: false }, ip: '203.0.113.1', created_at: '2026-11-25T10:00:00.000Z', last_seen_at: '2026-11-25T10:05:00.000Z', current: true };
const signIn: SignInItem = { id: 1, success: true, method: 'password', device: session.device, ip: '203.0.113.1', created_at: '2026-11-25T10:00:00.000Z' };
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
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    const totp = [...reached].map((value) => (JSON.parse(value) as { totp: string }).totp);
    const sessions = [...reached].map((value) => (JSON.parse(value) as { sessions: string }).sessions);
    for (const state of ['loading', 'loadFailed', 'off', 'startingSetup', 'enrolling', 'confirming', 'showingCodes', 'on', 'disabling', 'renewingCodes']) expect(totp).toContain(state);
    for (const state of ['loading', 'loadFailed', 'ready', 'ending', 'endingOthers']) expect(sessions).toContain(state);
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

  test('ending a session reloads the list', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => selectSessionsStage(s) === 'ready' && s.matches({ sessions: 'ready' }));
    actor.send({ type: 'session.end', id: session.id });
    await waitFor(actor, (s) => calls.filter(([name]) => name === 'loadSessions').length === 2 && s.matches({ sessions: 'ready' }));
    expect(calls.find(([name]) => name === 'endSession')).toEqual(['endSession', { id: session.id }]);
  });
});
