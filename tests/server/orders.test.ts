import { describe, expect, test } from 'vitest';
import type { Order } from '../../src/api/contract/orders';
import { runOrderTriggers, MISSED_AFTER_MS } from '../../server/src/modules/orders/triggers';
import { createLocalBus } from '../../server/src/realtime/bus';
import type { ServerMessage } from '../../src/api/contract/realtime';
import { useTestServer as testServer, signUp, XHR } from './harness';
import { TRADING_KEEP, addTick, balanceCents, ledgerSumCents, setDemoBalance } from './trading-support';
import { post, priceOrder, timeOrder } from './orders-support';

/**
 * Pending orders (issue 17, 2): stored, then triggered by the first tick that meets them, through
 * the placement's own rules, exactly once; cancelled and expired ones never trigger; a refusal is
 * told and not tried again; bad input is refused with a translated reason and changes nothing.
 */
const server = testServer({ keep: TRADING_KEEP });

async function create(cookie: string, body: object): Promise<Order> {
  const response = await post(server.app, cookie, '/api/order/create', body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { payload: { order: Order } }).payload.order;
}

const bets = (userId: number) => server.database.db.selectFrom('bets').selectAll().where('user_id', '=', userId).execute();
const orderRow = (id: number) => server.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a price order', () => {
  test('becomes one bet at the rate of the first tick that reaches its level, and its owner is told', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const order = await create(trader.cookie, priceOrder(1.101));
    expect(order).toMatchObject({ status: 'pending', trigger: 'at_or_above', level: 1.101 });

    const below = await addTick(db, 'eurusd', 1.1005);
    expect(await runOrderTriggers(db, [below], Date.now())).toEqual([]);

    const messages: ServerMessage[] = [];
    const bus = createLocalBus();
    bus.onUser((userId, message) => userId === trader.userId && messages.push(message));
    const reaching = await addTick(db, 'eurusd', 1.1012);
    const [outcome, ...others] = await runOrderTriggers(db, [reaching], Date.now(), { bus });
    expect(others).toEqual([]);
    expect(outcome!.order).toMatchObject({ id: order.id, status: 'triggered' });
    expect(outcome!.bet).toMatchObject({ open_rate: 1.1012, open_rate_id: reaching.id, amount: 10, direction: 'up', status: 'open' });
    expect(outcome!.notification.title).toContain('EUR/USD');
    expect(messages.map((m) => m.type)).toEqual(['order', 'bet', 'wallets', 'notification', 'notification']);

    // Later ticks, and the same tick again (a second runner), place nothing more.
    const after = await addTick(db, 'eurusd', 1.102);
    expect(await runOrderTriggers(db, [reaching, after], Date.now())).toEqual([]);
    expect(await bets(trader.userId)).toHaveLength(1);
    expect((await orderRow(order.id)).bet_id).toBe(outcome!.bet!.id);
    expect(await balanceCents(db, trader.userId)).toBe(1_000_000 - 1000);
    expect(await ledgerSumCents(db, trader.userId)).toBe(await balanceCents(db, trader.userId));
    const stored = await db.selectFrom('notifications').select(['display', 'message_key']).where('user_id', '=', trader.userId).execute();
    expect(stored).toContainEqual({ display: 'inner', message_key: 'trading.order.triggered' });
  });

  test('below the price waits for a tick at or under its level', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const order = await create(trader.cookie, priceOrder(1.099, { direction: 'down' }));
    expect(order.trigger).toBe('at_or_below');
    expect(await runOrderTriggers(db, [await addTick(db, 'eurusd', 1.1003)], Date.now())).toEqual([]);
    const [outcome] = await runOrderTriggers(db, [await addTick(db, 'eurusd', 1.099)], Date.now());
    expect(outcome!.bet).toMatchObject({ open_rate: 1.099, direction: 'down' });
  });

  test('two runners on the same tick at once place it once', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    await create(trader.cookie, priceOrder(1.1001));
    const tick = await addTick(db, 'eurusd', 1.1002);
    const results = await Promise.all([runOrderTriggers(db, [tick], Date.now()), runOrderTriggers(db, [tick], Date.now())]);
    expect(results.flat().filter((o) => o.bet)).toHaveLength(1);
    expect(await bets(trader.userId)).toHaveLength(1);
  });
});

describe('a time order', () => {
  test('becomes a bet on the first tick at or after its time, once', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const at = Date.now() + 1000;
    const order = await create(trader.cookie, timeOrder(at));
    expect(order).toMatchObject({ kind: 'time', at: new Date(at).toISOString(), level: null });

    expect(await runOrderTriggers(db, [await addTick(db, 'eurusd', 1.1001, at - 10)], Date.now())).toEqual([]);
    const onTime = await addTick(db, 'eurusd', 1.1002, at + 5);
    const [outcome] = await runOrderTriggers(db, [onTime], Date.now());
    expect(outcome!.bet).toMatchObject({ open_rate_id: onTime.id, open_rate: 1.1002 });
    expect(await runOrderTriggers(db, [await addTick(db, 'eurusd', 1.1003, at + 1000)], Date.now())).toEqual([]);
    expect(await bets(trader.userId)).toHaveLength(1);
  });

  test('whose first tick comes too late is missed, not placed at a price the trader never chose', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const at = Date.now() + 500;
    await create(trader.cookie, timeOrder(at));
    const late = await addTick(db, 'eurusd', 1.1, at + MISSED_AFTER_MS + 1000);
    const [outcome] = await runOrderTriggers(db, [late], at + MISSED_AFTER_MS + 1000);
    expect(outcome!.order.status).toBe('missed');
    expect(await bets(trader.userId)).toHaveLength(0);
  });
});

describe('an order that never triggers', () => {
  test('cancelled: never placed, and cannot be cancelled twice', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const order = await create(trader.cookie, priceOrder(1.1001));
    const cancel = await post(server.app, trader.cookie, `/api/order/${order.id}/cancel`);
    expect(cancel.json().payload.order.status).toBe('cancelled');
    expect(await runOrderTriggers(db, [await addTick(db, 'eurusd', 1.2)], Date.now())).toEqual([]);
    const again = await post(server.app, trader.cookie, `/api/order/${order.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().payload).toMatchObject({ code: 'not_cancellable', message: 'This order is no longer waiting and cannot be cancelled' });
    expect(await bets(trader.userId)).toHaveLength(0);
  });

  test('expired: closed by itself at its expiry, its owner told, even if a later tick meets it', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const order = await create(trader.cookie, priceOrder(1.1001, { expires_at: new Date(Date.now() + 1000).toISOString() }));
    const later = Date.now() + 1500;
    const outcomes = await runOrderTriggers(db, [await addTick(db, 'eurusd', 1.2, later)], later);
    expect(outcomes.map((o) => [o.order.id, o.order.status, o.bet])).toEqual([[order.id, 'expired', undefined]]);
    expect(outcomes[0]!.notification.title).toContain('expired');
    expect(await bets(trader.userId)).toHaveLength(0);
  });
});

describe('a trigger the placement refuses', () => {
  test('for funds: the order is refused with the reason, told, and not tried again', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const order = await create(trader.cookie, priceOrder(1.1001));
    await setDemoBalance(db, trader.userId, 500);
    const [outcome] = await runOrderTriggers(db, [await addTick(db, 'eurusd', 1.1002)], Date.now());
    expect(outcome!.order).toMatchObject({ status: 'refused', reason: 'Not enough money on the wallet' });
    expect(outcome!.notification).toMatchObject({ type: 'danger', display: 'inner' });
    expect(outcome!.notification.title).toContain('Not enough money on the wallet');
    await setDemoBalance(db, trader.userId, 100_000);
    expect(await runOrderTriggers(db, [await addTick(db, 'eurusd', 1.1003)], Date.now())).toEqual([]);
    expect(await bets(trader.userId)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe('refused');
    const list = await server.app.inject({ method: 'GET', url: '/api/order/list', headers: { ...XHR, cookie: trader.cookie, 'accept-language': 'ru' } });
    expect(list.json().payload.orders[0]).toMatchObject({ id: order.id, status: 'refused', reason: 'Недостаточно средств на счёте' });
  });
});

describe('bad input', () => {
  test('each is refused with a translated reason and stores nothing', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    const other = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const theirs = await create(other.cookie, priceOrder(1.2));
    const past = new Date(Date.now() - 1000).toISOString();
    const cases: [object, number, string, string][] = [
      [priceOrder(-1), 422, 'level', 'Enter a price above zero'],
      [priceOrder(1.1), 422, 'level', 'The price is at this level now: choose a level above or below it'],
      [timeOrder(Date.now() - 1000), 422, 'at', 'This time has already passed'],
      [priceOrder(1.2, { expires_at: past }), 422, 'expires_at', 'The order must stay valid for some time from now'],
      [timeOrder(Date.now() + 60_000, { expires_at: new Date(Date.now() + 30_000).toISOString() }), 422, 'expires_at', 'The order would expire before its time comes'],
      [priceOrder(1.2, { pair_id: 'nosuch' }), 422, 'pair_id', 'There is no such currency pair'],
      [priceOrder(1.2, { wallet_type: 'gold' as never }), 422, 'wallet_type', ''],
      [priceOrder(1.2, { interval: 7 }), 422, 'interval', 'Choose one of the offered durations'],
      [priceOrder(1.2, { amount: -5 }), 422, 'amount', ''],
    ];
    for (const [body, status, field, message] of cases) {
      const response = await post(server.app, trader.cookie, '/api/order/create', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const fields = response.json().payload.fields as Record<string, string>;
      expect(fields[field], JSON.stringify(body)).toBeTruthy();
      if (message) expect(fields[field]).toBe(message);
    }
    const unknown = await post(server.app, trader.cookie, '/api/order/999999/cancel');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().payload.message).toBe('There is no such order');
    const someoneElses = await post(server.app, trader.cookie, `/api/order/${theirs.id}/cancel`);
    expect(someoneElses.statusCode).toBe(404);
    expect((await orderRow(theirs.id)).status).toBe('pending');
    expect((await post(server.app, trader.cookie, '/api/order/abc/cancel')).statusCode).toBe(422);
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', trader.userId).execute()).toEqual([]);
  });

  test('too many pending orders: the next one is refused (translated) until one closes', async () => {
    const { db } = server.database;
    const trader = await signUp(server.app);
    await addTick(db, 'eurusd', 1.1);
    const max = server.config.limits.maxPendingOrders;
    const made: Order[] = [];
    for (let i = 0; i < max; i += 1) made.push(await create(trader.cookie, priceOrder(1.2 + i / 1000)));
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { ...XHR, cookie: trader.cookie, 'accept-language': 'ru' },
      payload: priceOrder(1.3),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload).toMatchObject({ code: 'limit_reached', message: `Можно держать не больше ${max} отложенных ордеров` });
    await post(server.app, trader.cookie, `/api/order/${made[0]!.id}/cancel`);
    await create(trader.cookie, priceOrder(1.3));
    const list = await server.app.inject({ method: 'GET', url: '/api/order/list', headers: { ...XHR, cookie: trader.cookie } });
    const orders = list.json().payload.orders as Order[];
    expect(orders.filter((o) => o.status === 'pending')).toHaveLength(max);
    expect(orders.at(-1)).toMatchObject({ id: made[0]!.id, status: 'cancelled' });
  });
});
