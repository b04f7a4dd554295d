import { fromPromise } from 'xstate';
import type { TournamentsEndpoints } from '../../api/endpoints/tournaments';
import type { JoinOutcome, TournamentState } from './tournament.machine';

export const tournamentActors = (tournaments: TournamentsEndpoints) => ({
  loadTournament: fromPromise<TournamentState>(async ({ signal }) => {
    const { tournament } = await tournaments.current({ signal });
    const leaderboard = await tournaments.leaderboard(tournament.id, 10, { signal });
    return { tournament: leaderboard.tournament, leaderboard };
  }),
  joinTournament: fromPromise<JoinOutcome, { id: number }>(({ input, signal }) => tournaments.join(input.id, { signal })),
});
