import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Deposit, DepositIntegrationPayload, PaymentHistoryPayload, PaymentHistoryQuery } from '../../../src/api/contract/payments';
import { ApiError } from '../../../src/api/client';
import { financesMachine } from '../../../src/machines/finances/finances.machine';
import type { TournamentsEndpoints } from '../../../src/api/endpoints/tournaments';
import { tournamentActors } from '../../../src/machines/tournament/tournament.actors';
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

describe('finances machine: a pending deposit', () => {
  const history = { items: paymentHistory, page: 1, per_page: 10, total: 6 };
  const start = (resume: () => Promise<DepositIntegrationPayload>, cancel: () => Promise<Deposit>) => {
    const navigateExternal = vi.fn();
    let loads = 0;
    const actor = createActor(
      financesMachine.provide({
        actors: {
          loadFinances: fromPromise(async () => finances),
          loadHistory: fromPromise<PaymentHistoryPayload, PaymentHistoryQuery>(async () => {
            loads += 1;
            return history;
          }),
          resumeDeposit: fromPromise(resume),
          cancelDeposit: fromPromise(cancel),
        },
        actions: {
          navigateExternal: (_, params) => navigateExternal(params),
        },
      }),
    ).start();
    return { actor, navigateExternal, loads: () => loads };
  };
  const cancelled: Deposit = { id: 13, ps_id: 1, ps_name: 'Bank card (test)', amount: 250, status: 'cancelled', created_at: '2026-11-23T10:05:00.000Z', completed_at: '2026-11-23T10:30:00.000Z' };

  test('continuing leaves for the same checkout', async () => {
    const { actor, navigateExternal } = start(
      async () => ({ deposit_id: 13, redirect_url: '/sandbox/checkout/abc', check_url: '/sandbox/status/abc' }),
      async () => cancelled,
    );
    await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    actor.send({ type: 'deposit.resume', id: 13 });
    await waitFor(actor, (s) => s.matches({ pendingDeposit: 'leaving' }));
    expect(navigateExternal).toHaveBeenCalledWith({ url: '/sandbox/checkout/abc' });
    expect(actor.getSnapshot().hasTag('depositBusy')).toBe(true);
  });

  test('cancelling says so and reloads the history; a refusal keeps its message and reloads too', async () => {
    let refuse = false;
    const { actor, loads } = start(
      async () => ({ deposit_id: 13, redirect_url: '/x', check_url: '/y' }),
      async () => {
        if (refuse) throw new ApiError('not_cancellable', { message: 'This deposit is already finished', status: 409 });
        return cancelled;
      },
    );
    await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    actor.send({ type: 'deposit.cancel', id: 13 });
    await waitFor(actor, (s) => s.matches({ pendingDeposit: 'idle', history: 'ready' }) && s.context.cancelledDeposit !== null);
    expect(actor.getSnapshot().context.cancelledDeposit).toEqual(cancelled);
    expect(loads()).toBe(2);
    refuse = true;
    actor.send({ type: 'deposit.cancel', id: 12 });
    await waitFor(actor, (s) => s.context.depositProblem !== null && s.matches({ history: 'ready' }));
    expect(actor.getSnapshot().context).toMatchObject({ cancelledDeposit: null, depositProblem: { code: 'not_cancellable', message: 'This deposit is already finished' } });
    expect(loads()).toBe(3);
  });
});

describe('tournament machine', () => {
  const running = [weeklyTournament, paidTournament];

  function start(join: () => Promise<JoinOutcome>, tournament = weeklyTournament) {
    let joined = false;
    const navigate = vi.fn();
    const switchToTournamentWallet = vi.fn();
    const actor = createActor(
      tournamentMachine.provide({
        actors: {
          loadTournament: fromPromise<TournamentState, { id: number | null }>(async ({ input }) => {
            const shown = running.find((t) => t.id === input.id) ?? tournament;
            return {
              tournament: { ...shown, joined },
              leaderboard: { tournament: shown, items: leaderboard, you: joined ? yourRow : null },
              running,
            };
          }),
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

  test('picking another running tournament shows it; the shown one or an unknown id changes nothing', async () => {
    const { actor } = start(async () => ({ status: 'redirect', redirect_url: '/purchase?product_id=3' }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.running.map((t) => t.id)).toEqual([weeklyTournament.id, paidTournament.id]);
    actor.send({ type: 'select', id: weeklyTournament.id });
    actor.send({ type: 'select', id: 999 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'select', id: paidTournament.id });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.tournament?.name).toBe(paidTournament.name);
  });

  test('over the api: the tournament the trader plays in is shown first, the weekly one otherwise', async () => {
    const playing = { ...paidTournament, joined: true };
    const endpoints = {
      current: vi.fn(async () => ({ tournament: weeklyTournament, running: [weeklyTournament, playing] })),
      leaderboard: vi.fn(async (id: number) => ({ tournament: id === playing.id ? playing : weeklyTournament, items: leaderboard, you: null })),
      join: vi.fn(),
    } as unknown as TournamentsEndpoints;
    const actor = createActor(
      tournamentMachine.provide({ actors: tournamentActors(endpoints), actions: { navigate: () => undefined, switchToTournamentWallet: () => undefined } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.tournament?.id).toBe(playing.id);
    actor.send({ type: 'select', id: weeklyTournament.id });
    await waitFor(actor, (s) => s.matches('ready') && s.context.tournament?.id === weeklyTournament.id);
    expect(endpoints.leaderboard).toHaveBeenLastCalledWith(weeklyTournament.id, 10, expect.anything());
  });
});
