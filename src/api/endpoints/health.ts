import type { KyInstance } from 'ky';
import { healthPayloadSchema } from '../contract/content';
import { callApi } from '../client';
import { apiPath } from './payload';

/** GET /api/health: the server is up and its database answers. */
export const healthEndpoints = (http: KyInstance) => ({
  check: ({ signal }: { signal?: AbortSignal } = {}) => callApi(http, 'get', apiPath('health'), healthPayloadSchema, { signal }),
});
