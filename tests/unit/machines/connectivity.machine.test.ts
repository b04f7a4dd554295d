import { afterEach, expect, test, vi } from 'vitest';
import { createActor, sendTo, setup } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { BACK_NOTICE_MS, connectivityMachine, type ConnectivityEvent } from '../../../src/machines/connectivity/connectivity.machine';
import { selectConnectivity, selectDisconnected } from '../../../src/machines/connectivity/connectivity.selectors';

afterEach(() => {
  vi.useRealTimers();
});

/** The machine under a parent that counts the `connectivity.back` it is told. */
function start() {
  const told: string[] = [];
  const parent = setup({ actors: { connectivity: connectivityMachine } }).createMachine({
    invoke: { id: 'connectivity', src: 'connectivity' },
    on: {
      'connectivity.back': { actions: ({ event }) => told.push(event.type) },
      '*': { actions: sendTo('connectivity', ({ event }) => event) },
    },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.connectivity!;
  const send = (event: ConnectivityEvent) => actor.send(event);
  const state = () => selectConnectivity(child.getSnapshot() as never);
  const disconnected = () => selectDisconnected(child.getSnapshot() as never);
  return { send, state, disconnected, told };
}

test('the first connection and a deliberate close are no news', () => {
  const { send, state, told } = start();
  send({ type: 'socket.status', status: 'connecting' });
  send({ type: 'socket.status', status: 'connected' });
  send({ type: 'socket.status', status: 'closed' });
  send({ type: 'network.changed', online: true });
  expect(state()).toBe('online');
  expect(told).toEqual([]);
});

test('a lost socket is reconnecting until it connects: then back, told once, and online after the notice', () => {
  vi.useFakeTimers();
  const { send, state, disconnected, told } = start();
  send({ type: 'socket.status', status: 'connected' });
  send({ type: 'socket.status', status: 'reconnecting' });
  expect(state()).toBe('reconnecting');
  expect(disconnected()).toBe(true);
  send({ type: 'socket.status', status: 'connected' });
  expect(state()).toBe('back');
  expect(disconnected()).toBe(false);
  expect(told).toEqual(['connectivity.back']);
  vi.advanceTimersByTime(BACK_NOTICE_MS);
  expect(state()).toBe('online');
});

test('without a network it is offline; the network back with the socket alive is back at once, else it waits for the socket', () => {
  const alive = start();
  alive.send({ type: 'socket.status', status: 'connected' });
  alive.send({ type: 'network.changed', online: false });
  expect(alive.state()).toBe('offline');
  // The socket retrying meanwhile does not hide that there is no network.
  alive.send({ type: 'socket.status', status: 'reconnecting' });
  alive.send({ type: 'socket.status', status: 'connected' });
  expect(alive.state()).toBe('back');

  const dropped = start();
  dropped.send({ type: 'socket.status', status: 'connected' });
  dropped.send({ type: 'network.changed', online: false });
  dropped.send({ type: 'network.changed', online: true });
  expect(dropped.state()).toBe('back');

  const lost = start();
  lost.send({ type: 'socket.status', status: 'reconnecting' });
  lost.send({ type: 'network.changed', online: false });
  lost.send({ type: 'network.changed', online: true });
  expect(lost.state()).toBe('reconnecting');
  lost.send({ type: 'socket.status', status: 'connected' });
  expect(lost.state()).toBe('back');
  expect(lost.told).toEqual(['connectivity.back']);
});

test('every state is reached by a path of the graph, and replaying it on a live actor ends there', () => {
  const events: ConnectivityEvent[] = [
    { type: 'network.changed', online: false },
    { type: 'network.changed', online: true },
    { type: 'socket.status', status: 'reconnecting' },
    { type: 'socket.status', status: 'connected' },
  ];
  // The graph walks the machine alone: telling the parent is left out there (the live replay has one).
  const paths = getShortestPaths(connectivityMachine.provide({ actions: { announceBack: () => undefined } }), { events });
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  expect(reached).toEqual(new Set(['"online"', '"offline"', '"reconnecting"', '"back"']));
  for (const path of paths) {
    const { send, state } = start();
    for (const step of path.steps) if ((step.event.type as string) !== 'xstate.init') send(step.event);
    expect(JSON.stringify(state())).toBe(JSON.stringify(path.state.value));
  }
});
