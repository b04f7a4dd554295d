import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { chartDrawingMachine, MAX_HISTORY } from '../../../src/machines/chart-drawing/chart-drawing.machine';
import type { ChartDrawingEmitted, ChartDrawingEvent } from '../../../src/machines/chart-drawing/chart-drawing.machine';
import {
  selectCanRedo,
  selectCanUndo,
  selectDraft,
  selectDrawingMode,
} from '../../../src/machines/chart-drawing/chart-drawing.selectors';

const A = { t: 1000, v: 1.1 };
const B = { t: 5000, v: 1.2 };

/** The machine live, with what it emits for its owner (the layout) recorded. */
function start() {
  const actor = createActor(chartDrawingMachine).start();
  const emitted: ChartDrawingEmitted[] = [];
  for (const type of ['drawing.add', 'drawing.move', 'drawing.remove', 'drawings.set', 'drawings.hide'] as const)
    actor.on(type, (event) => emitted.push(event));
  const send = (...events: ChartDrawingEvent[]) => events.forEach((event) => actor.send(event));
  const mode = () => selectDrawingMode(actor.getSnapshot());
  return { actor, emitted, send, mode };
}

describe('chart drawing machine', () => {
  test('a trend line: choose, first point, preview, second point: one drawing.add with both points', () => {
    const { emitted, send, mode, actor } = start();
    send({ type: 'tools.open' });
    expect(mode()).toBe('choosing');
    send({ type: 'tool.choose', tool: 'trend' });
    expect(mode()).toBe('placing');
    send({ type: 'point.place', point: A });
    expect(actor.getSnapshot().value).toBe('placingSecond');
    send({ type: 'point.preview', point: B });
    expect(selectDraft(actor.getSnapshot())).toEqual({ kind: 'trend', points: [A, B] });
    send({ type: 'point.place', point: B });
    expect(mode()).toBe('idle');
    expect(emitted).toEqual([{ type: 'drawing.add', drawing: { kind: 'trend', points: [A, B] } }]);
  });

  test('a channel takes three points: the draft shows the preview as its third until it is placed', () => {
    const C = { t: 3000, v: 1.15 };
    const { emitted, send, actor } = start();
    send({ type: 'tools.open' }, { type: 'tool.choose', tool: 'channel' }, { type: 'point.place', point: A });
    send({ type: 'point.place', point: B });
    expect(actor.getSnapshot().value).toBe('placingThird');
    expect(selectDraft(actor.getSnapshot())).toEqual({ kind: 'channel', points: [A, B, B] });
    send({ type: 'point.preview', point: C });
    expect(selectDraft(actor.getSnapshot())).toEqual({ kind: 'channel', points: [A, B, C] });
    send({ type: 'point.place', point: C });
    expect(emitted).toEqual([{ type: 'drawing.add', drawing: { kind: 'channel', points: [A, B, C] } }]);
  });

  test('one-point tools add on the first point; a text note carries its text', () => {
    const { emitted, send } = start();
    send({ type: 'tools.open' }, { type: 'tool.choose', tool: 'horizontal' }, { type: 'point.place', point: A });
    send(
      { type: 'tools.open' },
      { type: 'tool.choose', tool: 'text', text: '  support  ' },
      { type: 'point.place', point: B },
    );
    expect(emitted).toEqual([
      { type: 'drawing.add', drawing: { kind: 'horizontal', points: [A] } },
      { type: 'drawing.add', drawing: { kind: 'text', points: [B], text: 'support' } },
    ]);
  });

  test('Escape while placing adds nothing', () => {
    const { emitted, send, mode } = start();
    send(
      { type: 'tools.open' },
      { type: 'tool.choose', tool: 'rectangle' },
      { type: 'point.place', point: A },
      { type: 'cancel' },
    );
    expect(mode()).toBe('idle');
    expect(emitted).toEqual([]);
  });

  test('selected: nudge moves, a drag moves once on release, a click without a drag moves nothing, delete removes', () => {
    const { emitted, send, mode } = start();
    send({ type: 'drawing.select', id: 'd3' });
    expect(mode()).toBe('selected');
    send({ type: 'drawing.nudge', dt: 60_000, dv: 0 });
    send({ type: 'drag.start' });
    expect(mode()).toBe('dragging');
    send({ type: 'drag.move', dt: 10, dv: 0.5 }, { type: 'drag.move', dt: 20, dv: 0.25 }, { type: 'drag.end' });
    send({ type: 'drag.start' }, { type: 'drag.end' });
    send({ type: 'drawing.delete' });
    expect(mode()).toBe('idle');
    expect(emitted).toEqual([
      { type: 'drawing.move', id: 'd3', dt: 60_000, dv: 0 },
      { type: 'drawing.move', id: 'd3', dt: 20, dv: 0.25 },
      { type: 'drawing.remove', id: 'd3' },
    ]);
  });

  test('a locked drawing is selected but not moved; Lock toggles it; hiding all lets go of the selection', () => {
    const { emitted, send, mode } = start();
    const locked = { id: 'd1', kind: 'horizontal' as const, points: [A], locked: true };
    send({ type: 'drawings.sync', drawings: [locked] }, { type: 'drawing.select', id: 'd1' });
    send({ type: 'drawing.nudge', dt: 1, dv: 0 }, { type: 'drag.start' });
    expect(mode()).toBe('selected');
    send({ type: 'drawing.lock' });
    expect(emitted).toEqual([{ type: 'drawings.set', drawings: [{ id: 'd1', kind: 'horizontal', points: [A] }] }]);
    send({ type: 'drawings.sync', drawings: [{ ...locked, locked: false }] });
    send({ type: 'drag.start' });
    expect(mode()).toBe('dragging');
    send({ type: 'drawings.hide', hidden: true });
    expect(mode()).toBe('idle');
    expect(emitted.at(-1)).toEqual({ type: 'drawings.hide', hidden: true });
  });

  test('every state is reached by a path of the graph, and replaying it on a live actor ends there', () => {
    const paths = getShortestPaths(chartDrawingMachine, {
      events: [
        { type: 'tools.open' },
        { type: 'tools.close' },
        { type: 'tool.choose', tool: 'trend' },
        { type: 'tool.choose', tool: 'vertical' },
        { type: 'tool.choose', tool: 'fibonacciExtension' },
        { type: 'point.place', point: A },
        { type: 'point.preview', point: B },
        { type: 'cancel' },
        { type: 'drawing.select', id: 'd1' },
        { type: 'drawing.delete' },
        { type: 'drag.start' },
        { type: 'drag.start', point: 1 },
        { type: 'drag.move', dt: 1, dv: 0 },
        { type: 'drag.end' },
        { type: 'handle.choose', step: 1 },
        { type: 'drawing.lock' },
        { type: 'drawings.hide', hidden: true },
      ],
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    // A point's drag is a state of its own (the point kept in the drag) that the walk reaches too.
    expect(paths.some((path) => path.state.matches('dragging') && path.state.context.drag.point === 1)).toBe(true);
    for (const state of ['idle', 'choosing', 'placingFirst', 'placingSecond', 'placingThird', 'selected', 'dragging']) {
      expect(reached).toContain(JSON.stringify(state));
    }
    for (const path of paths) {
      const actor = createActor(chartDrawingMachine).start();
      for (const step of path.steps) if ((step.event.type as string) !== 'xstate.init') actor.send(step.event);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    }
  });

  describe('undo and redo', () => {
    const trend = { id: 'd1', kind: 'trend' as const, points: [A, B] };
    const moved = { ...trend, points: [{ t: 2000, v: 1.2 }, { t: 6000, v: 1.3 }] };

    /** A trend line placed, the layout's answer synced back, as the owner does. */
    function placed() {
      const live = start();
      live.send({ type: 'drawings.load', drawings: [] });
      live.send({ type: 'tools.open' }, { type: 'tool.choose', tool: 'trend' });
      live.send({ type: 'point.place', point: A }, { type: 'point.place', point: B });
      live.send({ type: 'drawings.sync', drawings: [trend] });
      return live;
    }

    test('undo sets the list before the change, redo the one after; each is one step', () => {
      const { actor, emitted, send } = placed();
      expect(selectCanUndo(actor.getSnapshot())).toBe(true);
      expect(selectCanRedo(actor.getSnapshot())).toBe(false);
      send({ type: 'history.undo' });
      expect(emitted.at(-1)).toEqual({ type: 'drawings.set', drawings: [] });
      send({ type: 'drawings.sync', drawings: [] });
      expect(selectCanUndo(actor.getSnapshot())).toBe(false);
      expect(actor.getSnapshot().context.stepped).toBe('undo');
      send({ type: 'history.redo' });
      expect(emitted.at(-1)).toEqual({ type: 'drawings.set', drawings: [trend] });
      expect(actor.getSnapshot().context.stepped).toBe('redo');
      // Nothing left either way: the keys do nothing.
      const count = emitted.length;
      send({ type: 'history.redo' });
      expect(emitted).toHaveLength(count);
    });

    test('a drag is one step however many moves it had, and a new change clears redo', () => {
      const { actor, emitted, send } = placed();
      send({ type: 'drawing.select', id: 'd1' }, { type: 'drag.start' });
      for (let i = 1; i <= 20; i++) send({ type: 'drag.move', dt: i * 50, dv: i * 0.005 });
      send({ type: 'drag.end' }, { type: 'drawings.sync', drawings: [moved] });
      expect(actor.getSnapshot().context.past).toEqual([[], [trend]]);
      send({ type: 'history.undo' });
      expect(emitted.at(-1)).toEqual({ type: 'drawings.set', drawings: [trend] });
      send({ type: 'drawings.sync', drawings: [trend] });
      expect(selectCanRedo(actor.getSnapshot())).toBe(true);
      // Lock is a change too: what was undone cannot come back after it.
      send({ type: 'drawing.select', id: 'd1' }, { type: 'drawing.lock' });
      expect(selectCanRedo(actor.getSnapshot())).toBe(false);
      expect(actor.getSnapshot().context.past).toHaveLength(2);
    });

    test('a handle drag moves only its point, as one step however many moves it had; undo takes it back', () => {
      const { actor, emitted, send } = placed();
      const pointMoved = { ...trend, points: [A, { t: 5600, v: 1.25 }] };
      send({ type: 'drawing.select', id: 'd1' }, { type: 'drag.start', point: 1 });
      expect(actor.getSnapshot().context.drag).toEqual({ dt: 0, dv: 0, point: 1 });
      for (let i = 1; i <= 12; i++) send({ type: 'drag.move', dt: i * 50, dv: i * 0.005 });
      expect(actor.getSnapshot().context.drag).toEqual({ dt: 600, dv: 0.06, point: 1 });
      send({ type: 'drag.end' });
      expect(emitted.at(-1)).toEqual({ type: 'drawing.move', id: 'd1', dt: 600, dv: 0.06, point: 1 });
      send({ type: 'drawings.sync', drawings: [pointMoved] });
      expect(actor.getSnapshot().context.past).toEqual([[], [trend]]);
      // The dragged point stays the one the arrow keys move.
      expect(actor.getSnapshot().context.handle).toBe(1);
      send({ type: 'history.undo' });
      expect(emitted.at(-1)).toEqual({ type: 'drawings.set', drawings: [trend] });
    });

    test('] and [ choose each point in turn, then all of it; the arrows move the chosen point, one step each', () => {
      const { actor, emitted, send } = placed();
      const handle = () => actor.getSnapshot().context.handle;
      send({ type: 'drawing.select', id: 'd1' });
      expect(handle()).toBeNull();
      send({ type: 'handle.choose', step: 1 });
      expect(handle()).toBe(0);
      send({ type: 'handle.choose', step: 1 });
      expect(handle()).toBe(1);
      send({ type: 'drawing.nudge', dt: 60_000, dv: 0 });
      expect(emitted.at(-1)).toEqual({ type: 'drawing.move', id: 'd1', dt: 60_000, dv: 0, point: 1 });
      send({ type: 'handle.choose', step: 1 });
      expect(handle()).toBeNull();
      send({ type: 'handle.choose', step: -1 });
      expect(handle()).toBe(1);
      expect(actor.getSnapshot().context.past).toHaveLength(2);
      // A press on the body moves all of it again; letting go forgets the point.
      send({ type: 'drag.start' });
      expect(handle()).toBeNull();
      send({ type: 'drag.end' }, { type: 'handle.choose', step: -1 }, { type: 'cancel' });
      expect(handle()).toBeNull();
    });

    test('a locked drawing is edited by no handle, by pointer or keyboard', () => {
      const { actor, emitted, send, mode } = placed();
      // Locking lets go of a point chosen before.
      send({ type: 'drawing.select', id: 'd1' }, { type: 'handle.choose', step: 1 }, { type: 'drawing.lock' });
      expect(actor.getSnapshot().context.handle).toBeNull();
      send({ type: 'drawings.sync', drawings: [{ ...trend, locked: true }] }, { type: 'drawing.select', id: 'd1' });
      const count = emitted.length;
      send({ type: 'handle.choose', step: 1 }, { type: 'drag.start', point: 0 });
      expect(mode()).toBe('selected');
      expect(actor.getSnapshot().context.handle).toBeNull();
      expect(emitted).toHaveLength(count);
    });

    test('delete and keyboard nudges are steps; the history keeps the last MAX_HISTORY; another pair starts afresh', () => {
      const { actor, send } = placed();
      send({ type: 'drawing.select', id: 'd1' });
      for (let i = 0; i < MAX_HISTORY + 5; i++) send({ type: 'drawing.nudge', dt: 1, dv: 0 });
      expect(actor.getSnapshot().context.past).toHaveLength(MAX_HISTORY);
      send({ type: 'drawing.delete' });
      expect(actor.getSnapshot().context.past).toHaveLength(MAX_HISTORY);
      send({ type: 'drawings.load', drawings: [] });
      expect(selectCanUndo(actor.getSnapshot())).toBe(false);
    });

    test('graph paths: undo and redo from every state they reach end idle with the step noted', () => {
      const paths = getShortestPaths(chartDrawingMachine, {
        events: [
          { type: 'tools.open' },
          { type: 'tool.choose', tool: 'vertical' },
          { type: 'point.place', point: A },
          { type: 'drawing.select', id: 'd1' },
          { type: 'history.undo' },
          { type: 'history.redo' },
        ],
        // The history's depth up to two steps, not its contents, tells the states apart (a finite graph).
        serializeState: (state) =>
          JSON.stringify([
            state.value,
            Math.min(2, state.context.past.length),
            Math.min(2, state.context.future.length),
            state.context.stepped,
          ]),
      });
      const stepped = paths.filter((path) => path.state.context.stepped);
      expect(stepped.some((path) => path.state.context.stepped === 'undo')).toBe(true);
      expect(stepped.some((path) => path.state.context.stepped === 'redo')).toBe(true);
      for (const path of paths) {
        const actor = createActor(chartDrawingMachine).start();
        for (const step of path.steps) if ((step.event.type as string) !== 'xstate.init') actor.send(step.event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(path.state.value);
        expect([snapshot.context.past.length, snapshot.context.future.length]).toEqual([
          path.state.context.past.length,
          path.state.context.future.length,
        ]);
        if (snapshot.context.stepped) expect(snapshot.value).toBe('idle');
        actor.stop();
      }
    });
  });
});
