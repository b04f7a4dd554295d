import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Wallet } from '../../../../src/api/contract/envelope';
import type { Bet, CloseBetRequest, CloseQuote } from '../../../../src/api/contract/bets';
import type { Tick } from '../../../../src/api/contract/realtime';
import { fromCents } from '../../../../src/api/contract/money';
import type { RealtimeBus } from '../../realtime/bus';
import { ApiError } from '../../http/errors';
import { moveManyOnce, walletsOf } from '../wallet/ledger';
import * as repo from './repo';
import { MAX_QUOTE_LAG_MS, heldQuote } from './held-quote';
import { replay, storedRefusal, type StoredAnswer } from './stored-answer';
import { toBet } from './bet-payload';
import { sellBackCents, type PricedBet, type SellBackSettings } from './sell-back-price';

/** A bet sold back, and the trader's wallets once it committed (absent on a retry's replay: that call moved nothing). */
export interface ClosedEarly {
  bet: Bet;
  wallets?: Wallet[];
}

const priced = (bet: Omit<PricedBet, 'expires_at'> & { expires_at: Date }): PricedBet => ({ ...bet, expires_at: bet.expires_at.getTime() });

const cutoffPassed = (settings: SellBackSettings) =>
  new ApiError('not_cancellable', { message: { key: 'trading.error.close_cutoff', params: { seconds: settings.cutoffSeconds } } });

/**
 * Sells the trader's open bet back in the caller's transaction. Everything that can refuse is
 * checked before anything is written. The price is the offer of the quoted tick, or of the
 * pair's latest tick when that is lower: the trader never gets more than the offer taken, and
 * cannot pick the best of the last few seconds' offers. The bet is closed by a conditional update
 * (still open), so a settlement that took it first leaves nothing to sell.
 */
async function sell(trx: Transaction<DB>, userId: number, request: CloseBetRequest, settings: SellBackSettings, now: number): Promise<ClosedEarly> {
  const bet = await repo.sellableBet(trx, userId, request.bet_id);
  // Someone else's bet reads exactly as one that does not exist.
  if (!bet) throw new ApiError('not_found', { message: 'trading.error.bet_not_found' });
  if (bet.status !== 'open') throw new ApiError('not_cancellable', { message: 'trading.error.close_not_open' });
  if (now > bet.expires_at.getTime() - settings.cutoffSeconds * 1000) throw cutoffPassed(settings);
  const ticks = await repo.entryAndQuotedTicks(trx, [bet.pair_id], [request.quote_id]);
  const held = heldQuote(ticks.latest.get(bet.pair_id), ticks.quoted.get(request.quote_id), bet.pair_id, now);
  if (!held) throw new ApiError('stale_rate', { message: 'trading.error.close_quote_stale' });
  const offer = (tick: Tick) => sellBackCents(priced(bet), bet, tick.v, tick.t, settings);
  const [quotedCents, latestCents] = [offer(held.quoted), offer(held.latest)];
  if (quotedCents === null || latestCents === null) throw cutoffPassed(settings);
  const [tick, returnedCents] = latestCents < quotedCents ? [held.latest, latestCents] : [held.quoted, quotedCents];

  const row = await repo.closeSoldBet(trx, bet.id, { tick, closedAt: new Date(now), returnedCents });
  if (!row) throw new ApiError('not_cancellable', { message: 'trading.error.close_not_open' });
  if (returnedCents > 0) {
    await moveManyOnce(trx, [{ userId, walletType: bet.wallet_type, kind: 'sell_back', amountCents: returnedCents, refType: 'bet', refId: bet.id }]);
  }
  return { bet: toBet({ ...row, symbol: bet.symbol }), wallets: await walletsOf(trx, userId) };
}

const requestHash = (request: CloseBetRequest) =>
  createHash('sha256').update(JSON.stringify(['close', request.bet_id, request.quote_id])).digest('hex');

/**
 * Sells an open bet back once per Idempotency-Key, with the same keys as placement: the key is
 * claimed in the sale's own transaction, a retry gets the first answer (the sold bet or the
 * refusal), the same key for another request is refused. Nothing is answered before the commit.
 */
export async function closeEarly(
  db: Kysely<DB>,
  userId: number,
  key: string,
  request: CloseBetRequest,
  settings: SellBackSettings,
  now = Date.now(),
): Promise<ClosedEarly> {
  const hash = requestHash(request);
  const outcome = await db.transaction().execute(async (trx): Promise<{ closed: ClosedEarly } | { error: unknown }> => {
    const claimed = await repo.claimKeys(trx, [{ userId, key, hash }]);
    if (!claimed.has(0)) {
      const [earlier] = await repo.earlierAnswers(trx, [{ userId, key, index: 0 }]);
      if (earlier!.request_hash !== hash) return { error: new ApiError('idempotency_conflict') };
      try {
        return { closed: { bet: replay(earlier!.response as StoredAnswer) } };
      } catch (error) {
        return { error };
      }
    }
    try {
      const closed = await sell(trx, userId, request, settings, now);
      await repo.storeAnswers(trx, [{ userId, key, response: JSON.stringify({ bet: closed.bet } satisfies StoredAnswer) }]);
      return { closed };
    } catch (error) {
      const answer = storedRefusal(error);
      if (!answer) throw error;
      // Refusals come before any write: the transaction keeps only the remembered answer.
      await repo.storeAnswers(trx, [{ userId, key, response: JSON.stringify(answer) }]);
      return { error };
    }
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.closed;
}

/**
 * After a second's ticks are stored: a sell-back offer for every open bet of those pairs still
 * before its cutoff, priced at the pair's new tick, sent to each owner as one `close_quotes`
 * message. An offer holds as long as a placement's rate_id does (MAX_QUOTE_LAG_MS).
 */
export async function publishSellBackQuotes(
  db: Kysely<DB>,
  bus: RealtimeBus,
  ticks: readonly (Tick & { pair_id: string })[],
  settings: SellBackSettings,
): Promise<void> {
  if (ticks.length === 0) return;
  const byPair = new Map(ticks.map((tick) => [tick.pair_id, tick]));
  const earliest = Math.min(...ticks.map((tick) => tick.t));
  const bets = await repo.quotableBets(db, [...byPair.keys()], new Date(earliest + settings.cutoffSeconds * 1000));
  const byUser = new Map<number, CloseQuote[]>();
  for (const bet of bets) {
    const tick = byPair.get(bet.pair_id)!;
    const cents = sellBackCents(priced(bet), bet, tick.v, tick.t, settings);
    if (cents === null) continue;
    const quotes = byUser.get(bet.user_id) ?? [];
    quotes.push({ bet_id: bet.id, quote_id: tick.id, amount: fromCents(cents), rate: tick.v, expires_at: tick.t + MAX_QUOTE_LAG_MS });
    byUser.set(bet.user_id, quotes);
  }
  for (const [userId, quotes] of byUser) bus.toUser(userId, { type: 'close_quotes', quotes });
}
