import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, createMachine, type Actor } from 'xstate';
import { HAND_OVER_MS, KeptActorSlot } from '../../../src/routes/money/kept-actor';

const flow = createMachine({ id: 'flow', initial: 'one', states: { one: { on: { next: 'two' } }, two: {} } });
type FlowActor = Actor<typeof flow>;
const start = () => createActor(flow);

describe('a flow kept across its page mounts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a remount in the same commit that resumes the flow takes it over', () => {
    const slot = new KeptActorSlot<FlowActor>();
    const first = slot.take(() => false, start);
    const releaseFirst = slot.hold(first);
    first.send({ type: 'next' });
    const second = slot.take((kept) => kept.getSnapshot().value === 'two', start);
    releaseFirst();
    slot.hold(second);
    vi.runAllTimers();
    expect(second).toBe(first);
    expect(first.getSnapshot().status).toBe('active');
  });

  test('a flow handed over waits for the page of its new path, however late it mounts', () => {
    const slot = new KeptActorSlot<FlowActor>();
    const first = slot.take(() => false, start);
    const release = slot.hold(first);
    first.send({ type: 'next' });
    slot.handOver();
    release();
    vi.advanceTimersByTime(HAND_OVER_MS - 1);
    const later = slot.take((kept) => kept.getSnapshot().value === 'two', start);
    slot.hold(later);
    vi.runAllTimers();
    expect(later).toBe(first);
    expect(first.getSnapshot().status).toBe('active');
  });

  test('a flow handed over that no page takes stops after the wait', () => {
    const slot = new KeptActorSlot<FlowActor>();
    const actor = slot.take(() => false, start);
    const release = slot.hold(actor);
    slot.handOver();
    release();
    vi.advanceTimersByTime(HAND_OVER_MS);
    expect(actor.getSnapshot().status).toBe('stopped');
  });

  test('leaving the page stops the flow, and another arrival starts afresh', () => {
    const slot = new KeptActorSlot<FlowActor>();
    const actor = slot.take(() => true, start);
    slot.hold(actor)();
    vi.runAllTimers();
    expect(actor.getSnapshot().status).toBe('stopped');

    const next = slot.take(() => true, start);
    expect(next).not.toBe(actor);
    const other = slot.take(() => false, start);
    expect(next.getSnapshot().status).toBe('stopped');
    expect(other.getSnapshot().value).toBe('one');
  });
});
