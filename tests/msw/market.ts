import { http } from 'msw';
import {
  candleChartParamsSchema,
  candleChartQuerySchema,
  lineChartQuerySchema,
  pairParamsSchema,
} from '../../src/api/contract/market';
import { fail, ok } from './respond';
import { languageOf } from './locale-texts';
import { latestTickAt, makeCandles, makeTicks, pairListFixture, pairListIn } from './trading-fixtures';

const known = (pair: string) => pairListFixture.items.some((item) => item.id === pair);
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams.entries());

/** Pairs and charts, validated with the same schemas as the server's routes. */
export const marketHandlers = [
  http.get('*/api/pair/list', ({ request }) => ok(pairListIn(languageOf(request)))),

  http.get('*/api/pair/:pair/chart/line', ({ request, params }) => {
    const path = pairParamsSchema.safeParse(params);
    const search = lineChartQuerySchema.safeParse(query(request));
    if (!path.success || !search.success) return fail(request, 'validation');
    if (!known(path.data.pair)) return fail(request, 'not_found');
    return ok({ points: makeTicks(path.data.pair, Math.min(search.data.minutes * 60, 3600), latestTickAt()) });
  }),

  http.get('*/api/pair/:pair/chart/candlestick/:interval', ({ request, params }) => {
    const path = candleChartParamsSchema.safeParse(params);
    const search = candleChartQuerySchema.safeParse(query(request));
    if (!path.success || !search.success) return fail(request, 'validation');
    if (!known(path.data.pair)) return fail(request, 'not_found');
    return ok({ candles: makeCandles(path.data.pair, path.data.interval, search.data.limit, latestTickAt()) });
  }),
];
