import type { KyInstance } from 'ky';
import { limitsPayloadSchema, sessionSummarySchema, type ExclusionRequest, type LimitsUpdate } from '../contract/limits';
import { callApi } from '../client';
import { apiPath } from './payload';

type Signal = { signal?: AbortSignal };

/** Responsible trading: the limits, self-exclusion and the reality check's session figures. */
export const limitsEndpoints = (http: KyInstance) => ({
  get: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('limits'), limitsPayloadSchema, { signal }),
  update: (update: LimitsUpdate, { signal }: Signal = {}) => callApi(http, 'post', apiPath('limits'), limitsPayloadSchema, { json: update, signal }),
  exclude: (request: ExclusionRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('limits/exclusion'), limitsPayloadSchema, { json: request, signal }),
  stopToday: ({ signal }: Signal = {}) => callApi(http, 'post', apiPath('limits/stop-today'), limitsPayloadSchema, { json: {}, signal }),
  session: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('limits/session'), sessionSummarySchema, { signal }),
});
export type LimitsEndpoints = ReturnType<typeof limitsEndpoints>;
