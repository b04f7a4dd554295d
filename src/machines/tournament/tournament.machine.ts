import { assign, fromPromise, setup } from 'xstate';
import type { JoinTournamentPayload, LeaderboardPayload, Tournament } from '../../api/contract/tournaments';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';

export interface TournamentState {
  tournament: Tournament;
  leaderboard: LeaderboardPayload;
}

/** Joined, or the entry must be paid first (the server answers with where to pay). */
export type JoinOutcome = JoinTournamentPayload | { status: 'redirect'; redirect_url: string };

export interface TournamentContext {
  tournament: Tournament | null;
  leaderboard: LeaderboardPayload | null;
  problem: Problem | null;
}

export type TournamentEvent = { type: 'join' } | { type: 'retry' } | { type: 'refresh' };

/** The tournament panel: the running tournament and its leaderboard; joining it. */
export const tournamentMachine = setup({
  types: { context: {} as TournamentContext, events: {} as TournamentEvent },
  actors: {
    loadTournament: fromPromise<TournamentState>(notProvided('loadTournament')),
    joinTournament: fromPromise<JoinOutcome, { id: number }>(notProvided('joinTournament')),
  },
  actions: {
    /** A paid entry: to the purchase page. */
    navigate: (_, _params: { url: string }) => notProvided('navigate')(),
    /** Joined: the trader goes on in the tournament wallet, which now holds the start balance. */
    switchToTournamentWallet: () => notProvided('switchToTournamentWallet')(),
  },
}).createMachine({
  id: 'tournament',
  context: { tournament: null, leaderboard: null, problem: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'loadTournament',
        onDone: {
          target: 'ready',
          actions: assign({ tournament: ({ event }) => event.output.tournament, leaderboard: ({ event }) => event.output.leaderboard, problem: null }),
        },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    failed: { tags: ['error'], on: { retry: 'loading' } },
    ready: {
      on: {
        join: { guard: ({ context }) => context.tournament !== null && !context.tournament.joined, target: 'joining' },
        refresh: 'loading',
      },
    },
    joining: {
      tags: ['busy'],
      invoke: {
        id: 'join',
        src: 'joinTournament',
        input: ({ context }) => ({ id: context.tournament?.id ?? 0 }),
        onDone: [
          {
            guard: ({ event }) => 'redirect_url' in event.output,
            target: 'ready',
            actions: { type: 'navigate', params: ({ event }) => ({ url: 'redirect_url' in event.output ? event.output.redirect_url : '/purchase' }) },
          },
          // The join's envelope carries the new wallets; the panel reloads its standing.
          { target: 'loading', actions: [assign({ problem: null }), 'switchToTournamentWallet'] },
        ],
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
  },
});
