import { assign, fromPromise, setup } from 'xstate';
import type { JoinTournamentPayload, LeaderboardPayload, Tournament } from '../../api/contract/tournaments';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';

export interface TournamentState {
  tournament: Tournament;
  leaderboard: LeaderboardPayload;
  /** Every running tournament (the weekly first), for the trader to pick one. */
  running: Tournament[];
}

/** Joined, or the entry must be paid first (the server answers with where to pay). */
export type JoinOutcome = JoinTournamentPayload | { status: 'redirect'; redirect_url: string };

export interface TournamentContext {
  tournament: Tournament | null;
  leaderboard: LeaderboardPayload | null;
  running: Tournament[];
  /** The tournament the trader picked; null: the one they play in, else the weekly one. */
  selectedId: number | null;
  problem: Problem | null;
}

export type TournamentEvent = { type: 'join' } | { type: 'retry' } | { type: 'refresh' } | { type: 'select'; id: number };

/** The tournament panel: the running tournaments, one shown with its leaderboard; joining it. */
export const tournamentMachine = setup({
  types: { context: {} as TournamentContext, events: {} as TournamentEvent },
  actors: {
    loadTournament: fromPromise<TournamentState, { id: number | null }>(notProvided('loadTournament')),
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
  context: { tournament: null, leaderboard: null, running: [], selectedId: null, problem: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'loadTournament',
        input: ({ context }) => ({ id: context.selectedId }),
        onDone: {
          target: 'ready',
          actions: assign({
            tournament: ({ event }) => event.output.tournament,
            leaderboard: ({ event }) => event.output.leaderboard,
            running: ({ event }) => event.output.running,
            problem: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    failed: { tags: ['error'], on: { retry: 'loading' } },
    ready: {
      on: {
        join: { guard: ({ context }) => context.tournament !== null && !context.tournament.joined, target: 'joining' },
        refresh: 'loading',
        select: {
          guard: ({ context, event }) => event.id !== context.tournament?.id && context.running.some((t) => t.id === event.id),
          target: 'loading',
          actions: assign({ selectedId: ({ event }) => event.id, problem: null }),
        },
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
