import { describe, expect, test } from 'vitest';
import { XHR, TEST_PASSWORD, cookieHeader, useTestServer as testServer } from './harness';

const server = testServer();

const post = (url: string, payload: unknown, cookie = '', headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, headers: { ...XHR, ...(cookie ? { cookie } : {}), ...headers }, payload: payload as object });
const get = (url: string, cookie = '') => server.app.inject({ method: 'GET', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) } });

describe('POST /api/auth/register', () => {
  test('creates the account with three wallets, signs in and queues a confirmation email', async () => {
    const response = await post('/api/auth/register', {
      email: ' New.Trader@Example.com ',
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
      terms: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.fv).toBe('test-fv');
    expect(body.user).toMatchObject({
      is_authenticated: true,
      email: 'new.trader@example.com',
      wallets: [
        { wallet_type: 'main', amount: 0 },
        { wallet_type: 'demo', amount: 10000 },
        { wallet_type: 'tournament', amount: 0 },
      ],
    });
    expect(body.user.account_id).toMatch(/^\d{8}$/);
    const ledger = await server.database.db.selectFrom('ledger_entries').selectAll().execute();
    expect(ledger).toEqual([expect.objectContaining({ wallet_type: 'demo', kind: 'demo_initial', amount_cents: 1_000_000 })]);
    const emails = await server.database.db.selectFrom('email_outbox').selectAll().execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to_address).toBe('new.trader@example.com');
    expect(emails[0]!.subject).toBe('Confirm your email');
    expect(emails[0]!.text).toMatch(/http:\/\/localhost\/api\/auth\/confirm\/[A-Za-z0-9_-]{43}/);

    const check = await get('/api/auth/check', cookieHeader(response));
    expect(check.json().user).toMatchObject({ is_authenticated: true, email: 'new.trader@example.com' });
  });
});
