import { afterEach, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Bet, BetListPayload, CloseBetRequest } from '../../../src/api/contract/bets';
import { betsMachine, CLOSED_SHOWN_MS, QUOTE_SHOWN_MS, type BetsEvent } from '../../../src/machines/bets/bets.machine';
import { selectClosedBets, selectOpenBets } from '../../../src/machines/bets/bets.selectors';
import { makeBet, T0 } from './trading-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

const open = makeBet({ id: 7 });
const sold = makeBet({ id: 7, status: 'closed', close_rate: 1.0852, close_rate_id: 301, closed_at: new Date(T0 + 5000).toISOString(), profit: 2.4 });
const quote = (quoteId: number, amount: number) => ({ type: 'close.quotes', quotes: [{ bet_id: 7, quote_id: quoteId, amount, rate: 1.0852, expires_at: T0 + 5000 }] }) as const;
const refusal = Object.assign(new Error('stale'), { code: 'stale_rate', message: 'The offer has changed' });

/** The bets machine with one open bet, a clock the test moves, and a fake sale that answers `answer`. */
function start(options: { confirmClose?: boolean; answer?: (request: CloseBetRequest) => Promise<Bet> } = {}) {
  let now = T0;
  const sales: { request: CloseBetRequest; idempotencyKey: string }[] = [];
  const machine = betsMachine.provide({
    actors: {
      loadBets: fromPromise(async (): Promise<BetListPayload> => ({ opened: [open], closed: [] })),
      closeBet: fromPromise(async ({ input }: { input: { request: CloseBetRequest; idempotencyKey: string } }) => {
        sales.push(input);
        return (options.answer ?? (async () => sold))(input.request);
      }),
    },
    actions: { playSound: () => undefined },
  });
  let keys = 0;
  const actor = createActor(machine, {
    input: { walletType: 'demo', now: () => now, confirmClose: options.confirmClose ?? true, createKey: () => `key-${++keys}` },
  }).start();
  const send = (event: BetsEvent) => actor.send(event);
  const view = () => selectOpenBets(actor.getSnapshot())[0]?.close;
  return { actor, send, sales, view, advance: (ms: number) => (now += ms) };
}

test('no offer, no close: the button waits for a live quote, which lapses when offers stop coming', async () => {
  const { actor, send, view, sales, advance } = start();
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  expect(view()).toEqual({ phase: 'unavailable', amount: null, error: null, oneClick: false });
  send({ type: 'close.request', betId: 7 });
  expect(actor.getSnapshot().matches({ close: 'idle' })).toBe(true);
  send(quote(300, 12.5));
  expect(view()).toEqual({ phase: 'offered', amount: 12.5, error: null, oneClick: false });
  advance(QUOTE_SHOWN_MS);
  send({ type: 'clock.tick', now: T0 + QUOTE_SHOWN_MS });
  expect(view()?.phase).toBe('unavailable');
  expect(sales).toEqual([]);
});

test('confirmed, the sale takes the latest offer under a fresh key; the sold bet joins the closed ones', async () => {
  const { actor, send, view, sales } = start();
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  send(quote(300, 12.5));
  send({ type: 'close.request', betId: 7 });
  expect(view()).toEqual({ phase: 'confirming', amount: 12.5, error: null, oneClick: false });
  send(quote(301, 12.4)); // the offer moves while the trader reads it
  expect(view()?.amount).toBe(12.4);
  send({ type: 'close.confirm' });
  expect(sales).toEqual([{ request: { bet_id: 7, quote_id: 301 }, idempotencyKey: 'key-1' }]);
  await waitFor(actor, (s) => s.matches({ close: 'closed' }));
  expect(selectOpenBets(actor.getSnapshot())).toEqual([]);
  expect(selectClosedBets(actor.getSnapshot())).toMatchObject([{ id: 7, status: 'closed' }]);
  expect(actor.getSnapshot().context.results).toMatchObject([{ id: 7, status: 'closed' }]);
});

test('cancelled, nothing is sold; in one-click mode the request sells at once', async () => {
  const asking = start();
  await waitFor(asking.actor, (s) => s.matches({ list: 'ready' }));
  asking.send(quote(300, 12.5));
  asking.send({ type: 'close.request', betId: 7 });
  asking.send({ type: 'close.cancel' });
  expect(asking.view()?.phase).toBe('offered');
  expect(asking.sales).toEqual([]);

  const oneClick = start({ confirmClose: false });
  await waitFor(oneClick.actor, (s) => s.matches({ list: 'ready' }));
  oneClick.send(quote(300, 12.5));
  oneClick.send({ type: 'close.request', betId: 7 });
  expect(oneClick.view()).toEqual({ phase: 'closing', amount: 12.5, error: null, oneClick: true });
  await waitFor(oneClick.actor, (s) => s.matches({ close: 'closed' }));
  expect(oneClick.sales).toHaveLength(1);
});

test('a refusal shows its translated reason on the bet; asking again goes with a new key', async () => {
  let attempts = 0;
  const { actor, send, view, sales } = start({
    confirmClose: false,
    answer: async () => {
      attempts += 1;
      if (attempts === 1) throw refusal;
      return sold;
    },
  });
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  send(quote(300, 12.5));
  send({ type: 'close.request', betId: 7 });
  await waitFor(actor, (s) => s.matches({ close: 'refused' }));
  expect(view()).toEqual({ phase: 'refused', amount: 12.5, error: 'The offer has changed', oneClick: true });
  expect(selectOpenBets(actor.getSnapshot())).toHaveLength(1);
  send(quote(302, 12.3));
  send({ type: 'close.request', betId: 7 });
  await waitFor(actor, (s) => s.matches({ close: 'closed' }));
  expect(sales.map((sale) => sale.idempotencyKey)).toEqual(['key-1', 'key-2']);
  expect(sales[1]!.request.quote_id).toBe(302);
});

test('a bet settled while its close is being confirmed leaves the confirmation; "closed" clears by itself', async () => {
  vi.useFakeTimers();
  const { actor, send } = start({ confirmClose: true });
  await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
  send(quote(300, 12.5));
  send({ type: 'close.request', betId: 7 });
  send({ type: 'bet.update', bet: { ...open, status: 'won', close_rate: 1.09, close_rate_id: 400, closed_at: new Date(T0 + 30_000).toISOString(), profit: 8.5 } });
  expect(actor.getSnapshot().matches({ close: 'idle' })).toBe(true);

  const oneClick = start({ confirmClose: false });
  await vi.waitFor(() => expect(oneClick.actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
  oneClick.send(quote(300, 12.5));
  oneClick.send({ type: 'close.request', betId: 7 });
  await vi.waitFor(() => expect(oneClick.actor.getSnapshot().matches({ close: 'closed' })).toBe(true));
  vi.advanceTimersByTime(CLOSED_SHOWN_MS);
  expect(oneClick.actor.getSnapshot().matches({ close: 'idle' })).toBe(true);
});

const closeOf = (value: unknown) => (value as { close: string }).close;

/**
 * Walks the close region: its shortest paths from a live snapshot with the list loaded and an
 * offer held (the sale's answers are the invoked actor's done and error events), each replayed on
 * a live actor whose own sale answers where the graph sent its done or error event. Returns the
 * close states the paths end in; `replayed` sees each replay's end and its sales.
 */
async function walkCloseRegion(confirmClose: boolean, replayed: (end: string, sales: ReturnType<typeof start>['sales']) => void = () => undefined) {
  const { actor: loaded, send: sendLoaded } = start({ confirmClose });
  await waitFor(loaded, (s) => s.matches({ list: 'ready' }));
  sendLoaded(quote(300, 12.5));
  const events = [
    { type: 'close.request', betId: 7 },
    { type: 'close.confirm' },
    { type: 'close.cancel' },
    { type: 'close.dismiss' },
    { type: 'xstate.done.actor.closeBet', output: sold },
    { type: 'xstate.error.actor.closeBet', error: refusal },
  ] as unknown as BetsEvent[];
  const paths = getShortestPaths(betsMachine, {
    events,
    fromState: loaded.getSnapshot(),
    serializeState: (state: { value: unknown }) => JSON.stringify(state.value),
  } as never);

  const answers = { done: async () => sold, error: async () => Promise.reject(refusal), hang: () => new Promise<Bet>(() => undefined) };
  for (const path of paths) {
    const ends = path.steps.map((step) => step.event.type as string);
    const answer = ends.includes('xstate.error.actor.closeBet') ? answers.error : ends.includes('xstate.done.actor.closeBet') ? answers.done : answers.hang;
    const { actor, send, sales } = start({ confirmClose, answer });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    send(quote(300, 12.5));
    for (const step of path.steps) {
      if (!(step.event.type as string).startsWith('xstate.')) send(step.event);
    }
    await waitFor(actor, (s) => closeOf(s.value) === closeOf(path.state.value));
    replayed(closeOf(path.state.value), sales);
  }
  return new Set(paths.map((path) => closeOf(path.state.value)));
}

test('every state of the close region is reached by a path of the graph, and replaying it on a live actor ends there', async () => {
  expect(await walkCloseRegion(true)).toEqual(new Set(['idle', 'confirming', 'closing', 'closed', 'refused']));
});

test('the one-click switch changes the close at once: off, the request asks; on again, it sells', async () => {
  const { actor, send, view, sales } = start({ confirmClose: false });
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  send(quote(300, 12.5));
  expect(view()).toEqual({ phase: 'offered', amount: 12.5, error: null, oneClick: true });
  send({ type: 'close.confirmation', ask: true });
  expect(view()?.oneClick).toBe(false);
  send({ type: 'close.request', betId: 7 });
  expect(view()?.phase).toBe('confirming');
  send({ type: 'close.cancel' });
  send({ type: 'close.confirmation', ask: false });
  send({ type: 'close.request', betId: 7 });
  expect(view()).toEqual({ phase: 'closing', amount: 12.5, error: null, oneClick: true });
  await waitFor(actor, (s) => s.matches({ close: 'closed' }));
  expect(sales).toHaveLength(1);
});

test('in one-click mode the paths of the close region never ask: quote, closing, then closed or refused', async () => {
  const reached = await walkCloseRegion(false, (end, sales) => {
    // Every path that sold went with the offer on screen, one sale per request.
    if (end !== 'idle') expect(sales[0]?.request).toEqual({ bet_id: 7, quote_id: 300 });
  });
  expect(reached).toEqual(new Set(['idle', 'closing', 'closed', 'refused']));
});
