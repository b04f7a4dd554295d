import { EventEmitter } from 'node:events';
import type { ServerMessage } from '../../../src/api/contract/realtime';

/**
 * Where server code sends realtime messages without knowing about sockets. The WebSocket hub
 * listens here. On one node this is in-process; with PostgreSQL and several nodes the hub relays
 * through LISTEN/NOTIFY so every node's sockets get the message.
 */
export interface RealtimeBus {
  /** To every open socket of one user. */
  toUser(userId: number, message: ServerMessage): void;
  /** To every socket subscribed to the pair. */
  toPair(pairId: string, message: ServerMessage): void;
  onUser(listener: (userId: number, message: ServerMessage) => void): () => void;
  onPair(listener: (pairId: string, message: ServerMessage) => void): () => void;
}

export function createLocalBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const on = <A extends unknown[]>(event: string, listener: (...args: A) => void) => {
    emitter.on(event, listener as (...args: unknown[]) => void);
    return () => void emitter.off(event, listener as (...args: unknown[]) => void);
  };
  return {
    toUser: (userId, message) => void emitter.emit('user', userId, message),
    toPair: (pairId, message) => void emitter.emit('pair', pairId, message),
    onUser: (listener) => on('user', listener),
    onPair: (listener) => on('pair', listener),
  };
}
