import { describe, expect, test, vi } from 'vitest';
import { createActor, createMachine, type Actor } from 'xstate';
import { KeptActorSlot } from '../../../src/routes/money/kept-actor';

const flow = createMachine({ id: 'flow', initial: 'one', states: { one: { on: { next: 'two' } }, two: {} } });
type FlowActor = Actor<typeof flow>;

describe('a flow kept across its page mounts', () => {
  test('the next mount takes the running flow over when it resumes it, and it stops when nobody does', () => {
    vi.useFakeTimers();
    try {
      const slot = new KeptActorSlot<FlowActor>();
      const first = slot.take(() => false, () => createActor(flow));
      const releaseFirst = slot.hold(first);
      first.send({ type: 'next' });

      // The path changed: the old page unmounts, the new one mounts in the same commit.
      const second = slot.take((kept) => kept.getSnapshot().value === 'two', () => createActor(flow));
      releaseFirst();
      const releaseSecond = slot.hold(second);
      vi.runAllTimers();
      expect(second).toBe(first);
      expect(first.getSnapshot().status).toBe('active');

      // Any other arrival starts afresh and the old flow stops.
      const third = slot.take(() => false, () => createActor(flow));
      releaseSecond();
      slot.hold(third);
      vi.runAllTimers();
      expect(third).not.toBe(first);
      expect(first.getSnapshot().status).toBe('stopped');
      expect(third.getSnapshot().value).toBe('one');
    } finally {
      vi.useRealTimers();
    }
  });

  test('leaving the flow stops it', () => {
    vi.useFakeTimers();
    try {
      const slot = new KeptActorSlot<FlowActor>();
      const actor = slot.take(() => true, () => createActor(flow));
      const release = slot.hold(actor);
      release();
      vi.runAllTimers();
      expect(actor.getSnapshot().status).toBe('stopped');
      expect(slot.take(() => true, () => createActor(flow))).not.toBe(actor);
    } finally {
      vi.useRealTimers();
    }
  });
});
