import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { RunningServer } from '../e2e/support/server';
import type { Bet } from '../../src/api/contract/bets';
import { XHR } from './harness';
import { expectKeysSettled, latestEurUsdTick, registerOn, serverProcesses } from './process-helpers';

/**
 * Early close and a crash (issue 17): the real server is killed with SIGKILL while traders sell
 * their open bets back at the live offers. Started again on the same data, every sale that was
 * answered is there once, and nothing is half-written: a closed bet has exactly one sell-back row
 * of what it returned, an open one none, each balance equals its ledger, and no Idempotency-Key is
 * left pending.
 */
const { start, restartAndOpen } = serverProcesses({ FEED_SEED: '17' });

const TRADERS = 4;
const BETS_PER_TRADER = 12;
const WORKERS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(server: RunningServer, cookie: string, url: string, body: object, key: string) {
  const response = await fetch(server.url + url, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json', cookie, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { payload: { bet?: Bet; code?: string } } };
}



describe('SIGKILL while bets are sold back', () => {
  test('no answered sale is lost or doubled, no unanswered one is half-written', async () => {
    const server = await start();
    const emails = Array.from({ length: TRADERS }, (_, i) => `close-crash-${i}@example.com`);
    const cookies: string[] = [];
    for (const email of emails) cookies.push(await registerOn(server, email));

    // Long bets (an hour), so none settles by itself while the test runs.
    const open: { cookie: string; bet: Bet }[] = [];
    for (const cookie of cookies) {
      for (let i = 0; i < BETS_PER_TRADER; i++) {
        const placed = await call(
          server,
          cookie,
          '/api/bet/user/place',
          { wallet_type: 'demo', pair_id: 'eurusd', rate_id: await latestEurUsdTick(server), amount: 5 + i, direction: i % 2 ? 'up' : 'down', interval: 3600 },
          randomUUID(),
        );
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        open.push({ cookie, bet: placed.body.payload.bet! });
      }
    }

    let quote = await latestEurUsdTick(server);
    let killed = false;
    const sold: { key: string; bet: Bet }[] = [];
    const refused: string[] = [];
    let sent = 0;
    const queue = [...open];
    const worker = async () => {
      while (!killed) {
        const next = queue.shift();
        if (!next) return;
        const key = randomUUID();
        sent += 1;
        try {
          const answer = await call(server, next.cookie, '/api/bet/user/close', { bet_id: next.bet.id, quote_id: quote }, key);
          if (answer.status === 200) sold.push({ key, bet: answer.body.payload.bet! });
          else {
            refused.push(answer.body.payload.code ?? String(answer.status));
            // An offer that went stale meanwhile: the bet waits for the next one.
            queue.push(next);
            await sleep(50);
          }
        } catch {
          // The server died with this sale in flight: it was never answered.
        }
      }
    };
    const quotes = (async () => {
      while (!killed) {
        await sleep(200);
        if (!killed) quote = await latestEurUsdTick(server).catch(() => quote);
      }
    })();
    const workers = Array.from({ length: WORKERS }, () => worker());
    await expect.poll(() => sold.length, { timeout: 120_000, interval: 5 }).toBeGreaterThanOrEqual(15);
    const soldAtKill = sold.length;
    await server.stop('SIGKILL');
    killed = true;
    await Promise.all([...workers, quotes]);
    // An answer written just before the signal may still be read after kill(): at most one per worker.
    expect(sold.length - soldAtKill).toBeLessThanOrEqual(WORKERS);
    expect(sold.length).toBeLessThan(open.length); // the kill came in the middle of the sales
    expect(sent).toBeGreaterThan(sold.length + refused.length); // some were in flight

    // Started again on the same data, the server comes up and answers the trader.
    const database = await restartAndOpen(server, cookies[0]!);
    try {
      const { db } = database;
      const userIds = (await db.selectFrom('users').select('id').where('email', 'in', emails).execute()).map((user) => user.id);
      const bets = await db.selectFrom('bets').select(['id', 'status', 'returned_cents']).where('user_id', 'in', userIds).execute();
      const sales = await db.selectFrom('ledger_entries').select(['ref_id', 'amount_cents']).where('kind', '=', 'sell_back').where('user_id', 'in', userIds).execute();
      const betById = new Map(bets.map((bet) => [String(bet.id), bet]));
      // Every answered sale is a closed bet that returned what the answer said.
      for (const { bet } of sold) {
        const row = betById.get(String(bet.id))!;
        expect(row.status).toBe('closed');
        expect(row.returned_cents).toBe(Math.round((bet.amount + bet.profit!) * 100));
      }
      // A closed bet has exactly one sell-back row of its return; no other bet has one.
      const salesByBet = new Map<string, number[]>();
      for (const sale of sales) salesByBet.set(sale.ref_id, [...(salesByBet.get(sale.ref_id) ?? []), sale.amount_cents]);
      for (const bet of bets) {
        if (bet.status === 'closed') expect(salesByBet.get(String(bet.id))).toEqual(bet.returned_cents! > 0 ? [bet.returned_cents] : undefined);
        else {
          expect(bet.status).toBe('open');
          expect(salesByBet.has(String(bet.id))).toBe(false);
        }
      }
      // Each balance is its ledger.
      for (const id of userIds) {
        const wallet = await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', id).where('wallet_type', '=', 'demo').executeTakeFirstOrThrow();
        const rows = await db.selectFrom('ledger_entries').select('amount_cents').where('user_id', '=', id).where('wallet_type', '=', 'demo').execute();
        expect(wallet.balance_cents).toBe(rows.reduce((sum, row) => sum + row.amount_cents, 0));
      }
      // Every claimed key holds its final answer; an answered key, the sale it answered.
      await expectKeysSettled(db, userIds, sold);
    } finally {
      await database.close();
    }
  }, 300_000);
});
