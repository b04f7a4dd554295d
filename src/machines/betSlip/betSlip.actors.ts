import { fromPromise } from 'xstate';
import type { Bet } from '../../api/contract/bets';
import type { BetsEndpoints } from '../../api/endpoints/bets';
import type { PlaceBetInput } from './betSlip.machine';

/** The bet slip's call over the api. */
export const betSlipActors = (bets: BetsEndpoints) => ({
  placeBet: fromPromise<Bet, PlaceBetInput>(({ input, signal }) =>
    bets.place(input.request, input.idempotencyKey, { signal }),
  ),
});
