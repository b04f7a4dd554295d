import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { acceptedEvents } from '../../../src/inspector/accepted-events';
import { lampMachine } from './fixture-machine';

describe('the events the current state accepts', () => {
  test('are the transitions of the active states, with their guards and what can() says', () => {
    const dark = createActor(lampMachine, { input: { level: 0 } }).start();
    expect(acceptedEvents(lampMachine, dark.getSnapshot())).toEqual([{ type: 'switch', guards: ['bright'], enabled: false }]);
    const lit = createActor(lampMachine, { input: { level: 5 } }).start();
    expect(acceptedEvents(lampMachine, lit.getSnapshot())).toEqual([{ type: 'switch', guards: ['bright'], enabled: true }]);
  });

  test('inside parallel and nested states, innermost first, each event once', () => {
    const actor = createActor(lampMachine, { input: { level: 5 } }).start();
    actor.send({ type: 'switch' });
    expect(acceptedEvents(lampMachine, actor.getSnapshot()).map((event) => [event.type, event.enabled])).toEqual([
      ['dim', true],
      ['switch', true],
      ['fault', true],
    ]);
  });
});
