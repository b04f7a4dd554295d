import type { SnapshotFrom } from 'xstate';
import type { realityCheckMachine } from './realityCheck.machine';

type Snapshot = SnapshotFrom<typeof realityCheckMachine>;

/** The modal: open while the check is shown or its stop is being sent. */
export const selectRealityOpen = (s: Snapshot) => s.matches('showing') || s.matches('stopping');
export const selectRealityStopping = (s: Snapshot) => s.matches('stopping');
/** The trader stopped for today: the room says trading is closed until tomorrow. */
export const selectRealityStopped = (s: Snapshot) => s.matches('stopped');
export const selectRealityProblem = (s: Snapshot) => s.context.problem;
/** What the modal shows: minutes since the sign-in, bets and net result of the session. */
export const selectRealityFigures = (s: Snapshot) => {
  const summary = s.context.summary;
  if (!summary) return null;
  return {
    minutes: Math.max(0, Math.floor((s.context.shownAt - Date.parse(summary.started_at)) / 60_000)),
    bets: summary.bets,
    net: summary.net,
  };
};
