import type { MarketEndpoints } from '../../api/endpoints/market';
import { marketActors } from '../market/market.actors';

/** A grid chart's series comes from the same chart calls as the market's. */
export const chartFeedActors = (market: MarketEndpoints) => ({ loadChart: marketActors(market).loadChart });
