import type { SnapshotFrom } from 'xstate';
import type { connectivityMachine } from './connectivity.machine';

type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>;

export type Connectivity = 'online' | 'offline' | 'reconnecting' | 'back';

export const selectConnectivity = (snapshot: ConnectivitySnapshot): Connectivity => snapshot.value as Connectivity;

/** No connection to the server: nothing that needs one (placing a bet) can be done. */
export const selectDisconnected = (snapshot: ConnectivitySnapshot): boolean => snapshot.hasTag('disconnected');
