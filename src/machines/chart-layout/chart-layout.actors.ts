import { fromPromise } from 'xstate';
import type { ChartEndpoints } from '../../api/endpoints/chart';
import type { ChartLayout } from '../../api/contract/chart';

/** The layout machine's calls over the api. */
export const chartLayoutActors = (chart: ChartEndpoints) => ({
  loadLayout: fromPromise<ChartLayout | null>(({ signal }) => chart.layout({ signal })),
  saveLayout: fromPromise<ChartLayout | null, ChartLayout>(({ input, signal }) => chart.saveLayout(input, { signal })),
});
