import { describe, expect, test } from 'vitest';
import type { RunningServer } from '../e2e/support/server';
import { openDatabase } from '../../server/src/db/database';
import type { Order } from '../../src/api/contract/orders';
import { TEST_PASSWORD, cookieHeader, XHR } from './harness';
import { serverProcesses } from './process-helpers';
import { timeOrder } from './orders-support';

/**
 * Pending orders across a SIGKILL (issue 17): the real server is killed while time orders are
 * triggering from its feed, then started again on the same data. Every order ends once (a bet,
 * or missed when its time fell while the server was down), never twice: each triggered order has
 * its one bet and that bet its one stake, no bet without its order, and the balance equals the
 * ledger.
 */
const { start, databaseUrl } = serverProcesses({ FEED_SEED: '17' });
const ORDERS = 10;

async function call(server: RunningServer, cookie: string, url: string, body?: object) {
  const response = await fetch(server.url + url, {
    method: body ? 'POST' : 'GET',
    headers: { ...XHR, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as { payload: Record<string, unknown> } };
}

const orders = async (server: RunningServer, cookie: string) => (await call(server, cookie, '/api/order/list')).body.payload.orders as Order[];

describe('SIGKILL while orders trigger', () => {
  test('nothing lost, nothing doubled', async () => {
    const server = await start();
    const register = await fetch(server.url + '/api/auth/register', {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'orders-crash@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true }),
    });
    const cookie = cookieHeader({ headers: { 'set-cookie': register.headers.getSetCookie() } });
    const first = Date.now() + 2000;
    for (let i = 0; i < ORDERS; i += 1) {
      const created = await call(server, cookie, '/api/order/create', timeOrder(first + i * 700, { direction: i % 2 ? 'up' : 'down', amount: 1 + i }));
      expect(created.status).toBe(200);
    }
    await expect
      .poll(async () => (await orders(server, cookie)).filter((o) => o.status === 'triggered').length, { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(3);
    await server.stop('SIGKILL');

    const again = await start(server.dataDir);
    await expect.poll(async () => (await orders(again, cookie)).filter((o) => o.status === 'pending').length, { timeout: 60_000 }).toBe(0);
    await again.stop('SIGTERM');

    const database = await openDatabase({ dataDir: server.dataDir, databaseUrl: databaseUrl() });
    try {
      const { db } = database;
      const user = await db.selectFrom('users').select('id').where('email', '=', 'orders-crash@example.com').executeTakeFirstOrThrow();
      const rows = await db.selectFrom('orders').selectAll().where('user_id', '=', user.id).execute();
      const bets = await db.selectFrom('bets').select(['id', 'amount_cents']).where('user_id', '=', user.id).execute();
      const stakes = await db.selectFrom('ledger_entries').select(['ref_id', 'amount_cents']).where('user_id', '=', user.id).where('kind', '=', 'stake').execute();
      expect(rows).toHaveLength(ORDERS);
      for (const row of rows) expect(['triggered', 'missed']).toContain(row.status);
      const triggered = rows.filter((row) => row.status === 'triggered');
      expect(triggered.length).toBeGreaterThanOrEqual(3);
      // Each triggered order has its own bet of its amount; no bet exists without its order.
      expect(triggered.map((row) => String(row.bet_id)).sort()).toEqual(bets.map((bet) => String(bet.id)).sort());
      for (const row of triggered) expect(bets.find((bet) => bet.id === row.bet_id)!.amount_cents).toBe(row.amount_cents);
      // Each bet has exactly one stake row.
      expect(stakes.map((s) => s.ref_id).sort()).toEqual(bets.map((bet) => String(bet.id)).sort());
      const wallet = await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', user.id).where('wallet_type', '=', 'demo').executeTakeFirstOrThrow();
      const ledger = await db.selectFrom('ledger_entries').select(['amount_cents']).where('user_id', '=', user.id).where('wallet_type', '=', 'demo').execute();
      expect(wallet.balance_cents).toBe(ledger.reduce((sum, entry) => sum + entry.amount_cents, 0));
      // Each outcome was told once.
      const told = await db.selectFrom('notifications').select('message_key').where('user_id', '=', user.id).where('message_key', 'like', 'trading.order.%').execute();
      expect(told).toHaveLength(ORDERS);
    } finally {
      await database.close();
    }
  }, 240_000);
});
