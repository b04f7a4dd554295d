import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';
import type { Alert, CreateAlertRequest } from '../../../../src/api/contract/alerts';
import type { Notification } from '../../../../src/api/contract/envelope';
import { ApiError } from '../../http/errors';
import { latestTicks, type StoredTick } from '../../feed/tick-store';
import type { RealtimeBus } from '../../realtime/bus';
import { publishNotice, storeNotices } from '../notifications/live';
import * as repo from './repo';

export function toAlert(row: repo.AlertRow): Alert {
  return {
    id: row.id,
    pair_id: row.pair_id,
    symbol: row.symbol,
    direction: row.direction,
    level: row.level,
    repeat: row.repeat,
    status: row.status,
    fired_count: row.fired_count,
    last_fired_at: row.last_fired_at ? row.last_fired_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

const invalid = (field: string, key: string) => new ApiError('validation', { fields: { [field]: key } });

/**
 * Stores an alert whose level is still ahead of the price in its direction (an alert "above" a
 * level the price is already above would have nothing to cross), up to the trader's limit.
 */
export async function createAlert(db: Kysely<DB>, userId: number, request: CreateAlertRequest, maxActive: number): Promise<repo.AlertRow> {
  return db.transaction().execute(async (trx) => {
    const pair = await trx.selectFrom('pairs').select(['id', 'active']).where('id', '=', request.pair_id).executeTakeFirst();
    if (!pair) throw invalid('pair_id', 'trading.error.pair_not_found');
    const latest = (await latestTicks(trx)).get(pair.id);
    if (!latest) throw new ApiError('stale_rate');
    const ahead = request.direction === 'above' ? request.level > latest.v : request.level < latest.v;
    if (!ahead) throw invalid('level', `trading.alert.error.level_${request.direction}`);
    if ((await repo.activeCount(trx, userId)) >= maxActive) {
      throw new ApiError('limit_reached', { message: { key: 'trading.alert.error.too_many', params: { max: maxActive } } });
    }
    return repo.insertAlert(trx, { user_id: userId, pair_id: pair.id, direction: request.direction, level: request.level, repeat: request.repeat });
  });
}

export async function deleteAlert(db: Kysely<DB>, userId: number, id: number): Promise<repo.AlertRow> {
  const row = await repo.deleteAlert(db, userId, id);
  if (!row) throw new ApiError('not_found', { message: 'trading.alert.error.not_found' });
  return row;
}

export const listAlerts = (db: Kysely<DB>, userId: number) => repo.alertsOf(db, userId);

export interface FiredAlert {
  userId: number;
  alert: Alert;
  notification: Notification;
}

/**
 * The price alerts' share of a second's ticks (one tick per pair): each crossing fires its alert
 * once, stored as a notification in the same transaction (kept for a trader who is away), then
 * sent live to the owner's tabs as a toast and to the notification centre.
 */
export async function runAlertTriggers(
  db: Kysely<DB>,
  ticks: readonly StoredTick[],
  now: number,
  effects: { bus?: RealtimeBus; log?: FastifyBaseLogger } = {},
): Promise<FiredAlert[]> {
  const fired = await db.transaction().execute(async (trx) => {
    const rows = await repo.fireCrossed(trx, ticks, now);
    const notifications = await storeNotices(
      trx,
      rows.map((row) => ({
        userId: row.user_id,
        locale: row.locale,
        message: { key: `trading.alert.fired_${row.direction}`, params: { symbol: row.symbol, level: row.level, price: row.price } },
        type: 'info',
        redirectUrl: null,
      })),
    );
    return rows.map((row, i) => ({ userId: row.user_id, alert: toAlert(row), notification: notifications[i]! }));
  });
  if (effects.bus) {
    for (const { userId, alert, notification } of fired) {
      effects.bus.toUser(userId, { type: 'alert', alert });
      publishNotice(effects.bus, userId, notification);
    }
  }
  return fired;
}
