import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRealtimeClient, socketUrl } from '../../../src/api/socket';
import type { SocketLike, SocketStatus } from '../../../src/api/socket';
import type { ServerMessage } from '../../../src/api/contract/realtime';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const messages: ServerMessage[] = [];
  const statuses: SocketStatus[] = [];
  const client = createRealtimeClient({
    url: 'ws://test/ws',
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    random: () => 0,
    pingIntervalMs: 1000,
    pongTimeoutMs: 500,
  });
  return { client, sockets, messages, statuses };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('realtime socket', () => {
  test('subscribes on open and passes valid messages; invalid ones and pongs are dropped', () => {
    const { client, sockets, messages, statuses } = setup();
    client.subscribe(['eurusd']);
    client.connect();
    sockets[0]!.open();
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', pairs: ['eurusd'] }]);
    sockets[0]!.receive({ type: 'tick', pair_id: 'eurusd', id: 1, t: 1000, v: 1.1 });
    sockets[0]!.receive('not json');
    sockets[0]!.receive({ type: 'tick', pair_id: 'eurusd', id: 'x' });
    sockets[0]!.receive({ type: 'pong' });
    sockets[0]!.receive({ type: 'wallets', wallets: [{ wallet_type: 'demo', amount: 9990 }] });
    expect(messages).toEqual([
      { type: 'tick', pair_id: 'eurusd', id: 1, t: 1000, v: 1.1 },
      { type: 'wallets', wallets: [{ wallet_type: 'demo', amount: 9990 }] },
    ]);
    client.subscribe(['eurusd', 'gbpusd']);
    client.unsubscribe(['eurusd']);
    expect(sockets[0]!.sent.slice(1)).toEqual([
      { type: 'subscribe', pairs: ['gbpusd'] },
      { type: 'unsubscribe', pairs: ['eurusd'] },
    ]);
  });

  test('reconnects with growing backoff and re-subscribes', async () => {
    const { client, sockets, statuses } = setup();
    client.subscribe(['eurusd']);
    client.connect();
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    // random() = 0: half of 500 ms, then half of 1000 ms.
    await vi.advanceTimersByTimeAsync(249);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(statuses.at(-1)).toBe('connected');
    expect(sockets[2]!.sent).toEqual([{ type: 'subscribe', pairs: ['eurusd'] }]);
  });

  test('pings, and replaces a connection that stays silent', async () => {
    const { client, sockets, statuses } = setup();
    client.connect();
    sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets[0]!.sent).toEqual([{ type: 'ping' }]);
    sockets[0]!.receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(600);
    expect(sockets[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(400 + 500);
    expect(sockets[0]!.closed).toBe(true);
    expect(statuses.at(-1)).toBe('reconnecting');
  });

  test('close stops for good', async () => {
    const { client, sockets, statuses } = setup();
    client.connect();
    sockets[0]!.open();
    client.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('closed');
  });

  test('the socket url follows the page or the API base', () => {
    expect(socketUrl('', { protocol: 'https:', host: 'fx.example' })).toBe('wss://fx.example/ws');
    expect(socketUrl('', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
    expect(socketUrl('https://api.example/', { protocol: 'http:', host: 'localhost' })).toBe('wss://api.example/ws');
  });
});
