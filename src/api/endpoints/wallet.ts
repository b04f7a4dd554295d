import type { KyInstance } from 'ky';
import { demoResetPayloadSchema } from '../contract/payments';
import { callApi } from '../client';
import { apiPath } from './payload';

type Signal = { signal?: AbortSignal };

/** POST /api/wallet/demo/reset: the demo wallet back to its start balance; the user rides in the envelope. */
export const walletEndpoints = (http: KyInstance) => ({
  resetDemo: ({ signal }: Signal = {}) => callApi(http, 'post', apiPath('wallet/demo/reset'), demoResetPayloadSchema, { json: {}, signal }),
});
export type WalletEndpoints = ReturnType<typeof walletEndpoints>;
