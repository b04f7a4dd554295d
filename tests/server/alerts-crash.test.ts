import type { Kysely } from 'kysely';
import { describe, expect, test } from 'vitest';
import type { RunningServer } from '../e2e/support/server';
import type { DB } from '../../server/src/db/schema';
import type { Alert, CreateAlertRequest } from '../../src/api/contract/alerts';
import type { PairListPayload } from '../../src/api/contract/market';
import { XHR } from './harness';
import { alertRequest } from './orders-support';
import { registerOn, serverProcesses } from './process-helpers';

/**
 * Price alerts across a SIGKILL (issue 17, 3): several traders' alerts sit a few points from the
 * price, so the feed fires them every few seconds, and the real server (or, with DATABASE_URL, on
 * a PostgreSQL database of its own) is killed while they fire. Started again on the same data and
 * left to fire some more: no alert is lost, a 'once' alert fired at most once and is marked fired
 * exactly when its notification exists, an 'every' alert stays watching with one notification per
 * firing and fired again only after the price went back across its level, and no notification is
 * doubled or without its alert.
 */
const { start, restartAndOpen } = serverProcesses({ FEED_SEED: '23' });

const TRADERS = 6;
const POINT = 0.00001;
type Plan = Pick<CreateAlertRequest, 'pair_id' | 'direction' | 'repeat'> & { points: number };
/**
 * Each trader's alerts, in points from the price (a point moves in about a second): near ones that
 * fire, far ones that wait. No two share a direction and a level, so a notification names its alert.
 */
const PLAN: Plan[] = [
  { pair_id: 'eurusd', direction: 'above', repeat: 'once', points: 1 },
  { pair_id: 'eurusd', direction: 'above', repeat: 'once', points: 3 },
  { pair_id: 'eurusd', direction: 'below', repeat: 'once', points: 1 },
  { pair_id: 'eurusd', direction: 'below', repeat: 'once', points: 2 },
  { pair_id: 'eurusd', direction: 'above', repeat: 'once', points: 40 },
  { pair_id: 'eurusd', direction: 'below', repeat: 'once', points: 40 },
  { pair_id: 'gbpusd', direction: 'above', repeat: 'every', points: 1 },
  { pair_id: 'gbpusd', direction: 'below', repeat: 'every', points: 1 },
  { pair_id: 'eurusd', direction: 'above', repeat: 'every', points: 2 },
];

async function call(server: RunningServer, cookie: string, url: string, body?: object) {
  const response = await fetch(server.url + url, {
    method: body ? 'POST' : 'GET',
    headers: { ...XHR, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, payload: ((await response.json()) as { payload: Record<string, unknown> }).payload };
}

async function latestPrices(server: RunningServer): Promise<Map<string, number>> {
  const response = await fetch(server.url + '/api/pair/list', { headers: XHR });
  const { payload } = (await response.json()) as { payload: PairListPayload };
  return new Map(payload.items.map((pair) => [pair.id, pair.rate!.v]));
}

/** How many times these traders' alerts fired, as the server lists them. */
async function firings(server: RunningServer, cookies: readonly string[]): Promise<number> {
  let total = 0;
  for (const cookie of cookies) {
    const { payload } = await call(server, cookie, '/api/alert/list');
    total += (payload.alerts as Alert[]).reduce((sum, alert) => sum + alert.fired_count, 0);
  }
  return total;
}

const crossed = (direction: 'above' | 'below', level: number, v: number) => (direction === 'above' ? v >= level : v <= level);

/** The ticks of a pair stored from `from` to `to` (ms), oldest first. */
async function ticksBetween(db: Kysely<DB>, pairId: string, from: number, to: number) {
  const rows = await db.selectFrom('ticks').select(['t', 'v']).where('pair_id', '=', pairId).where('t', '>=', from).where('t', '<=', to).orderBy('t').execute();
  return rows.map((row) => ({ t: Number(row.t), v: Number(row.v) }));
}

/**
 * Whether an 'every' alert's notifications can be told by the ticks in the feed's order: each at
 * a tick of its price stored before it, and each after the first preceded by a tick back on the
 * other side of the level (taking the earliest such ticks, so ticks the killed server stored but
 * never looked at cannot hide a firing without its crossing back).
 */
function firedInOrder(
  alert: { direction: 'above' | 'below'; level: number },
  notices: readonly { created_at: Date; message_params: Record<string, string | number> }[],
  ticks: readonly { t: number; v: number }[],
): boolean {
  let cursor = 0;
  for (const [index, notice] of notices.entries()) {
    if (index > 0) {
      const back = ticks.findIndex((tick, at) => at >= cursor && !crossed(alert.direction, Number(alert.level), tick.v));
      if (back === -1) return false;
      cursor = back + 1;
    }
    const price = Number(notice.message_params.price);
    const firing = ticks.findIndex((tick, at) => at >= cursor && tick.v === price);
    if (firing === -1 || ticks[firing]!.t > notice.created_at.getTime()) return false;
    cursor = firing + 1;
  }
  return true;
}

describe('SIGKILL while price alerts fire', () => {
  test('no alert lost, none fired twice or without its notification', async () => {
    const server = await start();
    const emails = Array.from({ length: TRADERS }, (_, i) => `alerts-crash-${i}@example.com`);
    const cookies: string[] = [];
    for (const email of emails) cookies.push(await registerOn(server, email));

    // Each trader's alerts around the price of the moment; one the price already passed is refused.
    const created: Alert[] = [];
    for (const cookie of cookies) {
      const prices = await latestPrices(server);
      for (const plan of PLAN) {
        const sign = plan.direction === 'above' ? 1 : -1;
        const level = Number((prices.get(plan.pair_id)! + sign * plan.points * POINT).toFixed(5));
        const answer = await call(server, cookie, '/api/alert/create', alertRequest(level, { pair_id: plan.pair_id, direction: plan.direction, repeat: plan.repeat }));
        if (answer.status === 200) created.push(answer.payload.alert as Alert);
        else expect(answer.payload.code).toBe('validation');
      }
    }
    expect(created.length).toBeGreaterThanOrEqual(TRADERS * PLAN.length - TRADERS);

    // Killed once alerts have fired for a while: the 'every' ones keep firing, so one may be half-done.
    await expect.poll(() => firings(server, cookies), { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(12);
    await server.stop('SIGKILL');

    // Started again on the same data, it fires on: the restarted feed goes on with them.
    const database = await restartAndOpen(server, cookies[0]!, async (again) => {
      const before = await firings(again, cookies);
      await expect.poll(() => firings(again, cookies), { timeout: 60_000, interval: 250 }).toBeGreaterThan(before);
    });
    try {
      const { db } = database;
      const userIds = (await db.selectFrom('users').select('id').where('email', 'in', emails).execute()).map((user) => user.id);
      const alerts = await db.selectFrom('price_alerts').selectAll().where('user_id', 'in', userIds).orderBy('id').execute();
      const symbols = new Map((await db.selectFrom('pairs').select(['id', 'symbol']).execute()).map((pair) => [pair.id, pair.symbol]));
      const notices = await db
        .selectFrom('notifications')
        .select(['id', 'user_id', 'message_key', 'message_params', 'created_at'])
        .where('user_id', 'in', userIds)
        .where('message_key', 'like', 'trading.alert.fired_%')
        .orderBy('id')
        .execute();

      // No alert lost, none made up: every created alert is there, watching or fired.
      expect(alerts.map((alert) => alert.id).sort()).toEqual(created.map((alert) => alert.id).sort());
      for (const alert of alerts) expect(['active', 'fired']).toContain(alert.status);

      // Each notification names exactly one alert of its trader, at a price across its level.
      const told = new Map(alerts.map((alert) => [alert.id, [] as typeof notices]));
      for (const notice of notices) {
        const params = notice.message_params as { symbol: string; level: number; price: number };
        const owners = alerts.filter(
          (alert) =>
            alert.user_id === notice.user_id &&
            notice.message_key === `trading.alert.fired_${alert.direction}` &&
            symbols.get(alert.pair_id) === params.symbol &&
            Math.abs(Number(alert.level) - Number(params.level)) < POINT / 10,
        );
        expect(owners, JSON.stringify(notice)).toHaveLength(1);
        const alert = owners[0]!;
        expect(crossed(alert.direction, Number(alert.level), Number(params.price))).toBe(true);
        told.get(alert.id)!.push(notice);
      }

      let onceFired = 0;
      for (const alert of alerts) {
        const own = told.get(alert.id)!;
        // As many notifications as firings: none doubled, none missing.
        expect(own.length, `alert ${alert.id}`).toBe(alert.fired_count);
        expect(alert.last_fired_at === null).toBe(own.length === 0);
        if (alert.repeat === 'once') {
          // Fired at most once, and marked fired exactly when its notification exists.
          expect(own.length).toBeLessThanOrEqual(1);
          expect(alert.status === 'fired').toBe(own.length === 1);
          if (own.length === 1) onceFired += 1;
          continue;
        }
        // 'every' keeps watching, and fires again only after a tick back on the other side.
        expect(alert.status).toBe('active');
        expect(firedInOrder(alert, own, await ticksBetween(db, alert.pair_id, alert.created_at.getTime() - 2000, own.at(-1)?.created_at.getTime() ?? 0))).toBe(true);
      }
      // The run did what it is about: 'once' alerts fired, far ones still wait, 'every' ones fired again.
      expect(onceFired).toBeGreaterThan(0);
      expect(alerts.some((alert) => alert.repeat === 'once' && alert.status === 'active')).toBe(true);
      expect(alerts.some((alert) => alert.repeat === 'every' && alert.fired_count >= 2)).toBe(true);
    } finally {
      await database.close();
    }
  }, 300_000);
});
