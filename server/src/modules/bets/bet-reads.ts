import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { WALLET_TYPES, type WalletType } from '../../../../src/api/contract/envelope';
import { fromCents } from '../../../../src/api/contract/money';
import type { BetHistoryPayload, BetInfoPayload, BetListPayload, betHistoryQuerySchema } from '../../../../src/api/contract/bets';
import { ApiError } from '../../http/errors';
import * as repo from './repo';
import { toBet } from './bet-payload';

// What a trader reads of their bets: the open and recent lists, one bet's record with its ticks,
// and the filtered, paged history with its totals.

const CLOSED_LIST_SIZE = 20;

export async function betList(db: Kysely<DB>, userId: number, walletType: WalletType): Promise<BetListPayload> {
  const [opened, closed] = await Promise.all([
    repo.openBets(db, userId, walletType),
    repo.recentClosedBets(db, userId, walletType, CLOSED_LIST_SIZE),
  ]);
  return { opened: opened.map(toBet), closed: closed.map(toBet) };
}

export async function betInfo(db: Kysely<DB>, userId: number, betId: number): Promise<BetInfoPayload> {
  const row = await repo.usersBet(db, userId, betId);
  if (!row) throw new ApiError('not_found', { message: 'trading.error.bet_not_found' });
  return {
    bet: toBet(row),
    entry_tick: { id: row.open_tick_id, t: row.open_tick_t, v: row.open_rate },
    exit_tick:
      row.close_tick_id !== null && row.close_tick_t !== null && row.close_rate !== null
        ? { id: row.close_tick_id, t: row.close_tick_t, v: row.close_rate }
        : null,
  };
}

const DAY_MS = 86_400_000;
/** A day means the whole UTC day; an instant means itself. `to` is inclusive either way. */
const startOf = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
const endOf = (value: string) =>
  value.length === 10 ? new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(value) + 1);

export async function betHistory(db: Kysely<DB>, userId: number, query: z.output<typeof betHistoryQuerySchema>): Promise<BetHistoryPayload> {
  const filter: repo.HistoryFilter = {
    userId,
    walletType: query.wallet_type,
    pairId: query.pair_id,
    status: query.status,
    from: query.from === undefined ? undefined : startOf(query.from),
    until: query.to === undefined ? undefined : endOf(query.to),
  };
  const [rows, totals, byWallet] = await Promise.all([
    repo.historyPage(db, filter, (query.page - 1) * query.per_page, query.per_page),
    repo.historyTotals(db, filter),
    repo.historyTotalsByWallet(db, filter),
  ]);
  const sums = (row: { staked_cents: number; returned_cents: number }) => ({
    staked: fromCents(Number(row.staked_cents)),
    returned: fromCents(Number(row.returned_cents)),
    profit: fromCents(Number(row.returned_cents) - Number(row.staked_cents)),
  });
  return {
    items: rows.map(toBet),
    page: query.page,
    per_page: query.per_page,
    total: Number(totals.total),
    totals: sums(totals),
    by_wallet: WALLET_TYPES.flatMap((type) => {
      const row = byWallet.find((r) => r.wallet_type === type);
      return row ? [{ wallet_type: type, total: Number(row.total), ...sums(row) }] : [];
    }),
  };
}
