import type { SnapshotFrom } from 'xstate';
import type { limitsMachine } from './limits.machine';

type Snapshot = SnapshotFrom<typeof limitsMachine>;

/** What the limits page shows, without state names. */
export const selectLimitsStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'failed' : 'ready';
export const selectLimits = (s: Snapshot) => s.context.limits;
export const selectLimitsProblem = (s: Snapshot) => s.context.problem;
export const selectLimitsSaving = (s: Snapshot) => s.matches('saving');
export const selectLimitsSaved = (s: Snapshot) => s.context.saved;
/** The self-exclusion the trader is asked to confirm, and whether it is being sent. */
export const selectExclusionAsked = (s: Snapshot) => (s.matches('confirmingExclusion') || s.matches('excluding') ? s.context.exclusion : null);
export const selectExcluding = (s: Snapshot) => s.matches('excluding');
/** The fields the form typed wrong: name -> translation key. */
export const selectLimitsInvalid = (s: Snapshot) => s.context.invalid;
