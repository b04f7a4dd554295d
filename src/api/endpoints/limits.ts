import type { KyInstance } from 'ky';
import { kycStatusSchema, limitsPayloadSchema, sessionSummarySchema, type ExclusionRequest, type KycKind, type LimitsUpdate } from '../contract/limits';
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
  kyc: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('kyc'), kycStatusSchema, { signal }),
  /** One document as multipart: `kind` and `file0`. */
  uploadKyc: (kind: KycKind, file: File, { signal }: Signal = {}) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file0', file, file.name);
    return callApi(http, 'post', apiPath('kyc'), kycStatusSchema, { body, signal });
  },
});
export type LimitsEndpoints = ReturnType<typeof limitsEndpoints>;
