import type { RequestHandler } from 'msw';
import { authHandlers } from './auth';
import { betsHandlers } from './bets';
import { contentHandlers } from './content';
import { marketHandlers } from './market';
import { chartLayoutHandlers } from './chart';
import { ordersHandlers } from './orders';
import { paymentsHandlers } from './payments';
import { supportHandlers } from './support';
import { tournamentsHandlers } from './tournaments';
import { limitsHandlers } from './limits';
import { userHandlers } from './user';
import { securityHandlers } from './security';

/**
 * Every domain's default msw handlers, used by Storybook (the msw loader) and the unit tests.
 * A domain adds its file here; stories and tests override single calls with `msw.use(...)`.
 */
export const handlers: RequestHandler[] = [...authHandlers, ...contentHandlers, ...userHandlers, ...paymentsHandlers, ...tournamentsHandlers, ...limitsHandlers, ...marketHandlers, ...chartLayoutHandlers(), ...ordersHandlers(), ...betsHandlers, ...supportHandlers, ...securityHandlers];
