import { fromPromise } from 'xstate';
import type { Bet, BetListPayload, CloseBetRequest } from '../../api/contract/bets';
import type { WalletType } from '../../api/contract/envelope';
import type { BetsEndpoints } from '../../api/endpoints/bets';

/** The bets machine's calls over the api. */
export const betsActors = (bets: BetsEndpoints) => ({
  loadBets: fromPromise<BetListPayload, { walletType: WalletType }>(({ input, signal }) =>
    bets.list(input.walletType, { signal }),
  ),
  closeBet: fromPromise<Bet, { request: CloseBetRequest; idempotencyKey: string }>(({ input, signal }) =>
    bets.close(input.request, input.idempotencyKey, { signal }),
  ),
});
