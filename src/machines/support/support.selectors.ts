import type { SnapshotFrom } from 'xstate';
import type { supportMachine } from './support.machine';
import { newestFromTeam } from './support-draft';

type Snapshot = SnapshotFrom<typeof supportMachine>;

/** What the conversation widgets show, without state names. */
export const selectThreadStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
export const selectMessages = (s: Snapshot) => s.context.items;
export const selectLastRead = (s: Snapshot) => s.context.lastRead;
export const selectHasOlder = (s: Snapshot) => s.context.items.length < s.context.total;
export const selectLoadingOlder = (s: Snapshot) => s.hasTag('loadingOlder');
export const selectSending = (s: Snapshot) => s.hasTag('sending');
export const selectProgress = (s: Snapshot) => s.context.progress;
export const selectDraft = (s: Snapshot) => ({ text: s.context.text, files: s.context.files });
export const selectDraftError = (s: Snapshot) => s.context.draftError;
export const selectSendProblem = (s: Snapshot) => s.context.sendProblem;
export const selectLoadProblem = (s: Snapshot) => s.context.problem;
export const selectOlderProblem = (s: Snapshot) => s.context.olderProblem;
/** Messages from the team the trader has not seen yet (on screen, before the marker moves). */
export const selectUnseen = (s: Snapshot) => {
  const newest = newestFromTeam(s.context.items);
  return newest !== null && newest > (s.context.lastRead ?? 0);
};
