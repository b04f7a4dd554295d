import { fromPromise } from 'xstate';
import type { BetListPayload } from '../../api/contract/bets';
import type { WalletType } from '../../api/contract/envelope';
import type { BetsEndpoints } from '../../api/endpoints/bets';

/** The bets machine's call over the api. */
export const betsActors = (bets: BetsEndpoints) => ({
  loadBets: fromPromise<BetListPayload, { walletType: WalletType }>(({ input, signal }) =>
    bets.list(input.walletType, { signal }),
  ),
});
