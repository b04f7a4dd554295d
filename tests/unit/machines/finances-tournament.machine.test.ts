import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PaymentHistoryPayload, PaymentHistoryQuery } from '../../../src/api/contract/payments';
import { financesMachine } from '../../../src/machines/finances/finances.machine';
import { tournamentMachine, type JoinOutcome, type TournamentState } from '../../../src/machines/tournament/tournament.machine';
import { finances, leaderboard, paidTournament, paymentHistory, weeklyTournament, yourRow } from '../../msw/money-fixtures';

describe('finances machine', () => {
  test('filters and pages refetch the history; a failure offers a retry', async () => {
    const queries: PaymentHistoryQuery[] = [];
    let fail = false;
    const actor = createActor(
      financesMachine.provide({
        actors: {
          loadFinances: fromPromise(async () => finances),
          loadHistory: fromPromise<PaymentHistoryPayload, PaymentHistoryQuery>(async ({ input }) => {
            queries.push(input);
            if (fail) throw new Error('offline');
            return { items: paymentHistory, page: 1, per_page: 10, total: 25 };
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ history: 'ready', summary: 'ready' }));
    expect(actor.getSnapshot().context.finances).toEqual(finances);
    actor.send({ type: 'page.change', page: 2 });
    await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    actor.send({ type: 'filters.change', filters: { type: 'withdrawal', status: 'pending' } });
    await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    expect(queries).toEqual([
      { page: '1', per_page: '10' },
      { page: '2', per_page: '10' },
      { type: 'withdrawal', status: 'pending', page: '1', per_page: '10' },
    ]);
    fail = true;
    actor.send({ type: 'page.change', page: 2 });
    await waitFor(actor, (s) => s.matches({ history: 'failed' }));
    expect(actor.getSnapshot().context.problem).toEqual({ code: 'internal', message: '' });
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    expect(actor.getSnapshot().context.page).toBe(2);
  });
});

describe('tournament machine', () => {
  function start(join: () => Promise<JoinOutcome>, tournament = weeklyTournament) {
    let joined = false;
    const navigate = vi.fn();
    const switchToTournamentWallet = vi.fn();
    const actor = createActor(
      tournamentMachine.provide({
        actors: {
          loadTournament: fromPromise<TournamentState>(async () => ({
            tournament: { ...tournament, joined },
            leaderboard: { tournament, items: leaderboard, you: joined ? yourRow : null },
          })),
          joinTournament: fromPromise<JoinOutcome, { id: number }>(async () => {
            const outcome = await join();
            joined = 'tournament' in outcome;
            return outcome;
          }),
        },
        actions: { navigate: (_, params) => navigate(params), switchToTournamentWallet },
      }),
    ).start();
    return { actor, navigate, switchToTournamentWallet };
  }

  test('joining a free tournament reloads the standing with the trader in it', async () => {
    const { actor, switchToTournamentWallet } = start(async () => ({ tournament: { ...weeklyTournament, joined: true }, you: yourRow }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'join' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.tournament?.joined === true);
    expect(actor.getSnapshot().context.leaderboard?.you).toEqual(yourRow);
    expect(switchToTournamentWallet).toHaveBeenCalledTimes(1);
    actor.send({ type: 'join' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  test('a paid entry goes to the purchase page; a refusal is shown', async () => {
    const paid = start(async () => ({ status: 'redirect', redirect_url: '/purchase?product_id=3' }), paidTournament);
    await waitFor(paid.actor, (s) => s.matches('ready'));
    paid.actor.send({ type: 'join' });
    await waitFor(paid.actor, () => paid.navigate.mock.calls.length > 0);
    expect(paid.navigate).toHaveBeenCalledWith({ url: '/purchase?product_id=3' });
    expect(paid.switchToTournamentWallet).not.toHaveBeenCalled();
    const refused = start(async () => { throw Object.assign(new Error('x'), { code: 'validation', message: 'In another tournament' }); });
    await waitFor(refused.actor, (s) => s.matches('ready'));
    refused.actor.send({ type: 'join' });
    await waitFor(refused.actor, (s) => s.context.problem !== null);
    expect(refused.actor.getSnapshot().context.problem?.message).toBe('In another tournament');
  });
});
