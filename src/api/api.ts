import type { KyInstance } from 'ky';
import { authEndpoints } from './endpoints/auth';
import { betsEndpoints } from './endpoints/bets';
import { marketEndpoints } from './endpoints/market';
import { chatEndpoints } from './endpoints/chat';
import { supportEndpoints } from './endpoints/support';
import { contentEndpoints } from './endpoints/content';
import { depositEndpoints } from './endpoints/deposit';
import { paymentsEndpoints } from './endpoints/payments';
import { tournamentsEndpoints } from './endpoints/tournaments';
import { withdrawEndpoints } from './endpoints/withdraw';
import { userEndpoints } from './endpoints/user';
import { walletEndpoints } from './endpoints/wallet';
import { healthEndpoints } from './endpoints/health';

/**
 * Every endpoint group over one client. A domain adds its group with one line here; actors take
 * `Api` (or the one group they use), so tests hand them fakes.
 */
export const createApi = (http: KyInstance) => ({
  auth: authEndpoints(http),
  market: marketEndpoints(http),
  bets: betsEndpoints(http),
  support: supportEndpoints(http),
  chat: chatEndpoints(http),
  content: contentEndpoints(http),
  user: userEndpoints(http),
  wallet: walletEndpoints(http),
  deposit: depositEndpoints(http),
  withdraw: withdrawEndpoints(http),
  payments: paymentsEndpoints(http),
  tournaments: tournamentsEndpoints(http),
  health: healthEndpoints(http),
});
export type Api = ReturnType<typeof createApi>;
