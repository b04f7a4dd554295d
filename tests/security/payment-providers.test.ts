import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app';
import { processDueWithdrawals } from '../../server/src/modules/payments/withdrawals';
import { payoutProviders } from '../../server/src/modules/payments/providers/registry';
import { readPaymentProviders } from '../../server/src/settings';
import { useTestServer as testServer, XHR } from '../server/harness';
import { balanceCents, createTrader, decide, multipart, publicIdOf, signWebhook, type Trader } from '../server/money-fixtures';

/**
 * Finding 7: the sandbox provider approves its own payments (its checkout page has an "approve"
 * button) and nothing kept it out of production. Now PAYMENT_PROVIDERS decides which providers
 * are offered and accepted, production must name the sandbox to have it, and the back office
 * shows which provider paid each deposit.
 */
const server = testServer({ keep: ['payment_systems', 'pairs'] });
let withoutSandbox: Promise<FastifyInstance> | undefined;
afterAll(async () => (await withoutSandbox)?.close());

/** The same server (same database) started with PAYMENT_PROVIDERS naming no sandbox. */
const sandboxOff = () =>
  (withoutSandbox ??= (async () => {
    const app = await buildApp({ config: { ...server.config, paymentProviders: [] }, database: server.database });
    await app.ready();
    return app;
  })());

async function startDeposit(app: FastifyInstance, trader: Trader, psId = 1, amount = 100) {
  return app.inject({ method: 'POST', url: '/api/deposit/integration_json', headers: trader.headers, payload: { ps_id: psId, amount } });
}

describe('topping up for free through the self-approving sandbox', () => {
  test('in production the sandbox is off unless PAYMENT_PROVIDERS names it', () => {
    expect(readPaymentProviders({ NODE_ENV: 'production' }).value).toEqual([]);
    expect(readPaymentProviders({ NODE_ENV: 'production' }).problem).toMatch(/^PAYMENT_PROVIDERS is unset/);
    expect(readPaymentProviders({ NODE_ENV: 'production', PAYMENT_PROVIDERS: 'sandbox' })).toEqual({ value: ['sandbox'] });
    expect(readPaymentProviders({})).toEqual({ value: ['sandbox'] });
  });

  test('without the sandbox enabled its payment systems are not offered', async () => {
    const app = await sandboxOff();
    const trader = await createTrader(server);
    for (const url of ['/api/deposit/ps', '/api/withdraw/ps', '/api/payment_system/list']) {
      const response = await app.inject({ method: 'GET', url, headers: trader.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.json().payload.items, url).toEqual([]);
    }
    expect((await app.inject({ method: 'GET', url: '/api/deposit/ps/1', headers: trader.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/withdraw/ps/1', headers: trader.headers })).statusCode).toBe(404);
  });

  test('without the sandbox enabled a deposit through it is refused and nothing is stored', async () => {
    const app = await sandboxOff();
    const trader = await createTrader(server);
    const response = await startDeposit(app, trader);
    expect(response.statusCode).toBe(404);
    expect(response.json().payload.code).toBe('not_found');
    expect(await server.database.db.selectFrom('deposits').select('id').execute()).toEqual([]);
  });

  test('without the sandbox enabled a deposit started earlier cannot be approved on its checkout or by its webhook', async () => {
    const trader = await createTrader(server);
    const started = await startDeposit(server.app, trader);
    expect(started.statusCode).toBe(200);
    const { redirect_url: redirectUrl } = started.json().payload as { redirect_url: string };
    const app = await sandboxOff();
    expect((await app.inject({ method: 'GET', url: redirectUrl })).statusCode).toBe(404);
    const body = JSON.stringify({ event_id: 'e1', payment_id: publicIdOf(redirectUrl), status: 'approved', amount_cents: 10_000 });
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      // The web app's header too, so that only the missing route (not the CSRF rule) can refuse it.
      headers: { ...XHR, 'content-type': 'application/json', 'x-signature': signWebhook(server, body) },
      payload: body,
    });
    expect(webhook.statusCode).toBe(404);
    expect(await balanceCents(server, trader.id)).toBe(0);
  });

  test('without the sandbox enabled a withdrawal through it is refused, and one already pending is not paid out by it', async () => {
    const trader = await createTrader(server, { mainCents: 500_00 });
    const fields = { amount: '100', card_number: '4242 4242 4242 4242', holder_name: 'JOHN SMITH' };
    const { payload, contentType } = multipart(fields);
    const pending = await server.app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...trader.headers, 'content-type': contentType }, payload });
    expect(pending.statusCode, pending.body).toBe(200);
    const app = await sandboxOff();
    const again = multipart(fields);
    const refused = await app.inject({ method: 'POST', url: '/api/withdraw/card/confirm', headers: { ...trader.headers, 'content-type': again.contentType }, payload: again.payload });
    expect(refused.statusCode).toBe(404);
    const later = new Date(Date.now() + 3600_000);
    expect(await processDueWithdrawals(server.database.db, later, { withdrawDelay: 0, providers: payoutProviders([]) })).toEqual([]);
    const row = await server.database.db.selectFrom('withdrawals').select('status').executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('the back office', () => {
  test('shows which provider paid each deposit', async () => {
    const trader = await createTrader(server);
    const operator = await createTrader(server, { role: 'operator' });
    const paid = (await startDeposit(server.app, trader, 1, 125)).json().payload as { deposit_id: number; redirect_url: string };
    expect((await decide(server, paid.redirect_url, 'approve')).statusCode).toBe(303);
    const waiting = (await startDeposit(server.app, trader, 2, 60)).json().payload as { deposit_id: number };

    const page = await server.app.inject({ method: 'GET', url: '/backoffice/deposits', headers: { cookie: operator.headers.cookie!, 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    const rows = [...page.body.matchAll(/<tr>\n<td>(\d+)<\/td>[\s\S]*?<\/tr>/g)].map((match) => ({
      id: Number(match[1]),
      cells: [...match[0].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim()),
    }));
    expect(rows.map((row) => row.id)).toEqual([waiting.deposit_id, paid.deposit_id]);
    const paidRow = rows.find((row) => row.id === paid.deposit_id)!;
    expect(paidRow.cells).toContain('sandbox');
    expect(paidRow.cells).toContain('Paid');
    expect(paidRow.cells).toContain('$125.00');
    expect(page.body).toContain('Paid through provider');
    const inRussian = await server.app.inject({ method: 'GET', url: '/backoffice/deposits', headers: { cookie: operator.headers.cookie!, 'accept-language': 'ru' } });
    expect(inRussian.body).toContain('<td>Банковская карта (тест)</td>');

    const forTrader = await server.app.inject({ method: 'GET', url: '/backoffice/deposits', headers: { cookie: trader.headers.cookie!, 'accept-language': 'en' } });
    expect(forTrader.statusCode).toBe(403);
    expect(forTrader.body).not.toContain('$125.00');
  });
});
