import { fromPromise } from 'xstate';
import type { TournamentsEndpoints } from '../../api/endpoints/tournaments';
import type { JoinOutcome, TournamentState } from './tournament.machine';

export const tournamentActors = (tournaments: TournamentsEndpoints) => ({
  // The picked tournament while it runs; else the one the trader plays in; else the weekly one.
  loadTournament: fromPromise<TournamentState, { id: number | null }>(async ({ input, signal }) => {
    const { tournament: weekly, running } = await tournaments.current({ signal });
    const shown = running.find((t) => t.id === input.id) ?? running.find((t) => t.joined) ?? weekly;
    const leaderboard = await tournaments.leaderboard(shown.id, 10, { signal });
    return { tournament: leaderboard.tournament, leaderboard, running };
  }),
  joinTournament: fromPromise<JoinOutcome, { id: number }>(({ input, signal }) => tournaments.join(input.id, { signal })),
});
