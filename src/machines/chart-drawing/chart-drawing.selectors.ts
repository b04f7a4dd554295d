import type { SnapshotFrom } from 'xstate';
import { pointsOf } from '../../shared/chart-drawings';
import type { Drawing } from '../../shared/chart-drawings';
import type { chartDrawingMachine } from './chart-drawing.machine';

type ChartDrawingSnapshot = SnapshotFrom<typeof chartDrawingMachine>;

export type DrawingMode = 'idle' | 'choosing' | 'placing' | 'selected' | 'dragging';

export function selectDrawingMode(s: ChartDrawingSnapshot): DrawingMode {
  if (s.matches('placingFirst') || s.matches('placingSecond')) return 'placing';
  return s.value as Exclude<DrawingMode, 'placing'>;
}

/** The drawing being placed, as far as it goes (null before its first point or preview). */
export function selectDraft(s: Pick<ChartDrawingSnapshot, 'context'>): Omit<Drawing, 'id'> | null {
  const { tool, first, preview, text } = s.context;
  if (!tool) return null;
  if (first) return { kind: tool, points: [first, preview ?? first] };
  if (preview)
    return {
      kind: tool,
      points: pointsOf(tool) === 1 ? [preview] : [preview, preview],
      ...(tool === 'text' ? { text } : {}),
    };
  return null;
}
