import { shortcutFor } from '../../shared/keyboard-shortcuts';
import type { ShortcutAction } from '../../shared/keyboard-shortcuts';
import type { ChartEngine, DrawingHandlers } from './chart-engine';

/** What the keyboard does to the drawings, besides what the pointer does. */
export interface DrawingKeyHandlers extends DrawingHandlers {
  onNudge: (dt: number, dv: number) => void;
  onDelete: () => void;
  onCancel: () => void;
  /** Locks the selected drawing, or unlocks it. */
  onLock: () => void;
  onUndo: () => void;
  onRedo: () => void;
  /** Chooses the next (1) or previous (-1) point of the selected drawing for the arrows to move. */
  onHandle: (step: 1 | -1) => void;
}

export interface ChartKeyState {
  placing: boolean;
  selected: boolean;
  drawing: DrawingKeyHandlers | null;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * The keys that choose the selected drawing's point are the room's bet time keys (] and [, matched
 * as the room matches them): the focused chart takes them only while a drawing is selected.
 */
const HANDLE_STEPS: Partial<Record<ShortcutAction, 1 | -1>> = { 'period.next': 1, 'period.previous': -1 };

/**
 * The chart's key map. The arrows move the keyboard crosshair (one bar sideways, one price step
 * up or down) and it reads the bar; with a drawing selected they move the drawing instead, or only
 * its point chosen with ] (next) and [ (previous). Shift with an arrow, Page Up and Page Down
 * pan. Enter places the tool's point at the crosshair, or selects the drawing under it; Delete
 * removes the selected drawing; L locks or unlocks it; Escape cancels, lets go, or hides the
 * crosshair. +, - and 0 zoom. Returns null for a key that is not the chart's (] and [ with nothing
 * selected stay the room's bet time keys).
 */
export function chartKeyAction(
  event: { key: string; shiftKey: boolean; code?: string },
  engine: ChartEngine,
  state: ChartKeyState,
): (() => void) | null {
  const arrow = ARROWS[event.key];
  const drawing = state.drawing;
  if (arrow && event.shiftKey) return arrow[0] ? () => engine.pan(-arrow[0]) : null;
  if (arrow) {
    if (state.selected && drawing) {
      const { dt, dv } = engine.keyboardSteps();
      return () => drawing.onNudge(arrow[0] * dt, arrow[1] * dv);
    }
    return () => {
      engine.moveCursor(arrow[0], arrow[1]);
      const point = engine.cursorPoint();
      if (state.placing && point) drawing?.onPreview(point);
    };
  }
  const shortcut = shortcutFor({
    key: event.key,
    code: event.code ?? '',
    ctrlKey: false,
    altKey: false,
    metaKey: false,
  });
  const handleStep = shortcut && HANDLE_STEPS[shortcut];
  if (handleStep) return state.selected && drawing ? () => drawing.onHandle(handleStep) : null;
  switch (event.key) {
    case 'Enter':
      if (!drawing) return null;
      return () => {
        if (!engine.cursorPoint()) engine.moveCursor(0, 0);
        const point = engine.cursorPoint();
        if (state.placing) {
          if (point) drawing.onPlace(point);
          return;
        }
        const hit = engine.drawingAtCursor();
        if (hit) drawing.onSelect(hit);
      };
    case 'Delete':
    case 'Backspace':
      return state.selected && drawing ? () => drawing.onDelete() : null;
    case 'l':
    case 'L':
      return state.selected && drawing ? () => drawing.onLock() : null;
    case 'Escape':
      if ((state.placing || state.selected) && drawing) return () => drawing.onCancel();
      return engine.cursorPoint() ? () => engine.clearCursor() : null;
    default:
      return engine.interaction.keyAction(event.key);
  }
}

/** What the drawing undo and redo keys need of a key press (a KeyboardEvent has all of it). */
export interface HistoryKeyPress {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * Ctrl+Z (Cmd+Z) undoes the chart's last drawing change; Ctrl+Shift+Z (Cmd+Shift+Z) and Ctrl+Y
 * redo it. The physical key counts, so they work on any layout. Null for any other press.
 */
export function historyKeyAction(press: HistoryKeyPress, drawing: DrawingKeyHandlers | null): (() => void) | null {
  if (!drawing || press.altKey || !(press.ctrlKey || press.metaKey)) return null;
  const letter = press.code.startsWith('Key') ? press.code.slice(3).toLowerCase() : press.key.toLowerCase();
  if (letter === 'z') return press.shiftKey ? drawing.onRedo : drawing.onUndo;
  if (letter === 'y' && !press.shiftKey) return drawing.onRedo;
  return null;
}
