import { assign, fromPromise, setup } from 'xstate';
import type { ExclusionRequest, LimitsPayload, LimitsUpdate } from '../../api/contract/limits';
import { notProvided } from '../app/failure';
import { problemOfErrorEvent, type Problem } from '../money-flow/problem';
import { limitsUpdateOf, type LimitsTyped } from './limit-rules';

export interface LimitsContext {
  limits: LimitsPayload | null;
  problem: Problem | null;
  /** The last save went through (the form says so until the next change). */
  saved: boolean;
  /** The self-exclusion waiting for the trader's confirmation. */
  exclusion: ExclusionRequest | null;
  /** The change being saved. */
  update: LimitsUpdate | null;
  /** Fields the form typed wrong: name -> translation key (nothing was sent). */
  invalid: Record<string, string> | null;
}

export type LimitsEvent =
  | { type: 'retry' }
  | { type: 'save'; values: LimitsTyped }
  | { type: 'exclusion.ask'; request: ExclusionRequest }
  | { type: 'exclusion.confirm' }
  | { type: 'exclusion.cancel' };

/**
 * /settings/limits: the limits are loaded, the typed ones checked (a wrong field sends nothing) and
 * the changed ones saved (the server answers them as they now are, a raise with the time it applies) and a self-exclusion is confirmed before it is sent, since it cannot be
 * undone. A refused save or exclusion keeps the form and shows why.
 */
export const limitsMachine = setup({
  types: { context: {} as LimitsContext, events: {} as LimitsEvent },
  actors: {
    loadLimits: fromPromise<LimitsPayload>(notProvided('loadLimits')),
    saveLimits: fromPromise<LimitsPayload, LimitsUpdate>(notProvided('saveLimits')),
    startExclusion: fromPromise<LimitsPayload, ExclusionRequest>(notProvided('startExclusion')),
  },
  actions: {
    /** Keeps why a call failed (an error event's error). */
    fail: assign({ problem: problemOfErrorEvent }),
  },
}).createMachine({
  id: 'limits',
  context: { limits: null, problem: null, saved: false, exclusion: null, update: null, invalid: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'loadLimits',
        onDone: { target: 'ready', actions: assign({ limits: ({ event }) => event.output, problem: null }) },
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    ready: {
      on: {
        save: [
          {
            guard: ({ context, event }) => 'update' in limitsUpdateOf(context.limits!, event.values),
            target: 'saving',
            actions: assign({
              update: ({ context, event }) => (limitsUpdateOf(context.limits!, event.values) as { update: LimitsUpdate }).update,
              invalid: null,
              problem: null,
            }),
          },
          {
            actions: assign({
              invalid: ({ context, event }) => (limitsUpdateOf(context.limits!, event.values) as { invalid: Record<string, string> }).invalid,
              saved: false,
            }),
          },
        ],
        'exclusion.ask': { target: 'confirmingExclusion', actions: assign({ exclusion: ({ event }) => event.request, saved: false }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'saveLimits',
        input: ({ context }) => context.update!,
        onDone: { target: 'ready', actions: assign({ limits: ({ event }) => event.output, problem: null, saved: true }) },
        onError: { target: 'ready', actions: ['fail', assign({ saved: false })] },
      },
    },
    confirmingExclusion: {
      on: {
        'exclusion.confirm': 'excluding',
        'exclusion.cancel': { target: 'ready', actions: assign({ exclusion: null }) },
      },
    },
    excluding: {
      tags: ['busy'],
      invoke: {
        id: 'exclude',
        src: 'startExclusion',
        input: ({ context }) => context.exclusion!,
        onDone: { target: 'ready', actions: assign({ limits: ({ event }) => event.output, problem: null, exclusion: null }) },
        onError: { target: 'ready', actions: ['fail', assign({ exclusion: null })] },
      },
    },
  },
});
