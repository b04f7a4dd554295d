import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Locale } from '../../../../src/api/contract/envelope';
import { fromCents, toCents } from '../../../../src/api/contract/money';
import { MAX_ORDER_LIFETIME_MS, type CreateOrderRequest, type Order } from '../../../../src/api/contract/orders';
import { ApiError, type Message } from '../../http/errors';
import { translate } from '../../i18n';
import { latestTicks } from '../../feed/tick-store';
import { PLATFORM } from '../market/service';
import * as repo from './repo';
import { isoOrNull } from '../../db/iso-time';


/** The order as the contract shapes it, a refusal's reason in `locale`. */
export function toOrder(row: repo.OrderRow, locale: Locale): Order {
  return {
    id: row.id,
    kind: row.kind,
    wallet_type: row.wallet_type,
    pair_id: row.pair_id,
    symbol: row.symbol,
    direction: row.direction,
    amount: fromCents(row.amount_cents),
    interval: row.interval,
    level: row.level,
    trigger: row.trigger,
    at: isoOrNull(row.trigger_at),
    expires_at: row.expires_at.toISOString(),
    status: row.status,
    created_at: row.created_at.toISOString(),
    closed_at: isoOrNull(row.closed_at),
    bet_id: row.bet_id,
    reason: row.refusal ? translate(locale, row.refusal.key, row.refusal.params) : null,
  };
}

const invalid = (field: string, message: string | Message) => new ApiError('validation', { fields: { [field]: message } });

/**
 * Stores a pending order after the checks that can be made now (the pair, the wallet, the
 * period, the stake's bounds, the order's times, the trader's limit of pending orders); the
 * placement rules that depend on the moment (balance, limits, the house) are applied when it
 * triggers. A price order waits for the side of `level` away from the current price.
 */
export async function createOrder(db: Kysely<DB>, userId: number, request: CreateOrderRequest, now: number, maxPending: number): Promise<repo.OrderRow> {
  return db.transaction().execute(async (trx) => {
    const pair = await trx.selectFrom('pairs').selectAll().where('id', '=', request.pair_id).executeTakeFirst();
    if (!pair) throw invalid('pair_id', 'trading.error.pair_not_found');
    if (!pair.active) throw new ApiError('pair_inactive');
    const wallet = await trx.selectFrom('wallets').select('wallet_type').where('user_id', '=', userId).where('wallet_type', '=', request.wallet_type).executeTakeFirst();
    if (!wallet) throw invalid('wallet_type', 'validation.invalid');
    if (!PLATFORM.intervals.includes(request.interval)) throw invalid('interval', 'trading.error.interval_not_offered');
    const amountCents = toCents(request.amount)!;
    if (amountCents < pair.min_amount_cents) throw invalid('amount', { key: 'validation.too_small', params: { min: fromCents(pair.min_amount_cents) } });
    if (amountCents > pair.max_amount_cents) throw invalid('amount', { key: 'validation.too_big', params: { max: fromCents(pair.max_amount_cents) } });
    const expiresAt = Date.parse(request.expires_at);
    if (expiresAt <= now) throw invalid('expires_at', 'trading.order.error.expiry_past');
    if (expiresAt - now > MAX_ORDER_LIFETIME_MS) throw invalid('expires_at', 'trading.order.error.expiry_too_far');

    let condition: Pick<repo.OrderRow, 'level' | 'trigger' | 'trigger_at'>;
    if (request.kind === 'price') {
      const latest = (await latestTicks(trx)).get(pair.id);
      if (!latest) throw new ApiError('stale_rate');
      if (request.level === latest.v) throw invalid('level', 'trading.order.error.level_reached');
      condition = { level: request.level, trigger: request.level > latest.v ? 'at_or_above' : 'at_or_below', trigger_at: null };
    } else {
      const at = Date.parse(request.at);
      if (at <= now) throw invalid('at', 'trading.order.error.at_past');
      if (at >= expiresAt) throw invalid('expires_at', 'trading.order.error.expiry_before_at');
      condition = { level: null, trigger: null, trigger_at: new Date(at) };
    }
    if ((await repo.pendingCount(trx, userId)) >= maxPending) {
      throw new ApiError('limit_reached', { message: { key: 'trading.order.error.too_many', params: { max: maxPending } } });
    }
    return repo.insertOrder(trx, {
      user_id: userId,
      kind: request.kind,
      wallet_type: request.wallet_type,
      pair_id: pair.id,
      direction: request.direction,
      amount_cents: amountCents,
      interval: request.interval,
      ...condition,
      expires_at: new Date(expiresAt),
      placement_key: randomUUID(),
    });
  });
}

/** Cancels a pending order of the trader: unknown and other traders' orders are not found, a closed one is not cancellable. */
export async function cancelOrder(db: Kysely<DB>, userId: number, id: number, now: number): Promise<repo.OrderRow> {
  const cancelled = await repo.closePending(db, id, 'cancelled', now, userId);
  const row = await repo.userOrder(db, userId, id);
  if (!row) throw new ApiError('not_found', { message: 'trading.order.error.not_found' });
  if (cancelled === undefined) throw new ApiError('not_cancellable', { message: 'trading.order.error.not_pending' });
  return row;
}

export const listOrders = (db: Kysely<DB>, userId: number) => repo.ordersOf(db, userId);
