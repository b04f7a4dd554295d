import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { SessionSummary } from '../../../src/api/contract/limits';
import { realityCheckMachine } from '../../../src/machines/realityCheck/realityCheck.machine';
import {
  selectRealityFigures,
  selectRealityOpen,
  selectRealityProblem,
  selectRealityStopped,
} from '../../../src/machines/realityCheck/realityCheck.selectors';

const T0 = Date.parse('2026-11-25T10:00:00Z');
const summary = (over: Partial<SessionSummary> = {}): SessionSummary => ({ started_at: new Date(T0).toISOString(), bets: 3, net: -12.5, reality_check_minutes: 10, ...over });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0 + 4 * 60_000);
});
afterEach(() => vi.useRealTimers());

function start(answers: (() => Promise<SessionSummary>)[], stopToday = vi.fn(async () => ({}))) {
  const loadSession = vi.fn(() => (answers.length > 1 ? answers.shift()! : answers[0]!)());
  const actor = createActor(
    realityCheckMachine.provide({ actors: { loadSession: fromPromise(() => loadSession()), stopToday: fromPromise<unknown>(() => stopToday()) } }),
  ).start();
  return { actor, loadSession, stopToday };
}

describe('reality check machine', () => {
  test('every state is reachable', () => {
    const paths = getShortestPaths(realityCheckMachine, {
      events: [
        { type: 'xstate.done.actor.session', output: summary() },
        { type: 'xstate.done.actor.session', output: summary({ reality_check_minutes: null }) },
        { type: 'xstate.after.untilNextCheck.realityCheck.waiting' },
        { type: 'continue' },
        { type: 'stop' },
        { type: 'xstate.done.actor.stop', output: {} },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loading', 'off', 'waiting', 'showing', 'stopping', 'stopped']) expect(reached).toContain(JSON.stringify(state));
  });

  test('shows at each multiple of the period since the sign-in, with the session figures; continue waits for the next', async () => {
    const { actor, loadSession } = start([async () => summary({ bets: 0, net: 0 }), async () => summary()]);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectRealityOpen(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(6 * 60_000 - 1); // 10 minutes after the sign-in, less a millisecond
    expect(selectRealityOpen(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectRealityOpen(actor.getSnapshot())).toBe(true);
    expect(selectRealityFigures(actor.getSnapshot())).toEqual({ minutes: 10, bets: 3, net: -12.5 });
    actor.send({ type: 'continue' });
    expect(selectRealityOpen(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(selectRealityOpen(actor.getSnapshot())).toBe(true);
    expect(selectRealityFigures(actor.getSnapshot())!.minutes).toBe(20);
    expect(loadSession).toHaveBeenCalledTimes(3);
  });

  test('stop for today ends the check once the server took the time-out; a refusal stays in the modal', async () => {
    const stopToday = vi.fn().mockRejectedValueOnce(Object.assign(new Error('network'), { code: 'network', message: '' })).mockResolvedValue({});
    const { actor } = start([async () => summary()], stopToday);
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    actor.send({ type: 'stop' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectRealityProblem(actor.getSnapshot())).toEqual({ code: 'network', message: '' });
    expect(selectRealityOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'stop' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectRealityStopped(actor.getSnapshot())).toBe(true);
    expect(stopToday).toHaveBeenCalledTimes(2);
  });

  test('without a period nothing is shown; a period set later is found', async () => {
    const { actor } = start([async () => summary({ reality_check_minutes: null }), async () => summary()]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(selectRealityOpen(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000); // 10 minutes after the sign-in
    expect(selectRealityOpen(actor.getSnapshot())).toBe(true);
  });
});
