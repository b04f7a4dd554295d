import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { RESET_PER_ADDRESS } from '../../server/src/modules/auth/throttle';
import { readTrustProxy } from '../../server/src/settings';
import { useTestServer as testServer, XHR } from '../server/harness';

/**
 * Finding 5: with `trustProxy: true` every client chose its own address with X-Forwarded-For,
 * so the per-address limits never filled. The attack: ask for more password resets than the
 * per-address limit allows, each claiming another address.
 */
const server = testServer();
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** The same server (same database) with TRUST_PROXY as given. */
async function behindProxy(trustProxy: Config['trustProxy']): Promise<FastifyInstance> {
  const app = await buildApp({ config: { ...server.config, trustProxy }, database: server.database });
  apps.push(app);
  await app.ready();
  return app;
}

const OUTSIDER = '203.0.113.7';
const PROXY = '10.0.0.2';

/** Reset requests for distinct addresses (the per-account limit stays out of the way); the statuses in order. */
async function resetRequests(app: FastifyInstance, count: number, from: (i: number) => { remoteAddress: string; forwardedFor?: string }) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const { remoteAddress, forwardedFor } = from(i);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      remoteAddress,
      headers: { ...XHR, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: { email: `nobody${i}@example.com` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const LIMIT = RESET_PER_ADDRESS.limit;
const refusedAfterLimit = [...Array<number>(LIMIT).fill(200), 429, 429];

describe('spoofing X-Forwarded-For to escape the per-address limits', () => {
  test('by default a forged X-Forwarded-For is ignored: the attacker is counted at its own address', async () => {
    expect(loadConfig({}, { sessionSecret: 'x', dataDir: '/nonexistent' }).trustProxy).toBe(false);
    const statuses = await resetRequests(server.app, LIMIT + 2, (i) => ({ remoteAddress: OUTSIDER, forwardedFor: `198.51.100.${i + 1}` }));
    expect(statuses).toEqual(refusedAfterLimit);
  });

  test('behind a listed proxy, a client cannot forge addresses by talking to the server directly', async () => {
    const app = await behindProxy([PROXY]);
    const statuses = await resetRequests(app, LIMIT + 2, (i) => ({ remoteAddress: OUTSIDER, forwardedFor: `198.51.100.${i + 1}` }));
    expect(statuses).toEqual(refusedAfterLimit);
  });

  test('behind a listed proxy, the address the proxy saw is counted, not what the client prepended', async () => {
    const app = await behindProxy([PROXY]);
    // The client writes its own X-Forwarded-For; the proxy appends the address it really saw.
    const statuses = await resetRequests(app, LIMIT + 2, (i) => ({ remoteAddress: PROXY, forwardedFor: `198.51.100.${i + 1}, ${OUTSIDER}` }));
    expect(statuses).toEqual(refusedAfterLimit);
  });

  test('behind a listed proxy, two real clients keep separate allowances', async () => {
    const app = await behindProxy([PROXY]);
    const statuses = await resetRequests(app, LIMIT + 2, (i) => ({ remoteAddress: PROXY, forwardedFor: i % 2 ? OUTSIDER : '198.51.100.9' }));
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  test('with a hop count of one, only the address the nearest proxy appended counts', async () => {
    const app = await behindProxy(1);
    const statuses = await resetRequests(app, LIMIT + 2, (i) => ({ remoteAddress: PROXY, forwardedFor: `198.51.100.${i + 1}, ${OUTSIDER}` }));
    expect(statuses).toEqual(refusedAfterLimit);
  });
});

describe('TRUST_PROXY', () => {
  test.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.0/8, fd00::/8,loopback', ['10.0.0.0/8', 'fd00::/8', 'loopback']],
  ])('%s is read as %j', (value, expected) => {
    expect(readTrustProxy({ TRUST_PROXY: value })).toEqual({ value: expected });
  });

  test.each(['true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.2,'])('%s (trusting senders it cannot name) is refused', (value) => {
    const read = readTrustProxy({ TRUST_PROXY: value });
    expect(read.value).toBe(false);
    expect(read.problem).toMatch(/^TRUST_PROXY=/);
  });
});
