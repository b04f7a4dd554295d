import { assign, fromPromise, setup } from 'xstate';
import type { KycKind, KycStatus } from '../../api/contract/limits';
import { notProvided } from '../app/failure';
import { problemOfErrorEvent, type Problem } from '../money-flow/problem';

export interface VerificationContext {
  status: KycStatus | null;
  problem: Problem | null;
  /** The document being sent. */
  sending: KycKind | null;
}

export type VerificationEvent = { type: 'retry' } | { type: 'upload'; kind: KycKind; file: File };

/**
 * /settings/verification: the status of the identity document and the proof of address; a file is
 * sent for one of them and the server's answer (the new status, or why the file was refused) shown.
 */
export const verificationMachine = setup({
  types: { context: {} as VerificationContext, events: {} as VerificationEvent },
  actors: {
    loadStatus: fromPromise<KycStatus>(notProvided('loadStatus')),
    uploadDocument: fromPromise<KycStatus, { kind: KycKind; file: File }>(notProvided('uploadDocument')),
  },
  actions: {
    fail: assign({ problem: problemOfErrorEvent }),
  },
}).createMachine({
  id: 'verification',
  context: { status: null, problem: null, sending: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadStatus',
        onDone: { target: 'ready', actions: assign({ status: ({ event }) => event.output, problem: null }) },
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: { upload: { target: 'uploading', actions: assign({ sending: ({ event }) => event.kind, problem: null }) } },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'uploadDocument',
        input: ({ event }) => {
          const { kind, file } = event as Extract<VerificationEvent, { type: 'upload' }>;
          return { kind, file };
        },
        onDone: { target: 'ready', actions: assign({ status: ({ event }) => event.output, sending: null }) },
        onError: { target: 'ready', actions: ['fail', assign({ sending: null })] },
      },
    },
  },
});
