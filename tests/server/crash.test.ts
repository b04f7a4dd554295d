import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { RunningServer } from '../e2e/support/server';
import { openDatabase } from '../../server/src/db/database';
import type { Bet, BetListPayload } from '../../src/api/contract/bets';
import type { PairListPayload } from '../../src/api/contract/market';
import { TEST_PASSWORD, cookieHeader, XHR } from './harness';
import { serverProcesses } from './process-helpers';

/**
 * The real server on a data directory (or, with DATABASE_URL, on a PostgreSQL database of its
 * own), killed with SIGKILL while bets are open and started again on the same data: every bet
 * settles, and exactly once.
 */
const { start, databaseUrl } = serverProcesses({ FEED_SEED: '7' });

async function call<T>(server: RunningServer, path: string, init: { method?: string; cookie?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(server.url + path, {
    method: init.method ?? 'GET',
    headers: {
      ...XHR,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : null,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return { body: JSON.parse(text) as { payload: T }, headers: Object.fromEntries(response.headers) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function placeUp(server: RunningServer, cookie: string, direction: 'up' | 'down'): Promise<Bet> {
  // As the web app does: a rate that went stale on a busy machine is fetched again and retried.
  for (let attempt = 1; ; attempt += 1) {
    const pairs = await call<PairListPayload>(server, '/api/pair/list');
    const rate = pairs.body.payload.items.find((p) => p.id === 'eurusd')!.rate!;
    try {
      const placed = await call<{ bet: Bet }>(server, '/api/bet/user/place', {
        method: 'POST',
        cookie,
        key: randomUUID(),
        body: { wallet_type: 'demo', pair_id: 'eurusd', rate_id: rate.id, amount: 10, direction, interval: 30 },
      });
      return placed.body.payload.bet;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('stale_rate')) throw error;
      await sleep(500);
    }
  }
}

async function openBetsOf(server: RunningServer, cookie: string) {
  return (await call<BetListPayload>(server, '/api/bet/user/list?wallet_type=demo', { cookie })).body.payload;
}

describe('a crash while bets are open', () => {
  test('SIGKILL, restart on the same data: each bet settles once', async () => {
    const first = await start();
    const registered = await fetch(first.url + '/api/auth/register', {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true }),
    });
    expect(registered.status).toBe(200);
    const cookie = cookieHeader({ headers: { 'set-cookie': registered.headers.getSetCookie() } });

    // Two bets, then the process dies; it stays down past their expiry.
    const early = [await placeUp(first, cookie, 'up'), await placeUp(first, cookie, 'down')];
    await first.stop('SIGKILL');
    await sleep(Math.max(0, Math.max(...early.map((b) => Date.parse(b.expires_at))) - Date.now() + 500));

    // Restarted: the overdue bets settle at start.
    const second = await start(first.dataDir);
    await expect.poll(async () => (await openBetsOf(second, cookie)).opened.length, { timeout: 60_000, interval: 250 }).toBe(0);

    // One more bet, killed again while it is open, restarted at once: it settles on time.
    const late = await placeUp(second, cookie, 'up');
    await sleep(1500);
    await second.stop('SIGKILL');
    const third = await start(first.dataDir);
    await sleep(Math.max(0, Date.parse(late.expires_at) - Date.now()));
    await expect.poll(async () => (await openBetsOf(third, cookie)).opened.length, { timeout: 60_000, interval: 200 }).toBe(0);
    const closed = (await openBetsOf(third, cookie)).closed;
    expect(closed.map((b) => b.id).sort()).toEqual([...early, late].map((b) => b.id).sort());
    for (const bet of closed) expect(['won', 'lost', 'refund']).toContain(bet.status);
    await third.stop('SIGTERM');

    // On the data itself: one stake per bet, at most one credit, balance = ledger.
    const database = await openDatabase({ dataDir: first.dataDir, databaseUrl: databaseUrl() });
    try {
      const rows = await database.db.selectFrom('ledger_entries').select(['kind', 'ref_id', 'amount_cents']).where('ref_type', '=', 'bet').execute();
      for (const bet of closed) {
        const mine = rows.filter((r) => r.ref_id === String(bet.id));
        expect(mine.filter((r) => r.kind === 'stake')).toHaveLength(1);
        expect(mine.filter((r) => r.kind !== 'stake')).toHaveLength(bet.status === 'lost' ? 0 : 1);
      }
      const user = await database.db.selectFrom('users').select('id').where('email', '=', 'crash@example.com').executeTakeFirstOrThrow();
      const wallet = await database.db.selectFrom('wallets').select('balance_cents').where('user_id', '=', user.id).where('wallet_type', '=', 'demo').executeTakeFirstOrThrow();
      const ledger = await database.db.selectFrom('ledger_entries').select(['amount_cents']).where('user_id', '=', user.id).where('wallet_type', '=', 'demo').execute();
      expect(wallet.balance_cents).toBe(ledger.reduce((sum, r) => sum + r.amount_cents, 0));
      expect(wallet.balance_cents).toBe(1_000_000 + closed.reduce((sum, b) => sum + Math.round(b.profit! * 100), 0));
    } finally {
      await database.close();
    }
  }, 420_000);
});
