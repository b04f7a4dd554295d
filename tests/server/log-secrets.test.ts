import { describe, expect, test } from 'vitest';
import { TEST_PASSWORD, XHR, cookieHeader } from './harness';
import { serverProcesses } from './process-helpers';

/**
 * The whole log of a real server run (at debug, every line it can write) holds no secret: not a
 * password, a session or remember-me cookie, a confirmation or reset link's token, the sandbox
 * checkout's token, nor the metrics token, after a run through sign-up, the confirmation link,
 * a password reset, a login, a deposit paid at the checkout, a withdrawal and a scrape.
 */
const METRICS_TOKEN = 'metrics-Token-9d2e7a51c3';
const { start } = serverProcesses({ LOG_LEVEL: 'debug', METRICS_TOKEN, DEV_PAGES: '1' });

interface MailboxEmail {
  to: string;
  links: string[];
}

describe('the log of a whole run', () => {
  test('holds every request and no secret', async () => {
    const server = await start();
    const secrets = new Set<string>([METRICS_TOKEN]);
    let cookie = '';
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.url}${path}`, {
        redirect: 'manual',
        ...init,
        headers: { ...XHR, cookie, origin: server.url, ...(init.headers as Record<string, string> | undefined) },
      });
      const setCookie = response.headers.getSetCookie();
      for (const line of setCookie) {
        const value = decodeURIComponent(line.split(';')[0]!.split('=').slice(1).join('='));
        // The locale cookie ('ru', 'en') is no secret; session and remember-me cookies are long.
        if (value.length >= 16) {
          secrets.add(value);
          secrets.add(value.replace(/\.[^.]+$/, '')); // the signed cookie's value without its signature
        }
      }
      cookie = cookieHeader({ headers: { 'set-cookie': setCookie } }, cookie);
      return response;
    };
    const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const mailbox = async (email: string, pathPart: string): Promise<string> => {
      const emails = (await (await fetch(`${server.url}/local/mailbox.json`)).json()) as MailboxEmail[];
      const link = emails.filter((e) => e.to === email).flatMap((e) => e.links).find((l) => l.includes(pathPart));
      expect(link, `a link with ${pathPart}`).toBeDefined();
      return link!;
    };

    const email = `secrets-${Date.now()}@example.com`;
    const newPassword = 'Heron-Quartz-77';
    secrets.add(TEST_PASSWORD).add(newPassword);

    expect((await call('/api/auth/register', json({ email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true }))).status).toBe(200);
    const confirmLink = new URL(await mailbox(email, '/api/auth/confirm/'));
    const confirmToken = decodeURIComponent(confirmLink.pathname.split('/').pop()!);
    secrets.add(confirmToken);
    expect((await call(confirmLink.pathname, { headers: { accept: 'text/html' } })).status).toBe(303);

    expect((await call('/api/auth/logout', { method: 'POST' })).status).toBe(200);
    expect((await call('/api/auth/reset', json({ email }))).status).toBe(200);
    const resetLink = new URL(await mailbox(email, 'token='));
    const resetToken = resetLink.searchParams.get('token')!;
    secrets.add(resetToken);
    // The web app's page the email opens, then its call.
    await call(`${resetLink.pathname}${resetLink.search}`, { headers: { accept: 'text/html' } });
    const reset = await call(`/api/auth/reset/${encodeURIComponent(resetToken)}`, json({ password: newPassword, password_confirmation: newPassword }));
    expect(reset.status).toBe(200);

    expect((await call('/api/auth/logout', { method: 'POST' })).status).toBe(200);
    expect((await call('/api/auth/login', json({ email, password: newPassword, remember: true }))).status).toBe(200);
    expect((await call('/api/auth/check')).status).toBe(200);

    const deposit = await call('/api/deposit/integration_json', json({ ps_id: 1, amount: 100 }));
    expect(deposit.status).toBe(200);
    const checkoutPath = ((await deposit.json()) as { payload: { redirect_url: string } }).payload.redirect_url;
    const page = await (await call(checkoutPath, { headers: { accept: 'text/html' } })).text();
    const checkoutToken = /name="token" value="([^"]+)"/.exec(page)?.[1];
    expect(checkoutToken).toBeDefined();
    secrets.add(checkoutToken!);
    const paid = await call(`${checkoutPath}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: checkoutToken! }).toString(),
    });
    expect(paid.status).toBe(303);

    const form = new FormData();
    form.set('amount', '50');
    form.set('card_number', '4242 4242 4242 4242');
    form.set('holder_name', 'JOHN SMITH');
    const withdrawal = await call('/api/withdraw/card/confirm', { method: 'POST', body: form });
    expect(withdrawal.status, await withdrawal.clone().text()).toBe(200);

    expect((await call('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    expect((await call('/api/ready')).status).toBe(200);

    await server.stop('SIGTERM');
    const log = server.log.join('\n');
    // The run is in the log, one line per answered request...
    for (const line of [
      'POST /api/auth/register 200',
      'GET /api/auth/confirm/[redacted] 303',
      'POST /api/auth/reset 200',
      'GET /reset-password?token=[redacted]',
      'POST /api/auth/reset/[redacted] 200',
      'POST /api/auth/login 200',
      'POST /api/deposit/integration_json 200',
      `POST ${checkoutPath}/approve 303`,
      'POST /api/withdraw/card/confirm 200',
      'GET /metrics 200',
      'GET /api/ready 200',
    ]) {
      expect(log).toContain(line);
    }
    // ...each line of a request with its id...
    const lines = server.log.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { req?: unknown; reqId?: string });
    expect(lines.filter((line) => line.req && !line.reqId)).toEqual([]);
    // ...and no secret, as it is or as a URL carries it.
    expect(secrets.size).toBeGreaterThanOrEqual(8);
    for (const secret of secrets) {
      expect(log, 'a secret in the log').not.toContain(secret);
      expect(log, 'a secret in the log').not.toContain(encodeURIComponent(secret));
    }
  }, 240_000);
});
