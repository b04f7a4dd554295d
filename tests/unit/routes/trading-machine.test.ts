import { describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Api } from '../../../src/api/api';
import type { ActorRefFrom } from 'xstate';
import type { betSlipMachine } from '../../../src/machines/betSlip/betSlip.machine';
import type { betsMachine } from '../../../src/machines/bets/bets.machine';
import type { marketMachine } from '../../../src/machines/market/market.machine';
import { createTradingMachine, readMarketChoice, reconcileBets } from '../../../src/routes/home/trading-machine';
import { closedBets, makeBet, makeTicks, openBets, pairListFixture } from '../../msw/trading-fixtures';

/** The two endpoint groups the trading screen calls, answered from the fixtures. */
function fakeApi() {
  const place = vi.fn(async () => makeBet({ id: 777, wallet_type: 'demo' }));
  const api = {
    market: {
      pairs: vi.fn(async () => pairListFixture),
      line: vi.fn(async (pairId: string) => makeTicks(pairId, 60)),
      candles: vi.fn(async () => []),
    },
    bets: {
      list: vi.fn(async () => ({ opened: openBets, closed: closedBets })),
      place,
      info: vi.fn(),
      history: vi.fn(),
    },
  } as unknown as Pick<Api, 'market' | 'bets'>;
  return { api, place };
}

function start(storage: Storage | null = null) {
  const { api, place } = fakeApi();
  const subscribe = vi.fn();
  const playSound = vi.fn();
  const machine = createTradingMachine({ api, realtime: { subscribe }, storage, playSound });
  const actor = createActor(machine, { input: { walletType: 'demo', ...readMarketChoice(storage) } }).start();
  const children = actor.getSnapshot().children;
  return {
    actor,
    place,
    subscribe,
    playSound,
    market: children.market as ActorRefFrom<typeof marketMachine>,
    betSlip: children.betSlip as ActorRefFrom<typeof betSlipMachine>,
    bets: children.bets as ActorRefFrom<typeof betsMachine>,
  };
}

describe('the trading screen statecharts over the api', () => {
  test('every effect is provided: pairs, chart, bets load; the active pairs are subscribed', async () => {
    const { actor, market, bets, subscribe } = start();
    await waitFor(market, (s) => s.matches({ ready: { chart: 'shown' } }));
    await waitFor(bets, (s) => s.matches({ list: 'ready' }));
    const active = pairListFixture.items.filter((pair) => pair.active).map((pair) => pair.id);
    expect(subscribe).toHaveBeenCalledWith(active);
    expect(market.getSnapshot().context.pairId).toBe('eurusd');
    expect(bets.getSnapshot().context.opened.map((bet) => bet.id)).toEqual([501, 502]);
    actor.stop();
  });

  test("a pair message (the risk desk) changes the pair's payout and state in the market, without a reload", async () => {
    const { actor, market } = start();
    await waitFor(market, (s) => s.matches({ ready: { chart: 'shown' } }));
    const before = market.getSnapshot().context.pairs.find((pair) => pair.id === 'eurusd')!;
    actor.send({ type: 'realtime.message', message: { type: 'pair', pair_id: 'eurusd', payout: 55, active: false } });
    const after = market.getSnapshot().context.pairs.find((pair) => pair.id === 'eurusd')!;
    expect(after).toEqual({ ...before, payout: 55, active: false });
    // Other pairs keep their terms.
    expect(market.getSnapshot().context.pairs.filter((pair) => pair.id !== 'eurusd')).toEqual(
      pairListFixture.items.filter((pair) => pair.id !== 'eurusd'),
    );
    actor.stop();
  });

  test('realtime ticks move the rate and the chart; bet messages open and settle bets with their sounds', async () => {
    const { actor, market, bets, playSound } = start();
    await waitFor(bets, (s) => s.matches({ list: 'ready' }));
    await waitFor(market, (s) => s.matches({ ready: { chart: 'shown' } }));
    const painted = vi.fn();
    market.on('chart.tick', painted);
    actor.send({ type: 'realtime.message', message: { type: 'tick', pair_id: 'eurusd', id: 9, t: Date.now(), v: 1.2 } });
    expect(market.getSnapshot().context.rates.eurusd?.v).toBe(1.2);
    expect(painted).toHaveBeenCalledTimes(1);

    const bet = makeBet({ id: 800, wallet_type: 'demo' });
    actor.send({ type: 'realtime.message', message: { type: 'bet', bet } });
    expect(playSound).toHaveBeenLastCalledWith('deal-open');
    actor.send({ type: 'realtime.message', message: { type: 'bet', bet: { ...bet, status: 'won', profit: 21.25 } } });
    expect(playSound).toHaveBeenLastCalledWith('profit-close');
    expect(bets.getSnapshot().context.results.map((result) => result.id)).toEqual([800]);
    actor.stop();
  });

  test('a click on up places the bet through the api with an idempotency key; the bets list gets it at once', async () => {
    const { actor, market, betSlip, bets, place } = start();
    await waitFor(bets, (s) => s.matches({ list: 'ready' }));
    await waitFor(market, (s) => s.matches({ ready: { chart: 'shown' } }));
    const pair = pairListFixture.items[0]!;
    betSlip.send({ type: 'slip.configure', pair, platform: pairListFixture.platform });
    betSlip.send({ type: 'slip.wallet', walletType: 'demo', balance: 10_000 });
    betSlip.send({ type: 'bet.place', direction: 'up', rateId: pair.rate?.id ?? null });
    await waitFor(betSlip, (s) => s.hasTag('placed'));
    expect(place).toHaveBeenCalledWith(
      expect.objectContaining({ wallet_type: 'demo', pair_id: 'eurusd', direction: 'up', interval: 30, amount: 1 }),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.anything(),
    );
    expect(bets.getSnapshot().context.opened.some((held) => held.id === 777)).toBe(true);
    actor.stop();
  });

  test("one switch for both: the slip's one-click choice also decides whether closing early asks", async () => {
    const { actor, betSlip, bets } = start();
    await waitFor(bets, (s) => s.matches({ list: 'ready' }));
    // A new trader is in one-click mode: no confirmation before placing or before selling back.
    expect(betSlip.getSnapshot().context.confirmBets).toBe(false);
    expect(bets.getSnapshot().context.confirmClose).toBe(false);
    betSlip.send({ type: 'confirm.toggle', on: true });
    expect(bets.getSnapshot().context.confirmClose).toBe(true);
    betSlip.send({ type: 'confirm.toggle', on: false });
    expect(bets.getSnapshot().context.confirmClose).toBe(false);
    actor.stop();

    // The kept choice starts both statecharts.
    const { api } = fakeApi();
    const asking = createActor(createTradingMachine({ api, realtime: { subscribe: vi.fn() }, storage: null, playSound: vi.fn() }), {
      input: { walletType: 'demo', storedConfirmBets: true },
    }).start();
    expect((asking.getSnapshot().children.bets as ActorRefFrom<typeof betsMachine>).getSnapshot().context.confirmClose).toBe(true);
    asking.stop();
  });

  test('the chosen pair and chart kind are kept in storage for the next visit', async () => {
    const { actor, market } = start(localStorage);
    await waitFor(market, (s) => s.matches({ ready: { chart: 'shown' } }));
    market.send({ type: 'pair.choose', pairId: 'gbpusd' });
    market.send({ type: 'chart.kind', kind: 'candlestick' });
    actor.stop();
    expect(readMarketChoice(localStorage)).toEqual({ storedPairId: 'gbpusd', storedChartKind: 'candlestick' });
    const next = start(localStorage);
    await waitFor(next.market, (s) => s.matches({ ready: { chart: 'shown' } }));
    expect(next.market.getSnapshot().context.pairId).toBe('gbpusd');
    expect(next.market.getSnapshot().context.chartKind).toBe('candlestick');
    next.actor.stop();
  });
});

describe('catching up after the socket was down', () => {
  test('hands over the held bets that settled meanwhile and new open bets, never older results', async () => {
    const held = makeBet({ id: 600, wallet_type: 'demo' });
    const stillOpen = makeBet({ id: 601, wallet_type: 'demo' });
    const placedElsewhere = makeBet({ id: 602, wallet_type: 'demo' });
    const settled = { ...held, status: 'lost' as const, close_rate: 1.08, close_rate_id: 3, profit: -25 };
    const list = vi.fn(async () => ({ opened: [stillOpen, placedElsewhere], closed: [settled, ...closedBets] }));
    const delivered: number[] = [];
    await reconcileBets({ list }, { walletType: 'demo', opened: [held, stillOpen] }, (bet) => delivered.push(bet.id));
    expect(list).toHaveBeenCalledWith('demo');
    expect(delivered).toEqual([600, 602]);
  });
});
