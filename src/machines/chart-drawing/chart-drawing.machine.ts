import { assign, emit, enqueueActions, setup } from 'xstate';
import { lockDrawing, pointsOf } from '../../shared/chart-drawings';
import type { Drawing, DrawingKind, DrawingPoint } from '../../shared/chart-drawings';

export interface ChartDrawingContext {
  /** The tool being placed. */
  tool: DrawingKind | null;
  /** The note a text drawing is placed with. */
  text: string;
  /** The points of the drawing placed so far (all but its last). */
  placed: DrawingPoint[];
  /** Where the next point would go now (the pointer or the keyboard crosshair). */
  preview: DrawingPoint | null;
  selectedId: string | null;
  /**
   * How far the selected drawing has been dragged so far (applied on release): the whole drawing,
   * or only its point `point` when a handle was pressed.
   */
  drag: { dt: number; dv: number; point?: number };
  /** The point of the selected drawing the arrow keys move (chosen with `]` and `[`); null: all of it. */
  handle: number | null;
  /** The pair's drawings as the layout holds them (told by the owner on every change). */
  drawings: Drawing[];
  /** The drawings before each change the trader made on this chart, the latest last (undo). */
  past: Drawing[][];
  /** The drawings each undo went back from, the latest undone last (redo; a new change clears it). */
  future: Drawing[][];
  /** The last step taken back or again, for the status line to say (null after anything else). */
  stepped: 'undo' | 'redo' | null;
}

/** How many changes a chart can take back. */
export const MAX_HISTORY = 100;

export type ChartDrawingEvent =
  | { type: 'tools.open' }
  | { type: 'tools.close' }
  | { type: 'tool.choose'; tool: DrawingKind; text?: string }
  | { type: 'point.preview'; point: DrawingPoint }
  | { type: 'point.place'; point: DrawingPoint }
  | { type: 'cancel' }
  | { type: 'drawing.select'; id: string }
  | { type: 'drawing.nudge'; dt: number; dv: number }
  | { type: 'drawing.delete' }
  /** A drag of the selected drawing: of its point `point` (a handle pressed), or of all of it. */
  | { type: 'drag.start'; point?: number }
  /** The next (1) or previous (-1) point for the arrow keys to move, after the last all of the drawing again. */
  | { type: 'handle.choose'; step: 1 | -1 }
  | { type: 'drag.move'; dt: number; dv: number }
  | { type: 'drag.end' }
  | { type: 'drawings.sync'; drawings: Drawing[] }
  /** Another pair's drawings: its history starts empty. */
  | { type: 'drawings.load'; drawings: Drawing[] }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  /** Locks the selected drawing, or unlocks it. */
  | { type: 'drawing.lock' }
  | { type: 'drawings.hide'; hidden: boolean };

/** What the machine tells its owner to change in the layout (it keeps no drawings itself). */
export type ChartDrawingEmitted =
  | { type: 'drawing.add'; drawing: Omit<Drawing, 'id'> }
  | { type: 'drawing.move'; id: string; dt: number; dv: number; point?: number }
  | { type: 'drawing.remove'; id: string }
  | { type: 'drawings.set'; drawings: Drawing[] }
  | { type: 'drawings.hide'; hidden: boolean };

const NO_DRAG = { dt: 0, dv: 0 };

/** The layout's move of drawing `id`: of one point when `point` is a number, else of all of it. */
const moveOf = (id: string, dt: number, dv: number, point: number | null | undefined) => ({
  type: 'drawing.move' as const,
  id,
  dt,
  dv,
  ...(typeof point === 'number' ? { point } : {}),
});

const selectedDrawing = (context: ChartDrawingContext) =>
  context.drawings.find((drawing) => drawing.id === context.selectedId);

const cleared = {
  tool: null,
  placed: [],
  preview: null,
  text: '',
  drag: NO_DRAG,
  handle: null,
  stepped: null,
} satisfies Partial<ChartDrawingContext>;

/**
 * The drawing tools of one chart: the tool menu open (choosing), a tool placing its first, second
 * and third point (as many as its kind has), a drawing selected, and a selected drawing dragged:
 * all of it, or one point by its handle. Points come from the pointer or the keyboard crosshair
 * alike; with a drawing selected, `handle.choose` picks the point the arrow keys move (`drawing.nudge`).
 * A locked drawing is selected but not moved, whole or by a point. The drawings
 * themselves live in the layout: the owner tells the machine the pair's drawings (`drawings.sync`),
 * the machine emits `drawing.add`, `drawing.move`, `drawing.remove`, `drawings.set` (a lock) and
 * `drawings.hide`, and its owner applies them there. Each change the trader makes (a drawing
 * placed, moved, dragged, a point moved, locked or deleted; a whole drag is one) keeps the list before it, up to
 * MAX_HISTORY steps per chart: `history.undo` sets the list back a step (`drawings.set`),
 * `history.redo` again, and a new change clears what could be redone.
 */
export const chartDrawingMachine = setup({
  types: {
    context: {} as ChartDrawingContext,
    events: {} as ChartDrawingEvent,
    emitted: {} as ChartDrawingEmitted,
  },
  guards: {
    lastPoint: ({ context }) => context.tool !== null && context.placed.length + 1 >= pointsOf(context.tool),
    dragged: ({ context }) => context.drag.dt !== 0 || context.drag.dv !== 0,
    unlocked: ({ context }) => !selectedDrawing(context)?.locked,
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
  },
  actions: {
    addDrawing: emit(({ context, event }) => {
      const point = (event as Extract<ChartDrawingEvent, { type: 'point.place' }>).point;
      const drawing: Omit<Drawing, 'id'> = { kind: context.tool!, points: [...context.placed, point] };
      if (context.tool === 'text') drawing.text = context.text;
      return { type: 'drawing.add' as const, drawing };
    }),
    clear: assign(cleared),
    /** No drawing selected, so no point of one chosen either. */
    letGo: assign({ selectedId: null, handle: null }),
    /** The drawings as they are now become one undo step; what was undone can no longer be redone. */
    record: assign({
      past: ({ context }) => [...context.past, context.drawings].slice(-MAX_HISTORY),
      future: [],
      stepped: null,
    }),
    /**
     * Undo (the latest of `past`) or redo (the latest of `future`) sets the whole list in the layout;
     * the list as it is now goes to the other side. The selection goes, as its drawing may be gone.
     */
    takeStep: enqueueActions(({ context, enqueue }, { kind }: { kind: 'undo' | 'redo' }) => {
      const undo = kind === 'undo';
      enqueue.emit({ type: 'drawings.set', drawings: (undo ? context.past : context.future).at(-1)! });
      enqueue.assign({
        ...cleared,
        selectedId: null,
        past: undo ? context.past.slice(0, -1) : [...context.past, context.drawings],
        future: undo ? [...context.future, context.drawings] : context.future.slice(0, -1),
        stepped: kind,
      });
    }),
    preview: assign({
      preview: ({ event }) => (event as Extract<ChartDrawingEvent, { type: 'point.preview' }>).point,
    }),
    placePoint: assign({
      placed: ({ context, event }) => [
        ...context.placed,
        (event as Extract<ChartDrawingEvent, { type: 'point.place' }>).point,
      ],
      preview: ({ event }) => (event as Extract<ChartDrawingEvent, { type: 'point.place' }>).point,
    }),
  },
}).createMachine({
  id: 'chartDrawing',
  context: { ...cleared, selectedId: null, drawings: [], past: [], future: [] },
  initial: 'idle',
  on: {
    'drawings.sync': { actions: assign({ drawings: ({ event }) => event.drawings }) },
    'drawings.load': {
      target: '.idle',
      actions: assign({ ...cleared, selectedId: null, drawings: ({ event }) => event.drawings, past: [], future: [] }),
    },
    'history.undo': { guard: 'canUndo', target: '.idle', actions: { type: 'takeStep', params: { kind: 'undo' } } },
    'history.redo': { guard: 'canRedo', target: '.idle', actions: { type: 'takeStep', params: { kind: 'redo' } } },
    // Hidden drawings cannot be worked on: whatever was placed or selected is let go.
    'drawings.hide': {
      target: '.idle',
      actions: [
        emit(({ event }) => ({ type: 'drawings.hide' as const, hidden: event.hidden })),
        'clear',
        'letGo',
      ],
    },
    'tools.open': { target: '.choosing', actions: assign({ ...cleared, selectedId: null }) },
    'drawing.select': { target: '.selected', actions: assign({ ...cleared, selectedId: ({ event }) => event.id }) },
  },
  states: {
    idle: {},
    choosing: {
      on: {
        'tool.choose': {
          target: 'placingFirst',
          actions: assign({ tool: ({ event }) => event.tool, text: ({ event }) => event.text?.trim() ?? '' }),
        },
        'tools.close': 'idle',
        cancel: 'idle',
      },
    },
    placingFirst: {
      on: {
        'point.preview': { actions: 'preview' },
        'point.place': [
          { guard: 'lastPoint', target: 'idle', actions: ['record', 'addDrawing', 'clear'] },
          { target: 'placingSecond', actions: 'placePoint' },
        ],
        cancel: { target: 'idle', actions: 'clear' },
      },
    },
    placingSecond: {
      on: {
        'point.preview': { actions: 'preview' },
        'point.place': [
          { guard: 'lastPoint', target: 'idle', actions: ['record', 'addDrawing', 'clear'] },
          { target: 'placingThird', actions: 'placePoint' },
        ],
        cancel: { target: 'idle', actions: 'clear' },
      },
    },
    placingThird: {
      on: {
        'point.preview': { actions: 'preview' },
        'point.place': { target: 'idle', actions: ['record', 'addDrawing', 'clear'] },
        cancel: { target: 'idle', actions: 'clear' },
      },
    },
    selected: {
      on: {
        'drawing.lock': {
          actions: [
            'record',
            emit(({ context }) => ({
              type: 'drawings.set' as const,
              drawings: lockDrawing(context.drawings, context.selectedId!, !selectedDrawing(context)?.locked),
            })),
            // A locked drawing has no point to move; unlocked again, the arrows move all of it.
            assign({ handle: null }),
          ],
        },
        'drawing.nudge': {
          guard: 'unlocked',
          actions: [
            'record',
            emit(({ context, event }) => moveOf(context.selectedId!, event.dt, event.dv, context.handle)),
          ],
        },
        'handle.choose': {
          guard: 'unlocked',
          actions: assign({
            // The points in turn, then none (the whole drawing) between the last and the first.
            handle: ({ context, event }) => {
              const count = selectedDrawing(context)?.points.length ?? 0;
              const at = context.handle ?? count;
              const next = (at + event.step + count + 1) % (count + 1);
              return next === count ? null : next;
            },
          }),
        },
        'drawing.delete': {
          target: 'idle',
          actions: [
            'record',
            emit(({ context }) => ({ type: 'drawing.remove' as const, id: context.selectedId! })),
            'letGo',
          ],
        },
        'drag.start': {
          guard: 'unlocked',
          target: 'dragging',
          // A handle pressed is also the point the arrow keys move next; the body, all of it.
          actions: assign(({ event }) =>
            event.point === undefined
              ? { drag: NO_DRAG, handle: null }
              : { drag: { ...NO_DRAG, point: event.point }, handle: event.point },
          ),
        },
        cancel: { target: 'idle', actions: 'letGo' },
      },
    },
    dragging: {
      on: {
        'drag.move': {
          actions: assign({ drag: ({ context, event }) => ({ ...context.drag, dt: event.dt, dv: event.dv }) }),
        },
        'drag.end': [
          {
            guard: 'dragged',
            target: 'selected',
            actions: [
              'record',
              emit(({ context }) => {
                const { dt, dv, point } = context.drag;
                return moveOf(context.selectedId!, dt, dv, point);
              }),
              assign({ drag: NO_DRAG }),
            ],
          },
          { target: 'selected' },
        ],
        cancel: { target: 'selected', actions: assign({ drag: NO_DRAG }) },
      },
    },
  },
});
