import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BetHistoryPayload, BetHistoryQuery } from '../../../src/api/contract/bets';
import type { PairListPayload } from '../../../src/api/contract/market';
import { NO_FILTERS, betHistoryMachine, type BetHistoryInput } from '../../../src/routes/history/bet-history.machine';
import { closedBets, pairListFixture } from '../../msw/trading-fixtures';

const page = (total: number): BetHistoryPayload => ({
  items: closedBets,
  page: 1,
  per_page: 20,
  total,
  totals: { staked: 50, returned: 60, profit: 10 },
  by_wallet: [{ wallet_type: 'demo', total, staked: 50, returned: 60, profit: 10 }],
});

function start({ total = 45, pairs = async (): Promise<PairListPayload> => pairListFixture, walletType = undefined as BetHistoryInput['walletType'] } = {}) {
  const queries: BetHistoryQuery[] = [];
  let failing = false;
  const actor = createActor(
    betHistoryMachine.provide({
      actors: {
        loadHistory: fromPromise<BetHistoryPayload, BetHistoryQuery>(async ({ input }) => {
          queries.push(input);
          if (failing) throw { code: 'internal', message: 'boom' };
          return page(total);
        }),
        loadPairs: fromPromise<PairListPayload>(pairs),
      },
    }),
    { input: walletType ? { walletType } : undefined },
  ).start();
  return { actor, queries, fail: (on: boolean) => (failing = on) };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ history: 'ready' }));

describe('bet history machine', () => {
  test('opens on the wallet in use, so play money and real money are never summed; a reset returns to it', async () => {
    const { actor, queries } = start({ walletType: 'demo' });
    await ready(actor);
    expect(queries[0]).toMatchObject({ wallet_type: 'demo', page: '1' });
    actor.send({ type: 'filters.change', filters: { ...NO_FILTERS, wallet_type: 'main', status: 'won' } });
    actor.send({ type: 'filters.apply' });
    await ready(actor);
    actor.send({ type: 'filters.reset' });
    await ready(actor);
    expect(queries.at(-1)).toEqual({ wallet_type: 'demo', page: '1', per_page: '20' });
    expect(actor.getSnapshot().context.draft).toEqual({ ...NO_FILTERS, wallet_type: 'demo' });
  });

  test('opens on the first page without filters and lists the pairs for the pair filter', async () => {
    const { actor, queries } = start();
    await ready(actor);
    await waitFor(actor, (s) => s.matches({ pairs: 'done' }));
    expect(queries).toEqual([{ page: '1', per_page: '20' }]);
    expect(actor.getSnapshot().context.pairs[0]).toEqual({ id: 'eurusd', symbol: 'EUR/USD' });
  });

  test('filters are a draft until applied; applying goes back to the first page with only the set filters', async () => {
    const { actor, queries } = start();
    await ready(actor);
    actor.send({ type: 'page.change', page: 3 });
    await ready(actor);
    actor.send({ type: 'filters.change', filters: { ...NO_FILTERS, status: 'won', pair_id: 'eurusd' } });
    expect(actor.getSnapshot().matches({ history: 'ready' })).toBe(true);
    expect(queries).toHaveLength(2);
    actor.send({ type: 'filters.change', filters: { ...NO_FILTERS, status: 'won', pair_id: 'eurusd', from: '2026-11-01' } });
    actor.send({ type: 'filters.apply' });
    await ready(actor);
    actor.send({ type: 'filters.reset' });
    await ready(actor);
    expect(queries).toEqual([
      { page: '1', per_page: '20' },
      { page: '3', per_page: '20' },
      { pair_id: 'eurusd', status: 'won', from: '2026-11-01', page: '1', per_page: '20' },
      { page: '1', per_page: '20' },
    ]);
    expect(actor.getSnapshot().context.draft).toEqual(NO_FILTERS);
  });

  test('a range that ends before it starts is refused with a message and asks nothing', async () => {
    const { actor, queries } = start();
    await ready(actor);
    actor.send({ type: 'filters.change', filters: { ...NO_FILTERS, from: '2026-11-20', to: '2026-11-02' } });
    actor.send({ type: 'filters.apply' });
    expect(actor.getSnapshot().context.invalid).toEqual({ key: 'trading.history.error.range' });
    expect(queries).toHaveLength(1);
    actor.send({ type: 'filters.change', filters: { ...NO_FILTERS, from: '2026-11-02', to: '2026-11-20' } });
    expect(actor.getSnapshot().context.invalid).toBeNull();
  });

  test('pages outside 1..pages are ignored', async () => {
    const { actor, queries } = start({ total: 45 });
    await ready(actor);
    actor.send({ type: 'page.change', page: 0 });
    actor.send({ type: 'page.change', page: 4 });
    actor.send({ type: 'page.change', page: 1 });
    expect(queries).toHaveLength(1);
  });

  test('a failure keeps the filters and page and offers a retry; no pair list still shows the history', async () => {
    const { actor, fail } = start({
      pairs: async () => {
        throw new Error('offline');
      },
    });
    await ready(actor);
    expect(actor.getSnapshot().context.pairs).toEqual([]);
    fail(true);
    actor.send({ type: 'page.change', page: 2 });
    await waitFor(actor, (s) => s.matches({ history: 'failed' }));
    expect(actor.getSnapshot().context.problem).toEqual({ code: 'internal', message: '' });
    fail(false);
    actor.send({ type: 'retry' });
    await ready(actor);
    expect(actor.getSnapshot().context.page).toBe(2);
  });
});
