import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../server/src/db/schema';
import type { WalletType } from '../../src/api/contract/envelope';
import { insertTicks, type StoredTick } from '../../server/src/feed/tick-store';
import type { Bet, PlaceBetRequest } from '../../src/api/contract/bets';
import { XHR } from './harness';

/** Tables the trading tests keep between tests: the seeded pairs. */
export const TRADING_KEEP = ['pairs'];

/** Stores one tick of a pair at `t` (now by default) as the feed would. */
export async function addTick(db: Kysely<DB>, pairId: string, v: number, t = Date.now()): Promise<StoredTick> {
  const [tick] = await insertTicks(db, t, [{ pairId, v }]);
  return tick!;
}

export function betRequest(rateId: number, overrides: Partial<PlaceBetRequest> = {}): PlaceBetRequest {
  return { wallet_type: 'demo', pair_id: 'eurusd', rate_id: rateId, amount: 10, direction: 'up', interval: 30, ...overrides };
}

export async function place(app: FastifyInstance, cookie: string, body: unknown, key: string = randomUUID()) {
  return app.inject({ method: 'POST', url: '/api/bet/user/place', headers: { ...XHR, cookie, 'idempotency-key': key }, payload: body as object });
}

export async function placeOk(app: FastifyInstance, cookie: string, body: unknown): Promise<Bet> {
  const response = await place(app, cookie, body);
  if (response.statusCode !== 200) throw new Error(`placement refused: ${response.statusCode} ${response.body}`);
  return (response.json() as { payload: { bet: Bet } }).payload.bet;
}

export async function balanceCents(db: Kysely<DB>, userId: number, walletType = 'demo' as const): Promise<number> {
  const row = await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).where('wallet_type', '=', walletType).executeTakeFirstOrThrow();
  return row.balance_cents;
}

/** The sum of a wallet's ledger rows: the invariant every balance keeps. */
export async function ledgerSumCents(db: Kysely<DB>, userId: number, walletType: WalletType = 'demo'): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('sum'))
    .where('user_id', '=', userId)
    .where('wallet_type', '=', walletType)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

export async function setDemoBalance(db: Kysely<DB>, userId: number, cents: number): Promise<void> {
  const { setBalance } = await import('../../server/src/modules/wallet/ledger');
  await db.transaction().execute((trx) =>
    setBalance(trx, { userId, walletType: 'demo', kind: 'demo_reset', refType: 'test', refId: randomUUID(), balanceCents: cents }),
  );
}
