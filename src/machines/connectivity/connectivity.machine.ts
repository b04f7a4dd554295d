import { assign, sendParent, setup } from 'xstate';
import type { SocketStatus } from '../../api/socket';

export type ConnectivityEvent =
  /** The browser's own view of the network (`online` / `offline` events on window, and at start). */
  | { type: 'network.changed'; online: boolean }
  /** The realtime socket's status, as the hub reports it. */
  | { type: 'socket.status'; status: SocketStatus };

/** Told to the parent when the connection is back after a loss: what the page shows is refreshed. */
export type ConnectivityBackEvent = { type: 'connectivity.back' };

/** How long "connection restored" stays on screen. */
export const BACK_NOTICE_MS = 3000;

/**
 * The connection as the trader sees it. `offline` is the browser's word that there is no network;
 * `reconnecting` is the socket retrying while the browser sees a network; `back` follows either once
 * the socket is connected again, tells the parent to refresh what the page shows, and fades into
 * `online`. The socket's first connection (`connecting`) and a deliberate close (sign-out) change
 * nothing: only a lost connection is news.
 */
export const connectivityMachine = setup({
  types: {
    context: {} as { socket: SocketStatus },
    events: {} as ConnectivityEvent,
  },
  actions: {
    /** The parent (the root actor) reads the user again; the trading page checks its bets. */
    announceBack: sendParent({ type: 'connectivity.back' } satisfies ConnectivityBackEvent),
    keepSocketStatus: assign({ socket: ({ context, event }) => (event.type === 'socket.status' ? event.status : context.socket) }),
  },
  guards: {
    networkLost: ({ event }) => event.type === 'network.changed' && !event.online,
    networkFound: ({ event }) => event.type === 'network.changed' && event.online,
    socketLost: ({ event }) => event.type === 'socket.status' && event.status === 'reconnecting',
    socketConnected: ({ event }) => event.type === 'socket.status' && event.status === 'connected',
    networkFoundWithSocket: ({ context, event }) => event.type === 'network.changed' && event.online && context.socket === 'connected',
  },
}).createMachine({
  id: 'connectivity',
  context: { socket: 'closed' },
  // Every socket status is kept, so that the network's return knows whether the socket survived.
  on: { 'socket.status': { actions: 'keepSocketStatus' } },
  initial: 'online',
  states: {
    online: {
      on: {
        'network.changed': { guard: 'networkLost', target: 'offline' },
        'socket.status': { guard: 'socketLost', target: 'reconnecting', actions: 'keepSocketStatus' },
      },
    },
    reconnecting: {
      tags: ['disconnected'],
      on: {
        'network.changed': { guard: 'networkLost', target: 'offline' },
        'socket.status': { guard: 'socketConnected', target: 'back', actions: 'keepSocketStatus' },
      },
    },
    offline: {
      tags: ['disconnected'],
      on: {
        // The network is there again: back at once if the socket lived through it, else wait for it.
        'network.changed': [
          { guard: 'networkFoundWithSocket', target: 'back' },
          { guard: 'networkFound', target: 'reconnecting' },
        ],
        'socket.status': { guard: 'socketConnected', target: 'back', actions: 'keepSocketStatus' },
      },
    },
    back: {
      entry: 'announceBack',
      after: { [BACK_NOTICE_MS]: 'online' },
      on: {
        'network.changed': { guard: 'networkLost', target: 'offline' },
        'socket.status': { guard: 'socketLost', target: 'reconnecting', actions: 'keepSocketStatus' },
      },
    },
  },
});
