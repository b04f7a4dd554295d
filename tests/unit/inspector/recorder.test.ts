import { describe, expect, test } from 'vitest';
import { createActor, createMachine, fromPromise, sendTo, setup } from 'xstate';
import { Recorder } from '../../../src/inspector/recorder';
import { lampMachine } from './fixture-machine';

describe('the recorder', () => {
  test('records each actor as it starts and each event it processed with its state before and after', () => {
    let clock = 1000;
    const recorder = new Recorder(() => clock);
    const actor = createActor(lampMachine, { input: { level: 5 }, inspect: recorder.record }).start();
    clock = 1250;
    actor.send({ type: 'switch' });
    actor.send({ type: 'dim', by: 2 });
    const recording = recorder.recording();
    expect(recording.actors).toEqual([{ id: actor.sessionId, name: 'lamp', parentId: null, machineId: 'lamp' }]);
    expect(recording.events.map((entry) => [entry.seq, entry.event.type, entry.after.value])).toEqual([
      [1, 'xstate.init', 'off'],
      [2, 'switch', { on: { light: 'full', fan: 'still' } }],
      [3, 'dim', { on: { light: 'dimmed', fan: 'still' } }],
    ]);
    const dim = recording.events[2];
    expect(dim?.at).toBe(250);
    expect(dim?.event).toEqual({ type: 'dim', by: 2 });
    expect(dim?.before?.context).toEqual({ level: 5, log: [] });
    expect(dim?.after.context).toEqual({ level: 3, log: ['dimmed'] });
    expect(recorder.framesAt(1).get(actor.sessionId)?.value).toBe('off');
    expect(recorder.live.get(actor.sessionId)).toBe(actor);
  });

  test('knows children by their parent, the sender of an event, and stops as a status', async () => {
    const recorder = new Recorder();
    const child = createMachine({ id: 'child', initial: 'idle', states: { idle: { on: { poke: 'poked' } }, poked: {} } });
    const parent = setup({ actors: { child, load: fromPromise(async () => ({ ok: true })) } }).createMachine({
      id: 'parent',
      invoke: [{ id: 'kid', src: 'child' }, { id: 'loader', src: 'load' }],
      on: { poke: { actions: sendTo('kid', { type: 'poke' }) } },
    });
    const actor = createActor(parent, { inspect: recorder.record }).start();
    actor.send({ type: 'poke' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.stop();
    const { actors, events } = recorder.recording();
    const kid = actors.find((entry) => entry.name === 'kid');
    expect(kid).toMatchObject({ parentId: actor.sessionId, machineId: 'child' });
    expect(actors.find((entry) => entry.name === 'loader')).toMatchObject({ machineId: null });
    const poke = events.find((entry) => entry.actorId === kid?.id && entry.event.type === 'poke');
    expect(poke?.sourceId).toBe(actor.sessionId);
    expect(events.some((entry) => entry.event.type === 'xstate.done.actor.loader' && JSON.stringify(entry.event).includes('"ok":true'))).toBe(true);
    expect(events.at(-1)?.after.status).toBe('stopped');
  });

  test('loads an exported recording in place of the live one', () => {
    const source = new Recorder();
    createActor(lampMachine, { input: { level: 1 }, inspect: source.record }).start().send({ type: 'switch' });
    const exported = JSON.parse(JSON.stringify(source.recording()));
    const shown = new Recorder();
    let changes = 0;
    shown.subscribe(() => (changes += 1));
    shown.load(exported);
    expect(shown.recording()).toEqual(exported);
    expect(shown.live.size).toBe(0);
    expect(changes).toBe(1);
    expect(() => shown.load({ ...exported, format: 'other' })).toThrow();
  });
});
