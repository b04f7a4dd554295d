/**
 * The composition root's contract with every route: the services (api, realtime hub, storage),
 * the root actor and the actor registry, reached through these hooks only. src/main.tsx (and the Storybook
 * decorator `withApp`) give both through AppServicesProvider.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, type JSX, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { Actor, ActorOptions, AnyActorLogic } from 'xstate';
import type { Api } from '../api/api';
import type { EnvelopeUser, Wallet, WalletType } from '../api/contract/envelope';
import type { RealtimeHub } from '../api/socket';
import type { AppActorRef, AppEvent } from '../machines/app/app.machine';
import { selectUser } from '../machines/app/app.selectors';
import { selectAudioEnabled } from '../machines/audio/audio.selectors';
import { selectConnectivity, selectDisconnected, type Connectivity } from '../machines/connectivity/connectivity.selectors';
import type { ToastVariant } from '../machines/toasts/toasts.machine';
import { selectCurrentWalletType, selectWallets } from '../machines/wallet/wallet.selectors';
import type { ActorRegistry } from './shell/actor-registry';
import { ActorRegistryContext, AppActorContext, AppServicesContext, useActorRegistry, useAppActor, useAppChild, useAppServices } from './shell/app-context';

export { useActorRegistry };

export interface AppServices {
  api: Api;
  realtime: RealtimeHub;
  storage: Storage;
}

export function AppServicesProvider(props: {
  value: AppServices;
  appActor: AppActorRef;
  actors: ActorRegistry;
  children: ReactNode;
}): JSX.Element {
  return (
    <AppServicesContext.Provider value={props.value}>
      <ActorRegistryContext.Provider value={props.actors}>
        <AppActorContext.Provider value={props.appActor}>{props.children}</AppActorContext.Provider>
      </ActorRegistryContext.Provider>
    </AppServicesContext.Provider>
  );
}

/**
 * A page's statechart, owned by the registry: created once, started while the page is shown and
 * stopped when it goes (as `useActorRef`), named `name` in the registry with the path that
 * started it, and watched by whatever inspects the registry.
 */
export function useRegisteredActor<TLogic extends AnyActorLogic>(name: string, logic: TLogic, options?: ActorOptions<TLogic>): Actor<TLogic> {
  const registry = useActorRegistry();
  const [location] = useLocation();
  const [route] = useState(location);
  const actor = useActorRef(logic, { ...options, inspect: registry.inspect } as never) as unknown as Actor<TLogic>;
  useEffect(() => registry.describe(actor, { name, route }), [registry, actor, name, route]);
  return actor;
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
