import { describe, expect, test } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Bet } from '../../../src/api/contract/bets';
import { betSlipMachine, RESEND_DELAY_MS } from '../../../src/machines/betSlip/betSlip.machine';
import type { BetSlipEvent, PlaceBetInput } from '../../../src/machines/betSlip/betSlip.machine';
import { decrementStake, incrementStake, winReturn } from '../../../src/machines/betSlip/bet-rules';
import { makeBet, pairList, T0 } from './trading-fixtures';

const eurusd = pairList.items[0]!;
const configure: BetSlipEvent = { type: 'slip.configure', pair: eurusd, platform: pairList.platform };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A slip whose placeBet calls wait until the test settles them; the one-click choices it keeps are recorded. */
function startSlip(input: { confirmBets?: boolean } = {}) {
  const calls: Array<PlaceBetInput & { answer: ReturnType<typeof deferred<Bet>> }> = [];
  const stored: boolean[] = [];
  let keys = 0;
  const machine = betSlipMachine.provide({
    actions: { storeConfirmBets: (_, { on }) => stored.push(on) },
    actors: {
      placeBet: fromPromise(({ input }: { input: PlaceBetInput }) => {
        const answer = deferred<Bet>();
        calls.push({ ...input, answer });
        return answer.promise;
      }),
    },
  });
  const actor = createActor(machine, {
    input: { walletType: 'demo', createKey: () => `key-${++keys}`, now: () => T0, ...input },
  }).start();
  actor.send(configure);
  actor.send({ type: 'slip.wallet', walletType: 'demo', balance: 100 });
  return { actor, calls, stored };
}

describe('bet slip', () => {
  test('the first stake is the first quick amount and the first interval is chosen', () => {
    const { actor } = startSlip();
    const { context } = actor.getSnapshot();
    expect(context.amount).toBe('1');
    expect(context.interval).toBe(30);
    expect(context.errors).toEqual({});
  });

  test('inc buttons add to the stake within the pair limits, in cents', () => {
    expect(incrementStake('0.1', 0.2, eurusd)).toBe('1');
    expect(incrementStake('10.1', 0.2, null)).toBe('10.3');
    expect(incrementStake('990', 50, eurusd)).toBe('1000');
    expect(incrementStake('junk', 5, eurusd)).toBe('5');
    expect(decrementStake('3', 5, eurusd)).toBe('1');
    const { actor } = startSlip();
    actor.send({ type: 'amount.inc', by: 50 });
    actor.send({ type: 'amount.inc', by: 10 });
    expect(actor.getSnapshot().context.amount).toBe('61');
  });

  test('a stake typed with a comma or a point is the same stake on the wire', async () => {
    for (const typed of ['10,5', '10.5', ' 10,50 ']) {
      const { actor, calls } = startSlip();
      actor.send({ type: 'amount.change', value: typed });
      expect(actor.getSnapshot().context.errors.amount).toBeUndefined();
      actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
      await waitFor(actor, () => calls.length === 1);
      expect(calls[0]!.request.amount).toBe(10.5);
    }
  });

  test('end-time mode preselects the nearest end time on sale and moves on when its cutoff passes', () => {
    const { actor } = startSlip();
    const { end_time_step: step, purchase_cutoff: cutoff } = pairList.platform;
    actor.send({ type: 'mode.choose', mode: 'endTime' });
    const first = Date.parse(actor.getSnapshot().context.endTime ?? '');
    expect(first - T0).toBeGreaterThanOrEqual(cutoff * 1000);
    expect(first - T0).toBeLessThan((cutoff + step) * 1000);
    expect(first % (step * 1000)).toBe(0);
    // Still on sale a second later: kept.
    actor.send({ type: 'clock.tick', now: T0 + 1000 });
    expect(Date.parse(actor.getSnapshot().context.endTime ?? '')).toBe(first);
    // Its purchase closed: the next end time, never an empty choice.
    actor.send({ type: 'clock.tick', now: first - cutoff * 1000 + 1 });
    expect(Date.parse(actor.getSnapshot().context.endTime ?? '')).toBe(first + step * 1000);
    // A chosen later time stays while it is on sale.
    const later = new Date(first + 5 * step * 1000).toISOString();
    actor.send({ type: 'endTime.choose', endTime: later });
    actor.send({ type: 'clock.tick', now: first });
    expect(actor.getSnapshot().context.endTime).toBe(later);
  });

  test('the clock does not move the end time of an order being confirmed', () => {
    const { actor } = startSlip();
    actor.send({ type: 'confirm.toggle', on: true });
    actor.send({ type: 'mode.choose', mode: 'endTime' });
    const chosen = actor.getSnapshot().context.endTime;
    actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'clock.tick', now: T0 + 10 * 60_000 });
    expect(actor.getSnapshot().context.endTime).toBe(chosen);
  });

  test('a wrong stake shows why and places nothing', () => {
    const { actor, calls } = startSlip();
    for (const [value, key] of [
      ['', 'trading.slip.error.amount_required'],
      ['1.005', 'trading.slip.error.amount_invalid'],
      ['0.5', 'trading.slip.error.amount_min'],
      ['1000.01', 'trading.slip.error.amount_max'],
      ['150', 'trading.slip.error.balance'],
    ] as const) {
      actor.send({ type: 'amount.change', value });
      expect(actor.getSnapshot().context.errors.amount?.key).toBe(key);
      actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
      expect(actor.getSnapshot().value).toBe('editing');
    }
    expect(calls).toHaveLength(0);
  });

  test('an end time inside the purchase cutoff is refused; one past it is placed with end_time', async () => {
    const { actor, calls } = startSlip();
    actor.send({ type: 'endTime.choose', endTime: new Date(T0 + 20_000).toISOString() });
    actor.send({ type: 'bet.place', direction: 'down', rateId: 100 });
    expect(actor.getSnapshot().context.errors.time).toEqual({
      key: 'trading.slip.error.cutoff',
      params: { seconds: 30 },
    });
    const endTime = new Date(T0 + 120_000).toISOString();
    actor.send({ type: 'endTime.choose', endTime });
    actor.send({ type: 'bet.place', direction: 'down', rateId: 100 });
    expect(calls[0]!.request).toEqual({
      wallet_type: 'demo',
      pair_id: 'eurusd',
      rate_id: 100,
      amount: 1,
      direction: 'down',
      end_time: endTime,
    });
  });

  test('without a rate there is nothing to bet on', () => {
    const { actor, calls } = startSlip();
    actor.send({ type: 'bet.place', direction: 'up', rateId: null });
    expect(actor.getSnapshot().context.errors.rate?.key).toBe('trading.slip.error.no_rate');
    expect(calls).toHaveLength(0);
  });

  test('a double click places one bet with one fresh key; the next click gets a new key', async () => {
    const { actor, calls } = startSlip();
    actor.send({ type: 'amount.change', value: '25.5' });
    actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
    actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      idempotencyKey: 'key-1',
      request: { wallet_type: 'demo', pair_id: 'eurusd', rate_id: 100, amount: 25.5, direction: 'up', interval: 30 },
    });
    calls[0]!.answer.resolve(makeBet({ amount: 25.5 }));
    await waitFor(actor, (s) => s.hasTag('placed'));
    expect(actor.getSnapshot().context.lastBet?.amount).toBe(25.5);
    actor.send({ type: 'bet.place', direction: 'down', rateId: 101 });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.idempotencyKey).toBe('key-2');
  });

  test('the bets statechart hears of the confirmation switch and of a placed bet', async () => {
    const heard: AnyEventObject[] = [];
    const slip = betSlipMachine.provide({
      actions: { storeConfirmBets: () => undefined },
      actors: { placeBet: fromPromise(async () => makeBet({ amount: 3 })) },
    });
    const page = createActor(
      createMachine({
        invoke: [
          { src: fromCallback(({ receive }) => receive((event) => heard.push(event))), systemId: 'bets' },
          { src: slip, systemId: 'slip', input: { walletType: 'demo', now: () => T0 } },
        ],
      }),
    ).start();
    const actor = page.system.get('slip')!;
    actor.send(configure);
    actor.send({ type: 'slip.wallet', walletType: 'demo', balance: 100 });
    actor.send({ type: 'confirm.toggle', on: false });
    actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
    await waitFor(actor, (s) => s.hasTag('placed'));
    expect(heard).toEqual([
      { type: 'close.confirmation', ask: false },
      { type: 'bet.opened', bet: expect.objectContaining({ amount: 3 }) },
    ]);
    page.stop();
  });

  test('a bet whose answer was lost goes again with the same key and request until answered, and no other order starts meanwhile', async () => {
    const { actor, calls } = startSlip();
    actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
    calls[0]!.answer.reject({ code: 'network', message: '' });
    await waitFor(actor, (s) => s.matches({ placing: 'waiting' }));
    expect(actor.getSnapshot().context.answerLost).toBe(true);
    // A click now would be a second order with a new key: it waits for the first one's answer.
    actor.send({ type: 'bet.place', direction: 'down', rateId: 101 });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'connection.back' });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ idempotencyKey: calls[0]!.idempotencyKey, request: calls[0]!.request });
    calls[1]!.answer.reject({ code: 'timeout', message: '' });
    await waitFor(actor, (s) => s.matches({ placing: 'waiting' }));
    // Without news of the connection, the pause alone sends it again.
    await waitFor(actor, () => calls.length === 3, { timeout: RESEND_DELAY_MS + 1000 });
    expect(calls[2]!.idempotencyKey).toBe('key-1');
    calls[2]!.answer.resolve(makeBet());
    await waitFor(actor, (s) => s.hasTag('placed'));
    expect(actor.getSnapshot().context.answerLost).toBe(false);
    actor.send({ type: 'bet.place', direction: 'down', rateId: 102 });
    expect(calls[3]!.idempotencyKey).toBe('key-2');
  });

  test('a refusal keeps the draft and shows the server reason', async () => {
    const { actor, calls } = startSlip();
    actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
    calls[0]!.answer.reject({ code: 'stale_rate', message: 'Курс устарел, попробуйте ещё раз' });
    await waitFor(actor, (s) => s.hasTag('error'));
    expect(actor.getSnapshot().context.problem).toEqual({
      code: 'stale_rate',
      message: 'Курс устарел, попробуйте ещё раз',
    });
    expect(actor.getSnapshot().context.amount).toBe('1');
    actor.send({ type: 'failure.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  test('one-click mode is the kept choice: switched off, it is stored and the next order asks first', () => {
    const { actor, stored } = startSlip({ confirmBets: true });
    expect(actor.getSnapshot().context.confirmBets).toBe(true);
    actor.send({ type: 'confirm.toggle', on: false });
    actor.send({ type: 'confirm.toggle', on: true });
    expect(stored).toEqual([false, true]);
    actor.send({ type: 'bet.place', direction: 'up', rateId: 1 });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  test('with confirmation on, the bet is placed only after confirming', () => {
    const { actor, calls } = startSlip();
    actor.send({ type: 'confirm.toggle', on: true });
    actor.send({ type: 'bet.place', direction: 'up', rateId: 100 });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'bet.cancel' });
    expect(calls).toHaveLength(0);
    actor.send({ type: 'bet.place', direction: 'down', rateId: 100 });
    actor.send({ type: 'bet.confirm' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request.direction).toBe('down');
  });

  test('a winning stake returns the payout rounded down to the cent', () => {
    expect(winReturn(10, 85)).toBe(18.5);
    expect(winReturn(1.01, 87)).toBe(1.88);
  });

  describe('every state is reachable by its shortest path, and replaying it on a live actor ends there', () => {
    const bet = makeBet();
    const events: BetSlipEvent[] = [
      configure,
      { type: 'amount.change', value: '5' },
      { type: 'confirm.toggle', on: true },
      { type: 'confirm.toggle', on: false },
      { type: 'bet.place', direction: 'up', rateId: 100 },
      { type: 'bet.confirm' },
      { type: 'bet.cancel' },
      { type: 'failure.dismiss' },
      { type: 'xstate.done.actor.placeBet', output: bet } as unknown as BetSlipEvent,
      {
        type: 'xstate.error.actor.placeBet',
        error: { code: 'insufficient_funds', message: 'Недостаточно средств' },
      } as unknown as BetSlipEvent,
      { type: 'xstate.error.actor.placeBet', error: { code: 'network', message: '' } } as unknown as BetSlipEvent,
      { type: 'connection.back' },
    ];
    const paths = getShortestPaths(betSlipMachine.provide({ actions: { storeConfirmBets: () => undefined } }), {
      input: { walletType: 'demo', createKey: () => 'graph-key', now: () => T0 },
      events,
      // The parts of the context that decide where an event leads.
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.pair?.id,
          snapshot.context.amount,
          snapshot.context.confirmBets,
        ]),
    });
    // One path per state: the shortest of the paths ending there.
    const shortest = new Map<string, (typeof paths)[number]>();
    for (const path of paths) {
      const name = JSON.stringify(path.state.value);
      const known = shortest.get(name);
      if (!known || path.steps.length < known.steps.length) shortest.set(name, path);
    }
    const reached = [...shortest.keys()];

    test('the graph reaches every state', () => {
      expect(new Set(reached)).toEqual(
        new Set(['"editing"', '"confirming"', '{"placing":"sending"}', '{"placing":"waiting"}', '"placed"', '"failed"']),
      );
    });

    test.each([...shortest.entries()])('%s', async (_name, path) => {
      const { actor, calls } = startSlip();
      for (const step of path.steps) {
        const { event } = step;
        if (event.type === ('xstate.done.actor.placeBet' as string)) calls.at(-1)!.answer.resolve(bet);
        else if (event.type === ('xstate.error.actor.placeBet' as string)) calls.at(-1)!.answer.reject((event as unknown as { error: unknown }).error);
        else actor.send(event);
        await waitFor(actor, (s) => JSON.stringify(s.value) === JSON.stringify(step.state.value));
        // In placing, a second click is ignored: still one call in flight.
        if (actor.getSnapshot().matches('placing')) {
          const before = calls.length;
          actor.send({ type: 'bet.place', direction: 'down', rateId: 100 });
          expect(calls.length).toBe(before);
          expect(actor.getSnapshot().matches('placing')).toBe(true);
        }
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    });
  });
});
