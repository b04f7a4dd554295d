import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ExclusionRequest, LimitsPayload, LimitsUpdate } from '../../../src/api/contract/limits';
import { limitsMachine } from '../../../src/machines/limits/limits.machine';
import {
  selectExclusionAsked,
  selectLimits,
  selectLimitsInvalid,
  selectLimitsProblem,
  selectLimitsSaved,
  selectLimitsStatus,
} from '../../../src/machines/limits/limits.selectors';
import { limitsPayload } from '../../msw/limits-fixtures';

const refusal = Object.assign(new Error('validation'), { code: 'validation', message: 'Проверьте форму', fields: { until: 'Не меньше 6 месяцев' } });

function start(overrides: { save?: (u: LimitsUpdate) => Promise<LimitsPayload>; exclude?: (r: ExclusionRequest) => Promise<LimitsPayload> } = {}) {
  const save = vi.fn(overrides.save ?? (async () => limitsPayload({ stake: 20 })));
  const exclude = vi.fn(overrides.exclude ?? (async () => limitsPayload({}, { kind: 'timeout_24h', until: '2026-11-26T10:00:00.000Z' })));
  const actor = createActor(
    limitsMachine.provide({
      actors: {
        loadLimits: fromPromise(async () => limitsPayload()),
        saveLimits: fromPromise(({ input }) => save(input)),
        startExclusion: fromPromise(({ input }) => exclude(input)),
      },
    }),
  ).start();
  return { actor, save, exclude };
}

describe('limits machine', () => {
  test('every state is reachable through the trader\'s events and the calls\' answers', () => {
    const paths = getShortestPaths(limitsMachine, {
      events: [
        { type: 'xstate.done.actor.load', output: limitsPayload() },
        { type: 'xstate.error.actor.load', error: new Error('down') },
        { type: 'retry' },
        { type: 'save', values: { limits: { stake: '10' }, reality: '' } },
        { type: 'xstate.done.actor.save', output: limitsPayload({ stake: 10 }) },
        { type: 'exclusion.ask', request: { kind: 'timeout_24h' } },
        { type: 'exclusion.cancel' },
        { type: 'exclusion.confirm' },
        { type: 'xstate.done.actor.exclude', output: limitsPayload() },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loading', 'loadFailed', 'ready', 'saving', 'confirmingExclusion', 'excluding']) expect(reached).toContain(JSON.stringify(state));
  });

  test('saves and shows the limits as the server answers them', async () => {
    const { actor, save } = start();
    await waitFor(actor, (s) => selectLimitsStatus(s) === 'ready');
    actor.send({ type: 'save', values: { limits: { stake: '20', loss_day: '' }, reality: '30' } });
    await waitFor(actor, (s) => selectLimitsSaved(s));
    // Only what changed: the untouched limits are not sent.
    expect(save).toHaveBeenCalledWith({ limits: { stake: 20 }, reality_check_minutes: 30 });
    expect(selectLimits(actor.getSnapshot())!.limits.find((l) => l.name === 'stake')!.value).toBe(20);
  });

  test('wrong values are shown at their fields and nothing is sent', async () => {
    const { actor, save } = start();
    await waitFor(actor, (s) => selectLimitsStatus(s) === 'ready');
    actor.send({ type: 'save', values: { limits: { stake: '1,234', loss_week: 'ten', session_minutes: '2000' }, reality: '' } });
    // '1,234' is not money: a comma is the decimal separator, with at most two decimals.
    expect(selectLimitsInvalid(actor.getSnapshot())).toEqual({ stake: 'validation.money', loss_week: 'validation.money', session_minutes: 'limits.error.minutes' });
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'save', values: { limits: { stake: '12,50' }, reality: '' } });
    await waitFor(actor, (s) => selectLimitsSaved(s));
    expect(save).toHaveBeenCalledWith({ limits: { stake: 12.5 } });
    expect(selectLimitsInvalid(actor.getSnapshot())).toBeNull();
  });

  test('a self-exclusion is sent only once confirmed; a refusal keeps the page with its reason', async () => {
    const { actor, exclude } = start({ exclude: async () => Promise.reject(refusal) });
    await waitFor(actor, (s) => selectLimitsStatus(s) === 'ready');
    actor.send({ type: 'exclusion.ask', request: { kind: 'until_date', until: '2026-12-01' } });
    expect(selectExclusionAsked(actor.getSnapshot())).toEqual({ kind: 'until_date', until: '2026-12-01' });
    actor.send({ type: 'exclusion.cancel' });
    expect(exclude).not.toHaveBeenCalled();
    actor.send({ type: 'exclusion.ask', request: { kind: 'until_date', until: '2026-12-01' } });
    actor.send({ type: 'exclusion.confirm' });
    await waitFor(actor, (s) => selectLimitsProblem(s) !== null);
    expect(exclude).toHaveBeenCalledTimes(1);
    expect(selectLimitsProblem(actor.getSnapshot())).toEqual({ code: 'validation', message: 'Проверьте форму', fields: { until: 'Не меньше 6 месяцев' } });
    expect(selectExclusionAsked(actor.getSnapshot())).toBeNull();
  });
});
