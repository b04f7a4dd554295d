import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { BetsTable } from '../../db/tables/market';
import type { WalletType } from '../../../../src/api/contract/envelope';
import type { BetStatus } from '../../../../src/api/contract/bets';

type Db = Kysely<DB> | Transaction<DB>;

export type BetRow = Selectable<BetsTable> & { symbol: string };

/** Bets with their pair's symbol. */
export const selectBets = (db: Db) =>
  db.selectFrom('bets').innerJoin('pairs', 'pairs.id', 'bets.pair_id').selectAll('bets').select('pairs.symbol');

export async function openBets(db: Db, userId: number, walletType: WalletType): Promise<BetRow[]> {
  return selectBets(db)
    .where('bets.user_id', '=', userId)
    .where('bets.wallet_type', '=', walletType)
    .where('bets.status', '=', 'open')
    .orderBy('bets.expires_at')
    .orderBy('bets.id')
    .execute();
}

export async function recentClosedBets(db: Db, userId: number, walletType: WalletType, limit: number): Promise<BetRow[]> {
  return selectBets(db)
    .where('bets.user_id', '=', userId)
    .where('bets.wallet_type', '=', walletType)
    .where('bets.status', '!=', 'open')
    .orderBy('bets.closed_at', 'desc')
    .orderBy('bets.id', 'desc')
    .limit(limit)
    .execute();
}

export async function usersBet(db: Db, userId: number, betId: number): Promise<BetRow | undefined> {
  return selectBets(db).where('bets.id', '=', betId).where('bets.user_id', '=', userId).executeTakeFirst();
}

export async function countOpenBets(db: Db, userId: number, walletType: WalletType): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('wallet_type', '=', walletType)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface HistoryFilter {
  userId: number;
  walletType?: WalletType | undefined;
  pairId?: string | undefined;
  status?: BetStatus | undefined;
  /** opened_at >= from */
  from?: Date | undefined;
  /** opened_at < until */
  until?: Date | undefined;
}

function filtered(db: Db, f: HistoryFilter) {
  let query = db.selectFrom('bets').where('bets.user_id', '=', f.userId);
  if (f.walletType) query = query.where('bets.wallet_type', '=', f.walletType);
  if (f.pairId) query = query.where('bets.pair_id', '=', f.pairId);
  if (f.status) query = query.where('bets.status', '=', f.status);
  if (f.from) query = query.where('bets.opened_at', '>=', f.from);
  if (f.until) query = query.where('bets.opened_at', '<', f.until);
  return query;
}

export async function historyPage(db: Db, f: HistoryFilter, offset: number, limit: number): Promise<BetRow[]> {
  return filtered(db, f)
    .innerJoin('pairs', 'pairs.id', 'bets.pair_id')
    .selectAll('bets')
    .select('pairs.symbol')
    .orderBy('bets.opened_at', 'desc')
    .orderBy('bets.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Count of the matching bets, and stakes and returns over the settled ones among them. */
export async function historyTotals(db: Db, f: HistoryFilter) {
  return filtered(db, f)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(amount_cents) filter (where status <> 'open'), 0)`.as('staked_cents'),
      sql<number>`coalesce(sum(returned_cents), 0)`.as('returned_cents'),
    ])
    .executeTakeFirstOrThrow();
}
