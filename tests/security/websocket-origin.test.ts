import type { IncomingMessage } from 'node:http';
import { afterAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { signUp, useTestServer as testServer } from '../server/harness';
import { TRADING_KEEP } from '../server/trading-support';
import { CONTENT_SECURITY_POLICY } from '../../server/src/http/security-headers';

/**
 * Cross-site WebSocket hijacking: a page of another site opens a socket to /ws, the browser sends
 * the trader's session cookie with it, and the page reads the trader's bets, wallets and
 * notifications. The socket follows the same origin rule as the API's calls: a foreign Origin is
 * refused with 403 on the upgrade request, and no socket is opened.
 */
const server = testServer({ keep: TRADING_KEEP });

let address: Promise<string> | undefined;
afterAll(async () => {
  if (address) await server.app.close();
});
const wsUrl = async () => {
  address ??= server.app.listen({ port: 0, host: '127.0.0.1' });
  return (await address).replace('http', 'ws') + '/ws';
};

/** Opens a socket as a browser would from a page of `origin` (none: not a browser). */
async function open(origin: string | undefined, cookie?: string): Promise<{ opened: true; socket: WebSocket } | { opened: false; response: IncomingMessage; body: string }> {
  const headers = { 'accept-language': 'en', ...(cookie ? { cookie } : {}) };
  const socket = new WebSocket(await wsUrl(), origin === undefined ? { headers } : { headers, origin });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ opened: true, socket }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ opened: false, response, body }));
    });
    socket.once('error', reject);
  });
}

describe('cross-site WebSocket hijacking', () => {
  test('a page of another site cannot open a socket with the trader\'s cookie: 403 before the upgrade', async () => {
    const trader = await signUp(server.app);
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'http://localhost:1', 'null']) {
      const result = await open(origin, trader.cookie);
      expect(result.opened, origin).toBe(false);
      if (result.opened) continue;
      expect(result.response.statusCode, origin).toBe(403);
      expect(result.response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(result.body).toBe('The request was refused for security reasons, please reload the page');
      // An HTTP answer, not a switch of protocols: the server never upgraded the connection.
      expect(result.response.headers.upgrade).toBeUndefined();
    }
  });

  test('the platform\'s own pages still open their socket (public URL, or the host the page was served from)', async () => {
    const trader = await signUp(server.app);
    const host = new URL(await wsUrl()).host;
    for (const origin of ['http://localhost', `http://${host}`, undefined]) {
      const result = await open(origin, trader.cookie);
      expect(result.opened, String(origin)).toBe(true);
      if (!result.opened) continue;
      const pong = new Promise((resolve) => result.socket.once('message', (data) => resolve(JSON.parse(data.toString()))));
      result.socket.send(JSON.stringify({ type: 'ping' }));
      expect(await pong).toEqual({ type: 'pong' });
      result.socket.close();
    }
  });
});
