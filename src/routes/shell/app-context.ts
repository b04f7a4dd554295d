import { createContext, useContext } from 'react';
import type { Api } from '../../api/api';
import type { RealtimeHub } from '../../api/socket';
import type { AppActorRef } from '../../machines/app/app.machine';
import type { ActorRegistry } from './actor-registry';

/** What the composition root hands every route: the endpoints, the socket hub and the browser storage. */
export interface AppServicesValue {
  api: Api;
  realtime: RealtimeHub;
  storage: Storage;
}

export const AppServicesContext = createContext<AppServicesValue | null>(null);
export const AppActorContext = createContext<AppActorRef | null>(null);
export const ActorRegistryContext = createContext<ActorRegistry | null>(null);

/** The registry every long-lived actor is created through (src/routes/shell/actor-registry.ts). */
export function useActorRegistry(): ActorRegistry {
  const registry = useContext(ActorRegistryContext);
  if (!registry) throw new Error('Routes need an AppServicesProvider above them');
  return registry;
}

export function useAppServices(): AppServicesValue {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('Routes need an AppServicesProvider above them');
  return services;
}

/** The root actor, for the shell's containers (routes use the narrower hooks of app-services). */
export function useAppActor(): AppActorRef {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('Routes need an AppServicesProvider above them');
  return actor;
}

/** A child of the root actor; they are invoked when it starts, so each exists for its whole life. */
export function useAppChild<K extends 'wallet' | 'locale' | 'toasts' | 'version' | 'notifications' | 'audio' | 'burger' | 'connectivity'>(name: K) {
  const actor = useAppActor();
  const child = actor.getSnapshot().children[name];
  if (!child) throw new Error(`The root actor has no "${name}" child`);
  return child;
}
