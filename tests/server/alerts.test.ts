import { describe, expect, test } from 'vitest';
import type { Alert } from '../../src/api/contract/alerts';
import type { ServerMessage } from '../../src/api/contract/realtime';
import { runAlertTriggers } from '../../server/src/modules/alerts/service';
import { createLocalBus } from '../../server/src/realtime/bus';
import { useTestServer as testServer, signUp, XHR } from './harness';
import { TRADING_KEEP, addTick } from './trading-support';
import { alertRequest, post } from './orders-support';

/**
 * Price alerts (issue 17, 3): fired by the server from the feed once per crossing ('once' one
 * time in all, 'every' at each crossing, never at each tick beyond the level), delivered live and
 * kept in the notifications for a trader who is away; bad input refused, translated.
 */
const server = testServer({ keep: TRADING_KEEP });

async function create(cookie: string, body: object): Promise<Alert> {
  const response = await post(server.app, cookie, '/api/alert/create', body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { payload: { alert: Alert } }).payload.alert;
}

/** Feeds the prices one second after the other and answers how many times each alert fired. */
async function feed(prices: number[]): Promise<number[]> {
  const { db } = server.database;
  const counts: number[] = [];
  for (const price of prices) counts.push((await runAlertTriggers(db, [await addTick(db, 'eurusd', price)], Date.now())).length);
  return counts;
}

describe('an alert', () => {
  test("'once' fires at the first crossing and never again", async () => {
    const trader = await signUp(server.app);
    await addTick(server.database.db, 'eurusd', 1.1);
    const alert = await create(trader.cookie, alertRequest(1.101));
    expect(alert).toMatchObject({ status: 'active', repeat: 'once', fired_count: 0 });
    expect(await feed([1.1005, 1.1012, 1.1015, 1.1, 1.102])).toEqual([0, 1, 0, 0, 0]);
    const list = await server.app.inject({ method: 'GET', url: '/api/alert/list', headers: { ...XHR, cookie: trader.cookie } });
    expect(list.json().payload.alerts).toMatchObject([{ id: alert.id, status: 'fired', fired_count: 1 }]);
  });

  test("'every' fires at each crossing, not at each tick beyond the level", async () => {
    const trader = await signUp(server.app);
    await addTick(server.database.db, 'eurusd', 1.1);
    await create(trader.cookie, alertRequest(1.099, { direction: 'below', repeat: 'every' }));
    expect(await feed([1.0995, 1.0989, 1.0985, 1.098, 1.0995, 1.099, 1.0991, 1.1, 1.098])).toEqual([0, 1, 0, 0, 0, 1, 0, 0, 1]);
  });

  test('is delivered live (toast and centre) and kept in the notifications for when the trader is back', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    await create(trader.cookie, alertRequest(1.1003));
    const messages: ServerMessage[] = [];
    const bus = createLocalBus();
    bus.onUser((userId, message) => userId === trader.userId && messages.push(message));
    await runAlertTriggers(db, [await addTick(db, 'eurusd', 1.1004)], Date.now(), { bus });
    expect(messages.map((m) => (m.type === 'notification' ? m.notification.display : m.type))).toEqual(['alert', 'inner', 'toast']);
    const check = await server.app.inject({ method: 'GET', url: '/api/auth/check', headers: { ...XHR, cookie: trader.cookie, 'accept-language': 'ru' } });
    const kept = (check.json() as { notifications: { title: string }[] }).notifications;
    expect(kept.map((n) => n.title)).toEqual(['EUR/USD поднялся до 1.1004: выше вашего уровня 1.1003']);
  });
});

describe('bad input', () => {
  test('each is refused with a translated reason and stores nothing', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    const other = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const theirs = await create(other.cookie, alertRequest(1.2));
    const cases: [object, string, string][] = [
      [alertRequest(-1), 'level', 'Enter a price above zero'],
      [alertRequest(1.09), 'level', 'The price is already at or above this level: choose a higher one'],
      [alertRequest(1.11, { direction: 'below' }), 'level', 'The price is already at or below this level: choose a lower one'],
      [alertRequest(1.2, { pair_id: 'nosuch' }), 'pair_id', 'There is no such currency pair'],
      [alertRequest(1.2, { repeat: 'twice' as never }), 'repeat', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(server.app, trader.cookie, '/api/alert/create', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const fields = response.json().payload.fields as Record<string, string>;
      expect(fields[field], JSON.stringify(body)).toBeTruthy();
      if (message) expect(fields[field]).toBe(message);
    }
    const someoneElses = await post(server.app, trader.cookie, `/api/alert/${theirs.id}/delete`);
    expect(someoneElses.statusCode).toBe(404);
    expect(someoneElses.json().payload.message).toBe('There is no such price alert');
    expect(await db.selectFrom('price_alerts').select('user_id').execute()).toEqual([{ user_id: other.userId }]);
  });

  test('too many active alerts: the next one is refused until one is deleted', async () => {
    const trader = await signUp(server.app);
    await addTick(server.database.db, 'eurusd', 1.1);
    const max = server.config.limits.maxActiveAlerts;
    const made: Alert[] = [];
    for (let i = 0; i < max; i += 1) made.push(await create(trader.cookie, alertRequest(1.2 + i / 1000)));
    const refused = await post(server.app, trader.cookie, '/api/alert/create', alertRequest(1.3));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload).toMatchObject({ code: 'limit_reached', message: `You can have at most ${max} active price alerts` });
    expect((await post(server.app, trader.cookie, `/api/alert/${made[0]!.id}/delete`)).statusCode).toBe(200);
    await create(trader.cookie, alertRequest(1.3));
  });
});
