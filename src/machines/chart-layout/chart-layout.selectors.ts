import type { SnapshotFrom } from 'xstate';
import type { ChartSettings } from '../../api/contract/chart';
import type { Drawing } from '../../shared/chart-drawings';
import { defaultChart, type chartLayoutMachine } from './chart-layout.machine';

type ChartLayoutSnapshot = SnapshotFrom<typeof chartLayoutMachine>;

/** Chart `index` of the grid (the defaults past the stored ones). */
export const selectChart =
  (index = 0) =>
  (s: ChartLayoutSnapshot): ChartSettings =>
    s.context.layout.charts[index] ?? defaultChart(s.context.layout.charts[0]?.pairId ?? null);
export const selectTemplates = (s: ChartLayoutSnapshot) => s.context.layout.templates;
export const selectGrid = (s: ChartLayoutSnapshot) => s.context.layout.grid;
/** The chart the trader works on (the bet slip's pair): the first when none was chosen or it is hidden. */
export const selectActiveChart = (s: ChartLayoutSnapshot) => {
  const active = s.context.layout.active ?? 0;
  return active < s.context.layout.grid ? active : 0;
};
export const selectLayoutLoading = (s: ChartLayoutSnapshot) => s.matches('loading');
export const selectLayoutRestored = (s: ChartLayoutSnapshot) => s.context.restored;
export const selectLayoutSaveFailed = (s: ChartLayoutSnapshot) => s.hasTag('saveFailed');
const NO_DRAWINGS: Drawing[] = [];
/** The drawings of pair `pairId` (the same array until they change). */
export const selectDrawings =
  (pairId: string | null) =>
  (s: ChartLayoutSnapshot): Drawing[] =>
    (pairId && s.context.layout.drawings?.[pairId]) || NO_DRAWINGS;
export const selectDrawingsHidden = (s: ChartLayoutSnapshot) => s.context.layout.drawingsHidden ?? false;
