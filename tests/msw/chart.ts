import { http } from 'msw';
import { chartLayoutSchema } from '../../src/api/contract/chart';
import type { ChartLayout } from '../../src/api/contract/chart';
import { fail, ok } from './respond';

/**
 * The chart layout, kept in memory for the page (a story's reload keeps it like the server would),
 * validated with the server's schema.
 */
export function chartLayoutHandlers(initial: ChartLayout | null = null) {
  let stored = initial;
  return [
    http.get('*/api/chart/layout', () => ok({ layout: stored })),
    http.put('*/api/chart/layout', async ({ request }) => {
      const parsed = chartLayoutSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return fail(request, 'validation');
      stored = parsed.data;
      return ok({ layout: stored });
    }),
  ];
}
