import { expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ordersMachine, type OrdersEvent } from '../../../src/machines/orders/orders.machine';
import {
  selectOrderCancelling,
  selectOrders,
  selectOrdersFailed,
  selectOrdersProblem,
  selectOrderSubmitting,
} from '../../../src/machines/orders/orders.selectors';
import type { CreateOrderRequest, Order } from '../../../src/api/contract/orders';
import { ApiError } from '../../../src/api/client';
import { pendingPriceOrder, pendingTimeOrder, triggeredOrder } from '../../msw/orders-fixtures';

const request: CreateOrderRequest = {
  kind: 'price',
  level: 1.09,
  wallet_type: 'demo',
  pair_id: 'eurusd',
  direction: 'up',
  amount: 10,
  interval: 60,
  expires_at: '2026-11-27T09:00:00.000Z',
};

/** Calls that answer when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function start(load: () => Promise<Order[]> = async () => [pendingPriceOrder]) {
  const calls = { create: [] as CreateOrderRequest[], cancel: [] as number[] };
  let create = deferred<Order>();
  let cancel = deferred<Order>();
  const actor = createActor(
    ordersMachine.provide({
      actors: {
        loadOrders: fromPromise(load),
        createOrder: fromPromise(({ input }: { input: CreateOrderRequest }) => (calls.create.push(input), create.promise)),
        cancelOrder: fromPromise(({ input }: { input: { id: number } }) => (calls.cancel.push(input.id), cancel.promise)),
      },
    }),
  ).start();
  return {
    actor,
    calls,
    create: () => create,
    cancel: () => cancel,
    renew: () => ((create = deferred()), (cancel = deferred())),
    snapshot: () => actor.getSnapshot(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('reads the orders, sends a new one and puts it first; a refusal keeps the list and shows the reason', async () => {
  const { actor, calls, create, snapshot, renew } = start();
  await settle();
  expect(selectOrders(snapshot())).toEqual([pendingPriceOrder]);
  actor.send({ type: 'order.submit', request });
  expect(selectOrderSubmitting(snapshot())).toBe(true);
  expect(calls.create).toEqual([request]);
  create().resolve(pendingTimeOrder);
  await settle();
  expect(selectOrders(snapshot()).map((o) => o.id)).toEqual([pendingTimeOrder.id, pendingPriceOrder.id]);
  renew();
  actor.send({ type: 'order.submit', request });
  create().reject(new ApiError('validation', { message: 'Please check the form', status: 422, fields: { level: 'Enter a price above zero' } }));
  await settle();
  expect(selectOrdersProblem(snapshot())).toMatchObject({ code: 'validation', fields: { level: 'Enter a price above zero' } });
  expect(selectOrders(snapshot())).toHaveLength(2);
});

test('cancels a pending order and applies what the server reached over the socket', async () => {
  const { actor, calls, cancel, snapshot } = start(async () => [pendingPriceOrder, pendingTimeOrder]);
  await settle();
  actor.send({ type: 'order.cancel', id: pendingTimeOrder.id });
  expect(selectOrderCancelling(snapshot())).toBe(pendingTimeOrder.id);
  expect(calls.cancel).toEqual([pendingTimeOrder.id]);
  cancel().resolve({ ...pendingTimeOrder, status: 'cancelled' });
  await settle();
  expect(selectOrderCancelling(snapshot())).toBeNull();
  expect(selectOrders(snapshot()).map((o) => [o.id, o.status])).toEqual([
    [pendingPriceOrder.id, 'pending'],
    [pendingTimeOrder.id, 'cancelled'],
  ]);
  actor.send({ type: 'realtime.message', message: { type: 'order', order: { ...triggeredOrder, id: pendingPriceOrder.id } } });
  expect(selectOrders(snapshot()).map((o) => o.status)).toEqual(['triggered', 'cancelled']);
  // Other messages, and a malformed order, change nothing.
  actor.send({ type: 'realtime.message', message: { type: 'order', order: { id: 'x' } } });
  actor.send({ type: 'realtime.message', message: { type: 'pong' } });
  expect(selectOrders(snapshot())).toHaveLength(2);
});

test('the socket saying an order triggered before the create call answers keeps it triggered', async () => {
  // A level a hair from the price triggers on the next tick: the socket can beat the create answer.
  const read = deferred<Order[]>();
  const { actor, create, snapshot } = start(() => read.promise);
  const fired = { ...triggeredOrder, id: pendingTimeOrder.id };
  actor.send({ type: 'realtime.message', message: { type: 'order', order: { ...triggeredOrder, id: pendingPriceOrder.id } } });
  read.resolve([pendingPriceOrder]);
  await settle();
  expect(selectOrders(snapshot()).map((o) => [o.id, o.status])).toEqual([[pendingPriceOrder.id, 'triggered']]);
  actor.send({ type: 'order.submit', request });
  actor.send({ type: 'realtime.message', message: { type: 'order', order: fired } });
  create().resolve(pendingTimeOrder);
  await settle();
  expect(selectOrders(snapshot()).map((o) => [o.id, o.status])).toEqual([
    [pendingTimeOrder.id, 'triggered'],
    [pendingPriceOrder.id, 'triggered'],
  ]);
});

test('back after a lost connection, the list is read again: an order that triggered meanwhile is no longer pending', async () => {
  const reads = [deferred<Order[]>(), deferred<Order[]>()];
  let call = 0;
  const { actor, snapshot } = start(() => reads[call++]!.promise);
  reads[0]!.resolve([pendingPriceOrder, pendingTimeOrder]);
  await settle();
  actor.send({ type: 'connection.back' });
  expect(call).toBe(2);
  // The form stays in use while the list is on its way.
  actor.send({ type: 'order.submit', request });
  expect(selectOrderSubmitting(snapshot())).toBe(true);
  // News while reading is kept over the list's older copy: a closed order is not made pending again.
  actor.send({ type: 'realtime.message', message: { type: 'order', order: { ...pendingTimeOrder, status: 'cancelled' } } });
  reads[1]!.resolve([{ ...triggeredOrder, id: pendingPriceOrder.id }, pendingTimeOrder]);
  await settle();
  expect(selectOrders(snapshot()).map((o) => [o.id, o.status])).toEqual([
    [pendingPriceOrder.id, 'triggered'],
    [pendingTimeOrder.id, 'cancelled'],
  ]);
  expect(snapshot().value).toEqual({ ready: { list: 'current', form: 'submitting' } });
});

test('a list that cannot be read again keeps what it has; one that could not be read at all is read once the connection is back', async () => {
  let fail = false;
  const { actor, snapshot } = start(async () => {
    if (fail) throw new ApiError('internal', { message: 'Internal server error', status: 500 });
    return [pendingPriceOrder];
  });
  await settle();
  fail = true;
  actor.send({ type: 'connection.back' });
  await settle();
  expect(selectOrders(snapshot())).toEqual([pendingPriceOrder]);
  expect(selectOrdersProblem(snapshot())).toBeNull();
  expect(snapshot().value).toEqual({ ready: { list: 'current', form: 'idle' } });

  const offline = start(async () => {
    if (fail) throw new ApiError('internal', { message: 'Internal server error', status: 500 });
    return [pendingPriceOrder];
  });
  await settle();
  expect(selectOrdersFailed(offline.snapshot())).toBe(true);
  fail = false;
  offline.actor.send({ type: 'connection.back' });
  await settle();
  expect(selectOrders(offline.snapshot())).toEqual([pendingPriceOrder]);
});

test('a refusal goes once the trader edits the form, and a new submission replaces it', async () => {
  const { actor, create, snapshot, renew } = start();
  await settle();
  const refuse = () => {
    actor.send({ type: 'order.submit', request });
    create().reject(new ApiError('validation', { message: 'Please check the form', status: 422, fields: { level: 'Enter a price above zero' } }));
    return settle();
  };
  await refuse();
  expect(selectOrdersProblem(snapshot())).not.toBeNull();
  actor.send({ type: 'order.edit' });
  expect(selectOrdersProblem(snapshot())).toBeNull();
  renew();
  await refuse();
  renew();
  actor.send({ type: 'order.submit', request });
  expect(selectOrdersProblem(snapshot())).toBeNull();
});

test('a list that cannot be read shows the failure until the trader tries again', async () => {
  let fail = true;
  const { actor, snapshot } = start(async () => {
    if (fail) throw new ApiError('internal', { message: 'Internal server error', status: 500 });
    return [];
  });
  await settle();
  expect(selectOrdersFailed(snapshot())).toBe(true);
  fail = false;
  actor.send({ type: 'orders.retry' });
  await settle();
  expect(snapshot().value).toEqual({ ready: { list: 'current', form: 'idle' } });
});

test('every state is reached by a path of the graph, and replaying it on a live actor ends there', async () => {
  const events = [
    { type: 'xstate.done.actor.loadOrders', output: [pendingPriceOrder] },
    { type: 'xstate.error.actor.loadOrders', error: new Error('down') },
    { type: 'orders.retry' },
    { type: 'order.submit', request },
    { type: 'order.cancel', id: pendingPriceOrder.id },
    { type: 'connection.back' },
    { type: 'xstate.done.actor.reloadOrders', output: [pendingPriceOrder] },
    { type: 'xstate.error.actor.reloadOrders', error: new Error('down') },
  ] as unknown as OrdersEvent[];
  const paths = getShortestPaths(ordersMachine, { events });
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  const ready = ['idle', 'submitting', 'cancelling'].flatMap((form) =>
    ['current', 'reloading'].map((list) => JSON.stringify({ ready: { list, form } })),
  );
  expect(reached).toEqual(new Set(['"loading"', '"failed"', ...ready]));
  for (const path of paths) {
    // Each read answers as the path says, when the path says.
    let read = deferred<Order[]>();
    const { actor, snapshot } = start(() => read.promise);
    for (const step of path.steps) {
      const type = step.event.type as string;
      if (/^xstate\.done\.actor\.(re)?loadOrders$/.test(type)) read.resolve([pendingPriceOrder]);
      else if (/^xstate\.error\.actor\.(re)?loadOrders$/.test(type)) read.reject(new Error('down'));
      else if (type === 'orders.retry' || type === 'connection.back') read = deferred();
      if (type.startsWith('xstate.')) {
        if (type !== 'xstate.init') await settle();
      } else actor.send(step.event);
    }
    expect(JSON.stringify(snapshot().value)).toBe(JSON.stringify(path.state.value));
  }
});
