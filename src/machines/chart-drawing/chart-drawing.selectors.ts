import type { SnapshotFrom } from 'xstate';
import { pointsOf } from '../../shared/chart-drawings';
import type { Drawing } from '../../shared/chart-drawings';
import type { chartDrawingMachine } from './chart-drawing.machine';

type ChartDrawingSnapshot = SnapshotFrom<typeof chartDrawingMachine>;

export type DrawingMode = 'idle' | 'choosing' | 'placing' | 'selected' | 'dragging';

export function selectDrawingMode(s: ChartDrawingSnapshot): DrawingMode {
  if (s.matches('placingFirst') || s.matches('placingSecond') || s.matches('placingThird')) return 'placing';
  return s.value as Exclude<DrawingMode, 'placing'>;
}

/**
 * The drawing being placed, as far as it goes (null before its first point or preview): the
 * points placed, then the preview standing in for every point still to come.
 */
export function selectDraft(s: Pick<ChartDrawingSnapshot, 'context'>): Omit<Drawing, 'id'> | null {
  const { tool, placed, preview, text } = s.context;
  const next = preview ?? placed.at(-1);
  if (!tool || !next) return null;
  const points = [...placed];
  while (points.length < pointsOf(tool)) points.push(next);
  return { kind: tool, points, ...(tool === 'text' ? { text } : {}) };
}

export const selectCanUndo = (s: Pick<ChartDrawingSnapshot, 'context'>) => s.context.past.length > 0;
export const selectCanRedo = (s: Pick<ChartDrawingSnapshot, 'context'>) => s.context.future.length > 0;
