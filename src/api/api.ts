import type { KyInstance } from 'ky';
import { authEndpoints } from './endpoints/auth';
import { contentEndpoints } from './endpoints/content';
import { userEndpoints } from './endpoints/user';
import { walletEndpoints } from './endpoints/wallet';

/**
 * Every endpoint group over one client. A domain adds its group with one line here; actors take
 * `Api` (or the one group they use), so tests hand them fakes.
 */
export const createApi = (http: KyInstance) => ({
  auth: authEndpoints(http),
  content: contentEndpoints(http),
  user: userEndpoints(http),
  wallet: walletEndpoints(http),
});
export type Api = ReturnType<typeof createApi>;
