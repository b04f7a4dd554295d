import { beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../e2e/support/server';
import { TEST_PASSWORD, cookieHeader, XHR } from './harness';
import { serverProcesses } from './process-helpers';

/**
 * The server as `npm start` runs it (server/src/main.ts in its own process): what it prints at
 * start, its logs, and its shutdown on SIGTERM. With DATABASE_URL it runs on a PostgreSQL database
 * of its own.
 */
// At debug: each request's arrival is a line too (the SIGTERM test waits for one).
const { start } = serverProcesses({ LOG_LEVEL: 'debug' });

type LogLine = { level: number; time: number; msg: string; reqId?: string; [key: string]: unknown };
/** The server's log lines (Node's own warnings on stderr, if any, are not part of its log). */
const parsed = (server: RunningServer): LogLine[] => server.log.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const register = (server: RunningServer, email: string) =>
  fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true }),
  });

describe('the server process', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  }, 120_000);

  test('prints where it listens and how to sign in, and the printed account signs in', async () => {
    const lines = parsed(server);
    expect(lines.find((l) => l.msg === `listening on ${server.url}`)).toBeDefined();
    const port = new URL(server.url).port;
    const signIn = lines.map((l) => /^Sign in at (\S+) as (\S+) \/ (\S+)$/.exec(l.msg)).find(Boolean);
    expect(signIn?.[1]).toBe(`http://localhost:${port}/login`);
    expect(signIn?.[2]).toBe('demo@example.com');
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify({ email: signIn![2], password: signIn![3] }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { is_authenticated: boolean } }).user.is_authenticated).toBe(true);
  });

  test('logs JSON lines; the lines of a request carry its id, which the answer gives as X-Request-Id', async () => {
    const response = await fetch(`${server.url}/api/content/menu`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => parsed(server).some((l) => l.reqId === id && l.res));
    const mine = parsed(server).filter((l) => l.reqId === id);
    // Its arrival at debug, then the one line of the answered request at info.
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', expect.stringMatching(/^GET \/api\/content\/menu 200 [\d.]+ms$/)]);
    expect(mine[0]).toMatchObject({ level: 20, req: { method: 'GET', url: '/api/content/menu' } });
    expect(mine[1]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/content/menu' }, res: { statusCode: 200 } });
    expect(typeof mine[1]!.responseTime).toBe('number');
    // Two requests never share an id; a health check's line is at debug.
    const other = await fetch(`${server.url}/api/health`);
    const otherId = other.headers.get('x-request-id');
    expect(otherId).not.toBe(id);
    await until(() => parsed(server).some((l) => l.reqId === otherId && l.res));
    expect(parsed(server).find((l) => l.reqId === otherId && l.res)).toMatchObject({ level: 20, res: { statusCode: 200 } });
  });

  test('the secret of a reset or confirmation link never reaches the log', async () => {
    const secret = 'Zq8vW2'.repeat(7) + 'x';
    const reset = await fetch(`${server.url}/api/auth/reset/${secret}`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify({ password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD }),
    });
    expect(reset.status).toBeGreaterThanOrEqual(400);
    const confirm = await fetch(`${server.url}/api/auth/confirm/${secret}`, { redirect: 'manual' });
    const ids = [reset.headers.get('x-request-id'), confirm.headers.get('x-request-id')];
    await until(() => ids.every((id) => parsed(server).some((l) => l.reqId === id && l.res)));
    expect(server.log.join('\n')).not.toContain(secret);
    const lines = parsed(server).filter((l) => ids.includes(l.reqId ?? null) && l.req);
    const urls = [...new Set(lines.map((l) => (l.req as { url: string }).url))];
    expect(urls).toEqual(['/api/auth/reset/[redacted]', '/api/auth/confirm/[redacted]']);
    expect(lines.filter((l) => l.res).map((l) => l.msg)).toEqual([
      expect.stringMatching(/^POST \/api\/auth\/reset\/\[redacted\] \d{3} /),
      expect.stringMatching(/^GET \/api\/auth\/confirm\/\[redacted\] \d{3} /),
    ]);
  });

  test('SIGTERM: the request in flight is answered, the process exits 0, and a restart keeps the account and its session', async () => {
    const inFlight = register(server, 'shutdown@example.com');
    await until(() => parsed(server).some((l) => l.msg === 'incoming request' && (l.req as { url?: string } | undefined)?.url === '/api/auth/register'));
    const stopped = server.stop('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    const cookie = cookieHeader({ headers: { 'set-cookie': answer.headers.getSetCookie() } });
    await stopped;
    expect(server.process.exitCode).toBe(0);
    const messages = parsed(server).map((l) => l.msg);
    expect(messages).toContain('shutting down: no new connections, finishing requests');
    expect(messages.at(-1)).toBe('stopped');

    const again = await start(server.dataDir);
    const check = await fetch(`${again.url}/api/auth/check`, { headers: { ...XHR, cookie } });
    expect(((await check.json()) as { user: unknown }).user).toMatchObject({ is_authenticated: true, email: 'shutdown@example.com' });
    await again.stop('SIGTERM');
    expect(again.process.exitCode).toBe(0);
  });
}, 240_000);
