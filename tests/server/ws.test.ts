import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { signUp, useTestServer as testServer } from './harness';
import { TRADING_KEEP } from './trading-support';
import { MAX_MESSAGE_BYTES, RATE_BURST } from '../../server/src/realtime/hub';
import type { ServerMessage } from '../../src/api/contract/realtime';

const server = testServer({ keep: TRADING_KEEP });

let address: Promise<string> | undefined;

/** A real socket to the test app (listening on a free loopback port), every message kept in order. */
async function connect(cookie?: string) {
  address ??= server.app.listen({ port: 0, host: '127.0.0.1' });
  const url = (await address).replace('http', 'ws') + '/ws';
  const socket = new WebSocket(url, cookie ? { headers: { cookie } } : {});
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const received: ServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as ServerMessage));
  const send = (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  const next = async (type: ServerMessage['type'], count = 1) => {
    await expect.poll(() => received.filter((m) => m.type === type).length, { timeout: 2000, interval: 10 }).toBeGreaterThanOrEqual(count);
    return received.filter((m) => m.type === type);
  };
  return { socket, received, send, next };
}

const tick = (pairId: string, id: number): ServerMessage => ({ type: 'tick', pair_id: pairId, id, t: Date.now(), v: 1.1 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('/ws', () => {
  test('ticks go to the pair\'s subscribers only, until they unsubscribe', async () => {
    const a = await connect();
    const b = await connect();
    a.send({ type: 'subscribe', pairs: ['eurusd', 'usdjpy'] });
    b.send({ type: 'subscribe', pairs: ['usdjpy'] });
    a.send({ type: 'ping' });
    await a.next('pong');
    b.send({ type: 'ping' });
    await b.next('pong');
    server.app.bus.toPair('eurusd', tick('eurusd', 1));
    server.app.bus.toPair('usdjpy', tick('usdjpy', 2));
    expect((await a.next('tick', 2)).map((m) => (m as { id: number }).id)).toEqual([1, 2]);
    expect((await b.next('tick')).map((m) => (m as { id: number }).id)).toEqual([2]);
    a.send({ type: 'unsubscribe', pairs: ['eurusd'] });
    a.send({ type: 'ping' });
    await a.next('pong', 2);
    server.app.bus.toPair('eurusd', tick('eurusd', 3));
    server.app.bus.toPair('usdjpy', tick('usdjpy', 4));
    expect((await a.next('tick', 3)).map((m) => (m as { id: number }).id)).toEqual([1, 2, 4]);
    a.socket.terminate();
    b.socket.terminate();
  });

  test('bets, wallets and notifications reach only their owner\'s sockets; anonymous sockets get none', async () => {
    const owner = await signUp(server.app);
    const other = await signUp(server.app);
    const ownerTab1 = await connect(owner.cookie);
    const ownerTab2 = await connect(owner.cookie);
    const otherSocket = await connect(other.cookie);
    const anonymous = await connect();
    server.app.bus.toUser(owner.userId, { type: 'wallets', wallets: [{ wallet_type: 'demo', amount: 10 }] });
    server.app.bus.toUser(owner.userId, { type: 'support', unread: 2 });
    await ownerTab1.next('support');
    await ownerTab2.next('support');
    for (const s of [otherSocket, anonymous]) {
      s.send({ type: 'ping' });
      await s.next('pong');
    }
    await settle();
    expect(ownerTab1.received.map((m) => m.type)).toEqual(['wallets', 'support']);
    expect(otherSocket.received.map((m) => m.type)).toEqual(['pong']);
    expect(anonymous.received.map((m) => m.type)).toEqual(['pong']);
    for (const s of [ownerTab1, ownerTab2, otherSocket, anonymous]) s.socket.terminate();
  });

  test('a bad message gets an error back and the socket keeps working', async () => {
    const client = await connect();
    client.send('not json');
    client.send({ type: 'subscribe', pairs: 'eurusd' });
    client.send({ type: 'dance' });
    client.send({ type: 'subscribe', pairs: ['nosuch'] });
    client.send('x'.repeat(MAX_MESSAGE_BYTES + 1));
    const errors = await client.next('error', 5);
    expect(errors.map((e) => (e as { code: string }).code)).toEqual(['validation', 'validation', 'validation', 'validation', 'payload_too_large']);
    for (const e of errors) expect((e as { message: string }).message).toBeTruthy();
    client.send({ type: 'subscribe', pairs: ['eurusd'] });
    client.send({ type: 'ping' });
    await client.next('pong');
    server.app.bus.toPair('eurusd', tick('eurusd', 9));
    await client.next('tick');
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    client.socket.terminate();
  });

  test('a flood is rate limited with an error, not served', async () => {
    const client = await connect();
    for (let i = 0; i < RATE_BURST + 10; i++) client.send({ type: 'ping' });
    const errors = await client.next('error', 1);
    expect(errors[0]).toMatchObject({ type: 'error', code: 'rate_limited' });
    await settle();
    expect(client.received.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(RATE_BURST + 1);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    client.socket.terminate();
  });
});
