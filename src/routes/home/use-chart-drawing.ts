import { useRegisteredActor } from '../app-services';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { chartDrawingMachine } from '../../machines/chart-drawing/chart-drawing.machine';
import { selectDraft, selectDrawingMode } from '../../machines/chart-drawing/chart-drawing.selectors';
import type { chartLayoutMachine } from '../../machines/chart-layout/chart-layout.machine';
import { selectDrawings, selectDrawingsHidden } from '../../machines/chart-layout/chart-layout.selectors';
import type { Drawing } from '../../shared/chart-drawings';
import type { DrawingKeyHandlers } from '../../ui/chart/chart-keys';
import type { PriceChartDrawing } from '../../ui/chart/PriceChart';

export type LayoutRef = ActorRefFrom<typeof chartLayoutMachine>;

const NONE: Drawing[] = [];

/** What the chart's pointer and keys do to the drawings: the drawing statechart's events. */
export function chartDrawingHandlers(tools: ActorRefFrom<typeof chartDrawingMachine>): DrawingKeyHandlers {
  return {
    onPlace: (point) => tools.send({ type: 'point.place', point }),
    onPreview: (point) => tools.send({ type: 'point.preview', point }),
    onSelect: (id) => tools.send(id ? { type: 'drawing.select', id } : { type: 'cancel' }),
    onDragStart: (point) => tools.send({ type: 'drag.start', point }),
    onDrag: (dt, dv) => tools.send({ type: 'drag.move', dt, dv }),
    onDragEnd: () => tools.send({ type: 'drag.end' }),
    onNudge: (dt, dv) => tools.send({ type: 'drawing.nudge', dt, dv }),
    onDelete: () => tools.send({ type: 'drawing.delete' }),
    onCancel: () => tools.send({ type: 'cancel' }),
    onLock: () => tools.send({ type: 'drawing.lock' }),
    onUndo: () => tools.send({ type: 'history.undo' }),
    onRedo: () => tools.send({ type: 'history.redo' }),
    onHandle: (step) => tools.send({ type: 'handle.choose', step }),
  };
}

/**
 * The drawing tools of the chart of `pairId`: the drawing statechart, its changes applied to the
 * pair's drawings in the layout (which saves them), and what the chart needs to show and edit them.
 */
export function useChartDrawing(layout: LayoutRef, pairId: string | null) {
  const tools = useRegisteredActor('chartDrawing', chartDrawingMachine);
  const drawings = useSelector(layout, selectDrawings(pairId));
  const hidden = useSelector(layout, selectDrawingsHidden);
  const mode = useSelector(tools, selectDrawingMode);
  const context = useSelector(tools, (s) => s.context);
  const draft = useMemo(() => selectDraft({ context }), [context]);

  useEffect(() => {
    if (!pairId) return;
    const subscriptions = [
      tools.on('drawing.add', (event) => layout.send({ type: 'drawing.add', pairId, drawing: event.drawing })),
      tools.on('drawing.move', ({ type, ...move }) => layout.send({ type, pairId, ...move })),
      tools.on('drawing.remove', (event) => layout.send({ type: 'drawing.remove', pairId, id: event.id })),
      tools.on('drawings.set', (event) => layout.send({ type: 'drawings.set', pairId, drawings: event.drawings })),
      tools.on('drawings.hide', (event) => layout.send({ type: 'drawings.hide', hidden: event.hidden })),
    ];
    // Another pair: nothing half-placed or selected carries over, and its undo starts afresh.
    // The machine learns each change as the layout makes it, before the next key or drag, so
    // what it locks is never a step behind.
    const select = selectDrawings(pairId);
    let synced = select(layout.getSnapshot());
    tools.send({ type: 'drawings.load', drawings: synced });
    const sync = layout.subscribe((snapshot) => {
      const next = select(snapshot);
      if (next === synced) return;
      synced = next;
      tools.send({ type: 'drawings.sync', drawings: next });
    });
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      sync.unsubscribe();
    };
  }, [tools, layout, pairId]);

  const handlers = useMemo(() => chartDrawingHandlers(tools), [tools]);

  const chart = useMemo<PriceChartDrawing>(
    () => ({
      drawings: hidden ? NONE : drawings,
      view: {
        selectedId: context.selectedId,
        draft,
        drag: context.drag,
        placing: mode === 'placing',
        handle: context.handle,
      },
      handlers,
    }),
    [drawings, hidden, context, draft, mode, handlers],
  );
  const selected = drawings.find((drawing) => drawing.id === context.selectedId) ?? null;
  return {
    tools,
    mode,
    chart,
    drawings,
    hidden,
    locked: selected?.locked ?? false,
    /** The point of the selected drawing the arrows move (1-based, of how many), or null for all of it. */
    point: selected && context.handle !== null ? { n: context.handle + 1, of: selected.points.length } : null,
    tool: context.tool ?? selected?.kind ?? null,
    placed: context.placed.length,
    history: { undo: context.past.length, redo: context.future.length, stepped: context.stepped },
  };
}
