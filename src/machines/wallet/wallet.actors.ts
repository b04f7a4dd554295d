import { fromPromise } from 'xstate';
import type { Wallet } from '../../api/contract/envelope';
import type { WalletEndpoints } from '../../api/endpoints/wallet';

export const walletActors = (wallet: WalletEndpoints) => ({
  resetDemo: fromPromise<{ wallet: Wallet }>(({ signal }) => wallet.resetDemo({ signal })),
});
