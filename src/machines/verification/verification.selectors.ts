import type { SnapshotFrom } from 'xstate';
import type { verificationMachine } from './verification.machine';

type Snapshot = SnapshotFrom<typeof verificationMachine>;

export const selectVerificationStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'failed' : 'ready';
export const selectKyc = (s: Snapshot) => s.context.status;
export const selectKycProblem = (s: Snapshot) => s.context.problem;
/** The document being sent, if one is. */
export const selectKycSending = (s: Snapshot) => (s.matches('uploading') ? s.context.sending : null);
