import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { BetListPayload } from '../../../src/api/contract/bets';
import type { WalletType } from '../../../src/api/contract/envelope';
import { betsMachine, RESULT_SHOWN_MS } from '../../../src/machines/bets/bets.machine';
import type { TradingSound } from '../../../src/machines/bets/bet-math';
import { selectClosedBets, selectOpenBets, selectShownResult, selectShownResultElsewhere } from '../../../src/machines/bets/bets.selectors';
import { makeBet, T0 } from './trading-fixtures';

/** A stand-in for the audio statechart: only its `enabled` switch matters here. */
const audioWith = (enabled: boolean) => createMachine({ id: 'audio', context: { enabled } });

function startBets(options: { soundOn?: boolean; list?: BetListPayload; now?: () => number } = {}) {
  const sounds: TradingSound[] = [];
  const loads: WalletType[] = [];
  const machine = betsMachine.provide({
    actors: {
      loadBets: fromPromise(async ({ input }: { input: { walletType: WalletType } }) => {
        loads.push(input.walletType);
        return options.list ?? { opened: [], closed: [] };
      }),
    },
    actions: { playSound: (_, params) => void sounds.push(params.sound) },
  });
  // The bets actor finds the audio actor through the system, as under the root app actor.
  const host = createActor(
    createMachine({
      invoke: [
        { id: 'audio', systemId: 'audio', src: audioWith(options.soundOn ?? true) },
        { id: 'bets', systemId: 'bets', src: machine, input: { walletType: 'demo', now: options.now ?? (() => T0) } },
      ],
    }),
  ).start();
  const actor = host.system.get('bets') as unknown as ReturnType<typeof createActor<typeof machine>>;
  return { actor, sounds, loads };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('bets', () => {
  test('loads the open and closed bets of the wallet, soonest expiry first', async () => {
    const later = makeBet({ id: 2, expires_at: new Date(T0 + 60_000).toISOString() });
    const sooner = makeBet({ id: 3 });
    const { actor, loads } = startBets({
      list: { opened: [later, sooner], closed: [makeBet({ id: 1, status: 'lost', profit: -10 })] },
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(loads).toEqual(['demo']);
    expect(selectOpenBets(actor.getSnapshot()).map((b) => b.id)).toEqual([3, 2]);
    expect(selectClosedBets(actor.getSnapshot()).map((b) => b.id)).toEqual([1]);
  });

  test('an open bet counts down and shows its live profit or loss from the ticks', async () => {
    const { actor } = startBets({
      list: { opened: [makeBet({ id: 5, amount: 10, payout_percent: 85, open_rate: 1.085 })], closed: [] },
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(selectOpenBets(actor.getSnapshot())[0]).toMatchObject({ secondsLeft: 30, liveProfit: null });
    actor.send({ type: 'clock.tick', now: T0 + 12_400 });
    actor.send({ type: 'market.tick', tick: { pair_id: 'eurusd', id: 200, t: T0 + 12_000, v: 1.086 } });
    expect(selectOpenBets(actor.getSnapshot())[0]).toMatchObject({
      secondsLeft: 18,
      liveProfit: 8.5,
      currentRate: 1.086,
    });
    actor.send({ type: 'market.tick', tick: { pair_id: 'eurusd', id: 201, t: T0 + 13_000, v: 1.084 } });
    expect(selectOpenBets(actor.getSnapshot())[0]!.liveProfit).toBe(-10);
    actor.send({ type: 'market.tick', tick: { pair_id: 'eurusd', id: 202, t: T0 + 14_000, v: 1.085 } });
    expect(selectOpenBets(actor.getSnapshot())[0]!.liveProfit).toBe(0);
  });

  test('a placed bet is kept once (slip and socket) and plays deal-open once', async () => {
    const { actor, sounds } = startBets();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    const bet = makeBet({ id: 9 });
    actor.send({ type: 'bet.opened', bet });
    actor.send({ type: 'bet.update', bet });
    expect(selectOpenBets(actor.getSnapshot()).map((b) => b.id)).toEqual([9]);
    expect(sounds).toEqual(['deal-open']);
  });

  test('settlements move the bet to closed, queue the results in order and play their sounds', async () => {
    vi.useFakeTimers();
    const { actor, sounds } = startBets({ list: { opened: [makeBet({ id: 1 }), makeBet({ id: 2 })], closed: [] } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'bet.update', bet: makeBet({ id: 1, status: 'won', close_rate: 1.09, profit: 8.5 }) });
    actor.send({ type: 'bet.update', bet: makeBet({ id: 2, status: 'lost', close_rate: 1.08, profit: -10 }) });
    // The same settlement again changes nothing.
    actor.send({ type: 'bet.update', bet: makeBet({ id: 2, status: 'lost', close_rate: 1.08, profit: -10 }) });
    expect(selectOpenBets(actor.getSnapshot())).toEqual([]);
    expect(selectClosedBets(actor.getSnapshot()).map((b) => b.id)).toEqual([2, 1]);
    expect(sounds).toEqual(['profit-close', 'loss-close']);
    expect(selectShownResult(actor.getSnapshot())?.id).toBe(1);
    actor.send({ type: 'result.dismiss' });
    expect(selectShownResult(actor.getSnapshot())?.id).toBe(2);
    await vi.advanceTimersByTimeAsync(RESULT_SHOWN_MS);
    expect(selectShownResult(actor.getSnapshot())).toBeNull();
  });

  test('with the sound off nothing plays', async () => {
    const { actor, sounds } = startBets({ soundOn: false });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'bet.opened', bet: makeBet({ id: 4 }) });
    actor.send({ type: 'bet.update', bet: makeBet({ id: 4, status: 'won', profit: 8.5 }) });
    expect(sounds).toEqual([]);
    expect(selectShownResult(actor.getSnapshot())?.id).toBe(4);
  });

  test('a refund is shown but silent; a malformed or foreign-wallet bet is dropped', async () => {
    const { actor, sounds } = startBets();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'bet.update', bet: { id: 'x' } });
    actor.send({ type: 'bet.update', bet: makeBet({ id: 6, wallet_type: 'main' }) });
    expect(selectOpenBets(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'bet.update', bet: makeBet({ id: 7, status: 'refund', profit: 0 }) });
    expect(sounds).toEqual([]);
    expect(selectShownResult(actor.getSnapshot())?.status).toBe('refund');
  });

  test("another wallet's settled bet is announced once, naming its wallet, and stays out of this wallet's lists", async () => {
    const { actor, sounds } = startBets();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    const real = makeBet({ id: 8, wallet_type: 'main', status: 'lost', profit: -10 });
    actor.send({ type: 'bet.update', bet: real });
    actor.send({ type: 'bet.update', bet: real });
    expect(selectShownResult(actor.getSnapshot())?.id).toBe(8);
    expect(selectShownResultElsewhere(actor.getSnapshot())).toBe('main');
    expect(actor.getSnapshot().context.results).toHaveLength(1);
    expect(selectClosedBets(actor.getSnapshot())).toEqual([]);
    expect(sounds).toEqual(['loss-close']);
    actor.send({ type: 'result.dismiss' });
    actor.send({ type: 'bet.update', bet: real });
    expect(selectShownResult(actor.getSnapshot())).toBeNull();
    // The wallet's own result is not named.
    actor.send({ type: 'bet.update', bet: makeBet({ id: 9, status: 'won', profit: 8.5 }) });
    expect(selectShownResultElsewhere(actor.getSnapshot())).toBeNull();
  });

  test('a result still waiting when the trader switches wallets stays queued and then names its wallet', async () => {
    const { actor } = startBets();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'bet.update', bet: makeBet({ id: 10, status: 'won', profit: 8.5 }) });
    actor.send({ type: 'bets.wallet', walletType: 'main' });
    expect(selectShownResult(actor.getSnapshot())?.id).toBe(10);
    expect(selectShownResultElsewhere(actor.getSnapshot())).toBe('demo');
  });

  test("switching wallets reloads that wallet's bets", async () => {
    const { actor, loads } = startBets();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'bets.wallet', walletType: 'main' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(loads).toEqual(['demo', 'main']);
  });
});
