import { expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { alertsMachine, type AlertsEvent } from '../../../src/machines/alerts/alerts.machine';
import { selectAlertDeleting, selectAlerts, selectAlertsFailed, selectAlertsProblem, selectAlertSubmitting } from '../../../src/machines/alerts/alerts.selectors';
import type { Alert, CreateAlertRequest } from '../../../src/api/contract/alerts';
import { ApiError } from '../../../src/api/client';
import { activeAlert, everyAlert } from '../../msw/orders-fixtures';

const request: CreateAlertRequest = { pair_id: 'eurusd', direction: 'below', level: 1.08, repeat: 'every' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function start(load: () => Promise<Alert[]> = async () => [activeAlert]) {
  const calls = { create: [] as CreateAlertRequest[], remove: [] as number[] };
  const create = deferred<Alert>();
  const remove = deferred<Alert>();
  const actor = createActor(
    alertsMachine.provide({
      actors: {
        loadAlerts: fromPromise(load),
        createAlert: fromPromise(({ input }: { input: CreateAlertRequest }) => (calls.create.push(input), create.promise)),
        deleteAlert: fromPromise(({ input }: { input: { id: number } }) => (calls.remove.push(input.id), remove.promise)),
      },
    }),
  ).start();
  return { actor, calls, create, remove, snapshot: () => actor.getSnapshot() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('reads the alerts, sets a new one first, deletes one, and marks one fired from the socket', async () => {
  const { actor, calls, create, remove, snapshot } = start();
  await settle();
  actor.send({ type: 'alert.submit', request });
  expect(selectAlertSubmitting(snapshot())).toBe(true);
  expect(calls.create).toEqual([request]);
  create.resolve(everyAlert);
  await settle();
  expect(selectAlerts(snapshot()).map((a) => a.id)).toEqual([everyAlert.id, activeAlert.id]);

  actor.send({ type: 'realtime.message', message: { type: 'alert', alert: { ...activeAlert, status: 'fired', fired_count: 1 } } });
  expect(selectAlerts(snapshot())[1]).toMatchObject({ status: 'fired', fired_count: 1 });

  actor.send({ type: 'alert.delete', id: everyAlert.id });
  expect(selectAlertDeleting(snapshot())).toBe(everyAlert.id);
  remove.resolve(everyAlert);
  await settle();
  expect(selectAlerts(snapshot()).map((a) => a.id)).toEqual([activeAlert.id]);
  // News that the deleted alert fired, come after its delete answered, does not bring it back.
  actor.send({ type: 'realtime.message', message: { type: 'alert', alert: { ...everyAlert, fired_count: everyAlert.fired_count + 1 } } });
  expect(selectAlerts(snapshot()).map((a) => a.id)).toEqual([activeAlert.id]);
});

test('the socket saying an alert fired before the create call answers keeps it fired', async () => {
  // A level a hair from the price fires on the next tick: the socket can beat the create answer.
  const read = deferred<Alert[]>();
  const { actor, create, snapshot } = start(() => read.promise);
  actor.send({ type: 'realtime.message', message: { type: 'alert', alert: { ...activeAlert, status: 'fired', fired_count: 1 } } });
  read.resolve([activeAlert]);
  await settle();
  expect(selectAlerts(snapshot()).map((a) => [a.id, a.status])).toEqual([[activeAlert.id, 'fired']]);
  actor.send({ type: 'alert.submit', request });
  actor.send({ type: 'realtime.message', message: { type: 'alert', alert: { ...everyAlert, fired_count: everyAlert.fired_count + 1 } } });
  create.resolve(everyAlert);
  await settle();
  expect(selectAlerts(snapshot()).map((a) => [a.id, a.fired_count])).toEqual([
    [everyAlert.id, everyAlert.fired_count + 1],
    [activeAlert.id, 1],
  ]);
});

test('a refusal keeps the list and shows the reason next to its field', async () => {
  const { actor, create, snapshot } = start();
  await settle();
  actor.send({ type: 'alert.submit', request });
  create.reject(new ApiError('validation', { message: 'Please check the form', status: 422, fields: { level: 'The price is already at or below this level: choose a lower one' } }));
  await settle();
  expect(selectAlertsProblem(snapshot())?.fields?.level).toMatch(/already/);
  expect(selectAlerts(snapshot())).toEqual([activeAlert]);
});

test('back after a lost connection, the list is read again: an alert that fired meanwhile shows it', async () => {
  const reads = [deferred<Alert[]>(), deferred<Alert[]>()];
  let call = 0;
  const { actor, snapshot } = start(() => reads[call++]!.promise);
  reads[0]!.resolve([activeAlert, everyAlert]);
  await settle();
  actor.send({ type: 'connection.back' });
  expect(call).toBe(2);
  // News while reading is kept over the list's older copy: a copy that fired fewer times is not applied.
  const firedTwice = { ...everyAlert, fired_count: everyAlert.fired_count + 2 };
  actor.send({ type: 'realtime.message', message: { type: 'alert', alert: firedTwice } });
  reads[1]!.resolve([{ ...activeAlert, status: 'fired', fired_count: 1 }, { ...everyAlert, fired_count: everyAlert.fired_count + 1 }]);
  await settle();
  expect(selectAlerts(snapshot()).map((a) => [a.id, a.status, a.fired_count])).toEqual([
    [activeAlert.id, 'fired', 1],
    [everyAlert.id, everyAlert.status, firedTwice.fired_count],
  ]);
  expect(snapshot().value).toEqual({ ready: { list: 'current', form: 'idle' } });
});

test('a refusal goes once the trader edits the form, and a new submission replaces it', async () => {
  const { actor, create, snapshot } = start();
  await settle();
  actor.send({ type: 'alert.submit', request });
  create.reject(new ApiError('validation', { message: 'Please check the form', status: 422, fields: { level: 'Choose a lower level' } }));
  await settle();
  expect(selectAlertsProblem(snapshot())).not.toBeNull();
  actor.send({ type: 'alert.edit' });
  expect(selectAlertsProblem(snapshot())).toBeNull();
  // Sent again, refused again (the same answer), then sent once more: the refusal goes as it leaves.
  actor.send({ type: 'alert.submit', request });
  await settle();
  expect(selectAlertsProblem(snapshot())).not.toBeNull();
  actor.send({ type: 'alert.submit', request });
  expect(selectAlertsProblem(snapshot())).toBeNull();
});

test('every state is reached by a path of the graph, and replaying it on a live actor ends there', async () => {
  const events = [
    { type: 'xstate.done.actor.loadAlerts', output: [activeAlert] },
    { type: 'xstate.error.actor.loadAlerts', error: new Error('down') },
    { type: 'alerts.retry' },
    { type: 'alert.submit', request },
    { type: 'alert.delete', id: activeAlert.id },
    { type: 'connection.back' },
    { type: 'xstate.done.actor.reloadAlerts', output: [activeAlert] },
    { type: 'xstate.error.actor.reloadAlerts', error: new Error('down') },
  ] as unknown as AlertsEvent[];
  const paths = getShortestPaths(alertsMachine, { events });
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  const ready = ['idle', 'submitting', 'deleting'].flatMap((form) =>
    ['current', 'reloading'].map((list) => JSON.stringify({ ready: { list, form } })),
  );
  expect(reached).toEqual(new Set(['"loading"', '"failed"', ...ready]));
  for (const path of paths) {
    let read = deferred<Alert[]>();
    const { actor, snapshot } = start(() => read.promise);
    for (const step of path.steps) {
      const type = step.event.type as string;
      if (/^xstate\.done\.actor\.(re)?loadAlerts$/.test(type)) read.resolve([activeAlert]);
      else if (/^xstate\.error\.actor\.(re)?loadAlerts$/.test(type)) read.reject(new Error('down'));
      else if (type === 'alerts.retry' || type === 'connection.back') read = deferred();
      if (type.startsWith('xstate.')) {
        if (type !== 'xstate.init') await settle();
      } else actor.send(step.event);
    }
    expect(JSON.stringify(snapshot().value)).toBe(JSON.stringify(path.state.value));
    expect(selectAlertsFailed(snapshot())).toBe(path.state.value === 'failed');
  }
});
