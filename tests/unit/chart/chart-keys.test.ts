import { describe, expect, test, vi } from 'vitest';
import { chartKeyAction, historyKeyAction } from '../../../src/ui/chart/chart-keys';
import type { DrawingKeyHandlers } from '../../../src/ui/chart/chart-keys';
import type { ChartEngine } from '../../../src/ui/chart/chart-engine';

function handlers(): DrawingKeyHandlers {
  const names = ['onPlace', 'onPreview', 'onSelect', 'onDragStart', 'onDrag', 'onDragEnd', 'onNudge', 'onDelete'] as const;
  const more = ['onCancel', 'onLock', 'onUndo', 'onRedo', 'onHandle'] as const;
  return Object.fromEntries([...names, ...more].map((name) => [name, vi.fn()])) as unknown as DrawingKeyHandlers;
}

const press = (code: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }>) => ({
  key: code.slice(3).toLowerCase(),
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('drawing undo and redo keys', () => {
  test('Ctrl+Z and Cmd+Z undo; Ctrl+Shift+Z, Cmd+Shift+Z and Ctrl+Y redo', () => {
    const drawing = handlers();
    expect(historyKeyAction(press('KeyZ', { ctrlKey: true }), drawing)).toBe(drawing.onUndo);
    expect(historyKeyAction(press('KeyZ', { metaKey: true }), drawing)).toBe(drawing.onUndo);
    expect(historyKeyAction(press('KeyZ', { ctrlKey: true, shiftKey: true }), drawing)).toBe(drawing.onRedo);
    expect(historyKeyAction(press('KeyZ', { metaKey: true, shiftKey: true }), drawing)).toBe(drawing.onRedo);
    expect(historyKeyAction(press('KeyY', { ctrlKey: true }), drawing)).toBe(drawing.onRedo);
  });

  test('the physical key counts (a Russian layout types я on Z); no modifier, Alt or no tools mean nothing', () => {
    const drawing = handlers();
    expect(historyKeyAction({ ...press('KeyZ', { ctrlKey: true }), key: 'я' }, drawing)).toBe(drawing.onUndo);
    expect(historyKeyAction(press('KeyZ', {}), drawing)).toBeNull();
    expect(historyKeyAction(press('KeyZ', { ctrlKey: true, altKey: true }), drawing)).toBeNull();
    expect(historyKeyAction(press('KeyX', { ctrlKey: true }), drawing)).toBeNull();
    expect(historyKeyAction(press('KeyZ', { ctrlKey: true }), null)).toBeNull();
  });

  test('L locks or unlocks the selected drawing, and is not the chart\'s with nothing selected', () => {
    const drawing = handlers();
    const engine = { interaction: { keyAction: () => null } } as unknown as ChartEngine;
    chartKeyAction({ key: 'l', shiftKey: false }, engine, { placing: false, selected: true, drawing })?.();
    expect(drawing.onLock).toHaveBeenCalledOnce();
    expect(chartKeyAction({ key: 'l', shiftKey: false }, engine, { placing: false, selected: false, drawing })).toBeNull();
  });

  test('] and [ choose the next and previous point of the selected drawing (by place on any layout); else the room\'s', () => {
    const drawing = handlers();
    const engine = { interaction: { keyAction: () => null } } as unknown as ChartEngine;
    const selected = { placing: false, selected: true, drawing };
    chartKeyAction({ key: ']', code: 'BracketRight', shiftKey: false }, engine, selected)?.();
    // A Russian layout types х on the [ key.
    chartKeyAction({ key: 'х', code: 'BracketLeft', shiftKey: false }, engine, selected)?.();
    expect(vi.mocked(drawing.onHandle).mock.calls).toEqual([[1], [-1]]);
    expect(chartKeyAction({ key: ']', code: 'BracketRight', shiftKey: false }, engine, { ...selected, selected: false })).toBeNull();
  });
});
