/**
 * The composition root's contract with every route: the services (api, realtime hub, storage)
 * and the root actor, reached through these hooks only. src/main.tsx (and the Storybook
 * decorator `withApp`) give both through AppServicesProvider.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, type JSX, type ReactNode } from 'react';
import type { Api } from '../api/api';
import type { EnvelopeUser, Wallet, WalletType } from '../api/contract/envelope';
import type { RealtimeHub } from '../api/socket';
import type { AppActorRef, AppEvent } from '../machines/app/app.machine';
import { selectUser } from '../machines/app/app.selectors';
import { selectAudioEnabled } from '../machines/audio/audio.selectors';
import { selectConnectivity, selectDisconnected, type Connectivity } from '../machines/connectivity/connectivity.selectors';
import type { ToastVariant } from '../machines/toasts/toasts.machine';
import { selectCurrentWalletType, selectWallets } from '../machines/wallet/wallet.selectors';
import { AppActorContext, AppServicesContext, useAppActor, useAppChild, useAppServices } from './shell/app-context';

export interface AppServices {
  api: Api;
  realtime: RealtimeHub;
  storage: Storage;
}

export function AppServicesProvider(props: { value: AppServices; appActor: AppActorRef; children: ReactNode }): JSX.Element {
  return (
    <AppServicesContext.Provider value={props.value}>
      <AppActorContext.Provider value={props.appActor}>{props.children}</AppActorContext.Provider>
    </AppServicesContext.Provider>
  );
}

export function useApi(): Api {
  return useAppServices().api;
}

/** The one socket's hub: onMessage / onStatus / subscribe / unsubscribe. */
export function useRealtime(): RealtimeHub {
  return useAppServices().realtime;
}

/** The envelope's user as the root actor keeps it; null until the start's auth check answered. */
export function useUser(): EnvelopeUser | null {
  return useSelector(useAppActor(), selectUser);
}

export function useWallets(): { current: WalletType; wallets: Wallet[]; select(type: WalletType): void } {
  const wallet = useAppChild('wallet');
  const current = useSelector(wallet, selectCurrentWalletType);
  const wallets = useSelector(wallet, selectWallets);
  const select = useCallback((walletType: WalletType) => wallet.send({ type: 'wallet.select', walletType }), [wallet]);
  return useMemo(() => ({ current, wallets, select }), [current, wallets, select]);
}

/** The connection as the trader sees it: online, offline, reconnecting, or just back. */
export function useConnectivity(): Connectivity {
  return useSelector(useAppChild('connectivity'), selectConnectivity);
}

/** No connection to the server (offline or reconnecting): what needs one waits, saying why. */
export function useDisconnected(): boolean {
  return useSelector(useAppChild('connectivity'), selectDisconnected);
}

export function useAudioEnabled(): boolean {
  return useSelector(useAppChild('audio'), selectAudioEnabled);
}

export function useToast(): (toast: { message: string; variant?: ToastVariant; delay?: number }) => void {
  const toasts = useAppChild('toasts');
  return useCallback(
    ({ message, variant, delay }) =>
      toasts.send({ type: 'toast.show', msg: message, ...(variant ? { variant } : {}), ...(delay !== undefined ? { delay } : {}) }),
    [toasts],
  );
}

/** Sends to the root actor: { type: 'session.changed' } after login/logout, { type: 'navigate', to }. */
export function useAppSend(): (event: AppEvent) => void {
  const actor = useAppActor();
  return useCallback((event: AppEvent) => actor.send(event), [actor]);
}
