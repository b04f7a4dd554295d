import { backoffDelay } from './backoff';
import { serverMessageSchema } from './contract/realtime';
import type { ClientMessage, ServerMessage } from './contract/realtime';

export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface RealtimeOptions {
  url: string;
  /** Every valid server message except pong. */
  onMessage: (message: ServerMessage) => void;
  onStatus: (status: SocketStatus) => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  /** A ping goes out this often while connected... */
  pingIntervalMs?: number;
  /** ...and a connection that stays silent this long after it is considered dead and replaced. */
  pongTimeoutMs?: number;
}

export interface RealtimeClient {
  connect(): void;
  /** Follows these pairs' ticks, now and after every reconnect. */
  subscribe(pairs: string[]): void;
  unsubscribe(pairs: string[]): void;
  /** Closes for good (sign out, page leave): no reconnect. */
  close(): void;
  status(): SocketStatus;
}

const OPEN = 1;

/** ws(s)://host/ws for an API base ('' = this page's origin). */
export function socketUrl(base: string, location: Pick<Location, 'protocol' | 'host'>): string {
  if (base) {
    const url = new URL(base, `${location.protocol}//${location.host}`);
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}/ws`;
  }
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * The realtime client: one WebSocket to /ws with the session cookie. Server messages are checked
 * against the contract and invalid ones dropped. A lost connection is retried with exponential
 * backoff and jitter, subscriptions are sent again on every (re)connect, and a ping that gets no
 * answer in time replaces a connection that died silently (a sleeping laptop, a dropped NAT entry).
 */
export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  const {
    url,
    onMessage,
    onStatus,
    createSocket = (target) => new WebSocket(target) as unknown as SocketLike,
    random = Math.random,
    pingIntervalMs = 20_000,
    pongTimeoutMs = 10_000,
  } = options;
  const pairs = new Set<string>();
  let socket: SocketLike | null = null;
  let current: SocketStatus = 'closed';
  let attempt = 0;
  let stopped = true;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: SocketStatus) => {
    if (next === current) return;
    current = next;
    onStatus(next);
  };

  const send = (message: ClientMessage) => {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const stopHeartbeat = () => {
    clearInterval(pingTimer);
    clearTimeout(silenceTimer);
  };

  /** Any message proves the connection alive; silence past the timeout after a ping ends it. */
  const heard = () => clearTimeout(silenceTimer);

  const startHeartbeat = (target: SocketLike) => {
    stopHeartbeat();
    pingTimer = setInterval(() => {
      send({ type: 'ping' });
      clearTimeout(silenceTimer);
      silenceTimer = setTimeout(() => target.close(4000, 'ping timeout'), pongTimeoutMs);
    }, pingIntervalMs);
  };

  const scheduleReconnect = () => {
    setStatus('reconnecting');
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(open, backoffDelay(attempt, random));
    attempt += 1;
  };

  function open() {
    if (stopped) return;
    const target = createSocket(url);
    socket = target;
    target.onopen = () => {
      if (socket !== target) return;
      attempt = 0;
      setStatus('connected');
      if (pairs.size > 0) send({ type: 'subscribe', pairs: [...pairs] });
      startHeartbeat(target);
    };
    target.onmessage = (event) => {
      if (socket !== target) return;
      heard();
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = serverMessageSchema.safeParse(data);
      if (!parsed.success || parsed.data.type === 'pong') return;
      onMessage(parsed.data);
    };
    target.onclose = () => {
      if (socket !== target) return;
      socket = null;
      stopHeartbeat();
      if (!stopped) scheduleReconnect();
    };
    // An error is always followed by close, which decides what happens next.
    target.onerror = () => undefined;
  }

  return {
    connect() {
      if (!stopped) return;
      stopped = false;
      setStatus('connecting');
      open();
    },
    subscribe(list) {
      const fresh = list.filter((pair) => !pairs.has(pair));
      for (const pair of fresh) pairs.add(pair);
      if (fresh.length > 0) send({ type: 'subscribe', pairs: fresh });
    },
    unsubscribe(list) {
      const known = list.filter((pair) => pairs.delete(pair));
      if (known.length > 0) send({ type: 'unsubscribe', pairs: known });
    },
    close() {
      stopped = true;
      clearTimeout(reconnectTimer);
      stopHeartbeat();
      const target = socket;
      socket = null;
      target?.close(1000, 'closed');
      setStatus('closed');
    },
    status: () => current,
  };
}

export interface RealtimeHub {
  /** Delivers a message to every listener (the composition root calls it from the client). */
  publish(message: ServerMessage): void;
  setStatus(status: SocketStatus): void;
  onMessage(listener: (message: ServerMessage) => void): () => void;
  onStatus(listener: (status: SocketStatus) => void): () => void;
  status(): SocketStatus;
  subscribe(pairs: string[]): void;
  unsubscribe(pairs: string[]): void;
}

/**
 * Fans the one socket out to whoever listens (the root actor, the trading screen) and lets
 * screens ask for pairs without holding the socket.
 */
export function createRealtimeHub(client: Pick<RealtimeClient, 'subscribe' | 'unsubscribe'> | null = null): RealtimeHub {
  const messageListeners = new Set<(message: ServerMessage) => void>();
  const statusListeners = new Set<(status: SocketStatus) => void>();
  let current: SocketStatus = 'closed';
  return {
    publish: (message) => messageListeners.forEach((listener) => listener(message)),
    setStatus: (status) => {
      current = status;
      statusListeners.forEach((listener) => listener(status));
    },
    onMessage: (listener) => {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    onStatus: (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => current,
    subscribe: (pairs) => client?.subscribe(pairs),
    unsubscribe: (pairs) => client?.unsubscribe(pairs),
  };
}
