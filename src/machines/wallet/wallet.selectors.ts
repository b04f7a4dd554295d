import type { SnapshotFrom } from 'xstate';
import type { walletMachine } from './wallet.machine';

type WalletSnapshot = SnapshotFrom<typeof walletMachine>;

export const selectWallets = (snapshot: WalletSnapshot) => snapshot.context.wallets;
export const selectCurrentWalletType = (snapshot: WalletSnapshot) => snapshot.context.current;
export const selectDemoResetBusy = (snapshot: WalletSnapshot) => snapshot.hasTag('busy');
export const selectWalletError = (snapshot: WalletSnapshot) => snapshot.context.error;
