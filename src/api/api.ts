import type { KyInstance } from 'ky';
import { authEndpoints } from './endpoints/auth';
import type { BetsEndpoints } from './endpoints/bets';
import type { MarketEndpoints } from './endpoints/market';
import type { ChartEndpoints } from './endpoints/chart';
import type { ChatEndpoints } from './endpoints/chat';
import type { SupportEndpoints } from './endpoints/support';
import { contentEndpoints } from './endpoints/content';
import type { DepositEndpoints } from './endpoints/deposit';
import type { PaymentsEndpoints } from './endpoints/payments';
import type { TournamentsEndpoints } from './endpoints/tournaments';
import type { WithdrawEndpoints } from './endpoints/withdraw';
import type { UserEndpoints } from './endpoints/user';
import type { WalletEndpoints } from './endpoints/wallet';
import type { SecurityEndpoints } from './endpoints/security';
import type { LimitsEndpoints } from './endpoints/limits';
import type { OrdersEndpoints } from './endpoints/orders';
import { healthEndpoints } from './endpoints/health';
import { lazyGroup } from './lazy-group';

/**
 * Every endpoint group over one client. A domain adds its group with one line here; actors take
 * `Api` (or the one group they use), so tests hand them fakes. The groups the start and the shell
 * use load with the app; the others load with their first call (`lazyGroup`), which keeps their
 * schemas out of the first page's JS (docs/design.md 6).
 */
export const createApi = (http: KyInstance) => ({
  auth: authEndpoints(http),
  market: lazyGroup<MarketEndpoints>(() => import('./endpoints/market').then((m) => m.marketEndpoints(http))),
  chart: lazyGroup<ChartEndpoints>(() => import('./endpoints/chart').then((m) => m.chartEndpoints(http))),
  bets: lazyGroup<BetsEndpoints>(() => import('./endpoints/bets').then((m) => m.betsEndpoints(http))),
  support: lazyGroup<SupportEndpoints>(() => import('./endpoints/support').then((m) => m.supportEndpoints(http))),
  chat: lazyGroup<ChatEndpoints>(() => import('./endpoints/chat').then((m) => m.chatEndpoints(http))),
  content: contentEndpoints(http),
  user: lazyGroup<UserEndpoints>(() => import('./endpoints/user').then((m) => m.userEndpoints(http))),
  wallet: lazyGroup<WalletEndpoints>(() => import('./endpoints/wallet').then((m) => m.walletEndpoints(http))),
  deposit: lazyGroup<DepositEndpoints>(() => import('./endpoints/deposit').then((m) => m.depositEndpoints(http))),
  withdraw: lazyGroup<WithdrawEndpoints>(() => import('./endpoints/withdraw').then((m) => m.withdrawEndpoints(http))),
  payments: lazyGroup<PaymentsEndpoints>(() => import('./endpoints/payments').then((m) => m.paymentsEndpoints(http))),
  tournaments: lazyGroup<TournamentsEndpoints>(() => import('./endpoints/tournaments').then((m) => m.tournamentsEndpoints(http))),
  security: lazyGroup<SecurityEndpoints>(() => import('./endpoints/security').then((m) => m.securityEndpoints(http))),
  limits: lazyGroup<LimitsEndpoints>(() => import('./endpoints/limits').then((m) => m.limitsEndpoints(http))),
  orders: lazyGroup<OrdersEndpoints>(() => import('./endpoints/orders').then((m) => m.ordersEndpoints(http))),
  health: healthEndpoints(http),
});
export type Api = ReturnType<typeof createApi>;
