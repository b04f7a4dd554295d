import { describe, expect, test } from 'vitest';
import { useTestServer as testServer, XHR } from './harness';
import { createTrader, decide, type Trader } from './money-fixtures';
import { createSpecialTournament } from '../../server/src/modules/tournaments/service';

const server = testServer({ keep: ['payment_systems', 'pairs'] });

const paymentReturn = (trader: Trader | null, kind: string, id: number | string) =>
  server.app.inject({ method: 'GET', url: `/api/checkout/${kind}/${id}/return`, headers: trader?.headers ?? XHR });

async function started<T>(trader: Trader, url: string, payload: object): Promise<T> {
  const res = await server.app.inject({ method: 'POST', url, headers: trader.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as T;
}

describe('GET /api/checkout/:kind/:id/return', () => {
  test("a deposit's return page gets the check url the integration call gave, before and after the checkout", async () => {
    const trader = await createTrader(server);
    const deposit = await started<{ deposit_id: number; redirect_url: string; check_url: string }>(trader, '/api/deposit/integration_json', { ps_id: 1, amount: 100 });
    const pending = await paymentReturn(trader, 'deposit', deposit.deposit_id);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().payload).toEqual({ check_url: deposit.check_url, product_id: null });
    await decide(server, deposit.redirect_url, 'approve');
    expect((await paymentReturn(trader, 'deposit', deposit.deposit_id)).json().payload).toEqual({ check_url: deposit.check_url, product_id: null });
  });

  test("a purchase's return page also learns what it bought", async () => {
    const trader = await createTrader(server);
    const now = Date.now();
    const cup = await createSpecialTournament(server.database.db, {
      name: 'Weekend Cup',
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 86_400_000),
      entryFeeCents: 25_00,
      startBalanceCents: 5000_00,
      prizesCents: [500_00],
    });
    const purchase = await started<{ purchase_id: number; check_url: string }>(trader, '/api/purchase/integration_json', { ps_id: 1, product_id: cup.id });
    const res = await paymentReturn(trader, 'purchase', purchase.purchase_id);
    expect(res.json().payload).toEqual({ check_url: purchase.check_url, product_id: cup.id });
  });

  test("another trader's payment is not found, and bad params are refused", async () => {
    const owner = await createTrader(server);
    const deposit = await started<{ deposit_id: number }>(owner, '/api/deposit/integration_json', { ps_id: 1, amount: 100 });
    const other = await createTrader(server);
    for (const res of [await paymentReturn(other, 'deposit', deposit.deposit_id), await paymentReturn(owner, 'purchase', deposit.deposit_id), await paymentReturn(owner, 'deposit', 999_999)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().payload.code).toBe('not_found');
    }
    for (const [kind, id] of [['withdrawal', deposit.deposit_id], ['deposit', 'abc'], ['deposit', 0]] as const) {
      const res = await paymentReturn(owner, kind, id);
      expect(res.statusCode).toBe(422);
      expect(res.json().payload.code).toBe('validation');
    }
    expect((await paymentReturn(null, 'deposit', deposit.deposit_id)).statusCode).toBe(401);
  });
});
