import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';
import type { Bet } from '../../../../src/api/contract/bets';
import { DEFAULT_LOCALE, type Notification, type Wallet } from '../../../../src/api/contract/envelope';
import { fromCents } from '../../../../src/api/contract/money';
import type { Order } from '../../../../src/api/contract/orders';
import type { StoredTick } from '../../feed/tick-store';
import { ApiError } from '../../http/errors';
import { isLocale, translate } from '../../i18n';
import type { RealtimeBus } from '../../realtime/bus';
import { placeGroup } from '../bets/placement';
import { MAX_QUOTE_LAG_MS } from '../bets/held-quote';
import { publishNotice, storeNotices, type Notice } from '../notifications/live';
import * as repo from './repo';
import { toOrder } from './service';

/**
 * A time order is placed at the first tick at or after its time; when that tick comes later than
 * this (the feed stopped, the server was down), the order is missed rather than placed at a
 * price the trader never chose.
 */
export const MISSED_AFTER_MS = MAX_QUOTE_LAG_MS;

/** Where the orders list sends the trader from a notification. */
const ORDERS_REDIRECT = '/';

/** One order's outcome, as the owner hears of it after the commit. */
export interface OrderOutcome {
  userId: number;
  order: Order;
  notification: Notification;
  bet?: Bet;
  wallets?: Wallet[];
}

export interface TriggerEffects {
  bus?: RealtimeBus;
  log?: FastifyBaseLogger;
}

type ClaimedRow = repo.OrderRow & { locale: string };
const localeOf = (row: ClaimedRow) => (isLocale(row.locale) ? row.locale : DEFAULT_LOCALE);
const direction = (row: ClaimedRow) => translate(localeOf(row), `trading.order.direction.${row.direction}`);

function notice(row: ClaimedRow, key: string, params: Record<string, string | number>, type: Notification['type']): Notice {
  return { userId: row.user_id, locale: row.locale, message: { key, params: { symbol: row.symbol, ...params } }, type, redirectUrl: ORDERS_REDIRECT };
}

async function outcome(trx: Transaction<DB>, row: ClaimedRow, the: Notice, extra: Partial<OrderOutcome> = {}): Promise<OrderOutcome> {
  const [notification] = await storeNotices(trx, [the]);
  return { userId: row.user_id, order: toOrder(row, localeOf(row)), notification: notification!, ...extra };
}

/**
 * Triggers one due order in ONE transaction: the conditional claim (pending -> triggered), the
 * placement through the bet placement's own rules (under the order's Idempotency-Key, at the
 * tick's rate), the outcome and its notification. A refusal (funds, limits, the market) closes
 * the order as refused and says why; it is never tried again. Any other failure rolls the whole
 * trigger back: the order is still pending for the next tick.
 */
async function trigger(db: Kysely<DB>, due: repo.DueOrder, now: number): Promise<OrderOutcome | undefined> {
  return db.transaction().execute(async (trx) => {
    const claimed = await repo.claimPending(trx, due.id, now);
    if (!claimed) return undefined;
    if (claimed.kind === 'time' && due.tick.t - claimed.trigger_at!.getTime() > MISSED_AFTER_MS) {
      await repo.recordOutcome(trx, claimed.id, { status: 'missed', refusal: null });
      const row = { ...claimed, status: 'missed' as const };
      return outcome(trx, row, notice(row, 'trading.order.missed', { direction: direction(row) }, 'warning'));
    }
    const request = {
      wallet_type: claimed.wallet_type,
      pair_id: claimed.pair_id,
      rate_id: due.tick.id,
      amount: fromCents(claimed.amount_cents),
      direction: claimed.direction,
      interval: claimed.interval,
    };
    const placed = (await placeGroup(trx, [{ userId: claimed.user_id, key: claimed.placement_key, request, now }]))[0]!;
    if ('placement' in placed) {
      const { bet, wallets } = placed.placement;
      await repo.recordOutcome(trx, claimed.id, { status: 'triggered', betId: bet.id });
      const row = { ...claimed, bet_id: bet.id };
      const the = notice(row, 'trading.order.triggered', { direction: direction(row), rate: bet.open_rate }, 'success');
      return outcome(trx, row, the, { bet, ...(wallets ? { wallets } : {}) });
    }
    if (!(placed.error instanceof ApiError) || placed.error.status >= 500) throw placed.error;
    const { message } = placed.error.options;
    const refusal = message === undefined ? { key: `errors.${placed.error.code}` } : typeof message === 'string' ? { key: message } : message;
    await repo.recordOutcome(trx, claimed.id, { status: 'refused', refusal });
    const row = { ...claimed, status: 'refused' as const, refusal };
    const reason = translate(localeOf(row), refusal.key, refusal.params);
    return outcome(trx, row, notice(row, 'trading.order.refused', { direction: direction(row), reason }, 'danger'));
  });
}

/** Orders whose own expiry has come are closed as expired, each owner told. */
async function expire(db: Kysely<DB>, now: number): Promise<OrderOutcome[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await repo.expireDue(trx, now);
    const notices = rows.map((row) => notice(row, 'trading.order.expired', { direction: direction(row) }, 'info'));
    const notifications = await storeNotices(trx, notices);
    return rows.map((row, i) => ({ userId: row.user_id, order: toOrder(row, localeOf(row)), notification: notifications[i]! }));
  });
}

function publish(bus: RealtimeBus, outcome: OrderOutcome) {
  bus.toUser(outcome.userId, { type: 'order', order: outcome.order });
  if (outcome.bet) bus.toUser(outcome.userId, { type: 'bet', bet: outcome.bet });
  if (outcome.wallets) bus.toUser(outcome.userId, { type: 'wallets', wallets: outcome.wallets });
  publishNotice(bus, outcome.userId, outcome.notification);
}

/**
 * The pending orders' share of a second's ticks: first the orders that expired by `now`, then each
 * order the ticks trigger (the first tick that meets its condition), one transaction each, so one
 * order's failure does not hold the others. Each outcome goes to its owner after its commit.
 */
export async function runOrderTriggers(db: Kysely<DB>, ticks: readonly StoredTick[], now: number, effects: TriggerEffects = {}): Promise<OrderOutcome[]> {
  const outcomes = await expire(db, now);
  for (const due of await repo.dueOrders(db, ticks)) {
    try {
      const triggered = await trigger(db, due, now);
      if (triggered) outcomes.push(triggered);
    } catch (error) {
      effects.log?.error({ err: error, order: due.id }, 'pending order trigger failed; it stays pending');
    }
  }
  if (effects.bus) for (const each of outcomes) publish(effects.bus, each);
  return outcomes;
}
