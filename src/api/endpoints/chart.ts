import type { KyInstance } from 'ky';
import { chartLayoutPayloadSchema } from '../contract/chart';
import type { ChartLayout } from '../contract/chart';
import { callApi } from '../client';
import { apiPath } from './payload';

type Signal = { signal?: AbortSignal };

/** The trader's chart layout, kept on the server. */
export const chartEndpoints = (http: KyInstance) => ({
  layout: async ({ signal }: Signal = {}) =>
    (await callApi(http, 'get', apiPath('chart/layout'), chartLayoutPayloadSchema, { signal })).layout,
  saveLayout: async (layout: ChartLayout, { signal }: Signal = {}) =>
    (await callApi(http, 'put', apiPath('chart/layout'), chartLayoutPayloadSchema, { json: layout, signal })).layout,
});
export type ChartEndpoints = ReturnType<typeof chartEndpoints>;
