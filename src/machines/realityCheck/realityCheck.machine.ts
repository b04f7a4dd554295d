import { assign, fromPromise, setup } from 'xstate';
import type { SessionSummary } from '../../api/contract/limits';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';

export interface RealityCheckContext {
  summary: SessionSummary | null;
  /** When the check was shown: the time spent is counted up to it. */
  shownAt: number;
  problem: Problem | null;
}

export type RealityCheckEvent = { type: 'continue' } | { type: 'stop' };

/** Without a period set, the trader may set one meanwhile: it is looked for again this often. */
export const REALITY_IDLE_RECHECK_MS = 5 * 60_000;

/**
 * The reality check of the trading room: every N minutes since the session's sign-in (the period
 * the trader chose in the limits, 10-120), a modal shows the time spent, the bets and the net
 * result of the session, read fresh from the server. "Continue" waits for the next multiple of N;
 * "stop for today" starts the server's time-out until the end of the UTC day (the same machinery
 * as the self-exclusion), after which no bet is accepted.
 */
export const realityCheckMachine = setup({
  types: { context: {} as RealityCheckContext, events: {} as RealityCheckEvent },
  actors: {
    loadSession: fromPromise<SessionSummary>(notProvided('loadSession')),
    stopToday: fromPromise<unknown>(notProvided('stopToday')),
  },
  guards: {
    hasPeriod: ({ context }) => context.summary?.reality_check_minutes != null,
  },
  delays: {
    /** Until the next whole multiple of the period since the sign-in (at least a second away). */
    untilNextCheck: ({ context }) => {
      const period = (context.summary?.reality_check_minutes ?? 0) * 60_000;
      const elapsed = Date.now() - Date.parse(context.summary!.started_at);
      const left = period - (elapsed % period);
      return left < 1000 ? left + period : left;
    },
    idleRecheck: REALITY_IDLE_RECHECK_MS,
  },
}).createMachine({
  id: 'realityCheck',
  context: { summary: null, shownAt: 0, problem: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'session',
        src: 'loadSession',
        onDone: [
          { guard: ({ event }) => event.output.reality_check_minutes != null, target: 'waiting', actions: assign({ summary: ({ event }) => event.output }) },
          { target: 'off', actions: assign({ summary: ({ event }) => event.output }) },
        ],
        onError: 'off',
      },
    },
    off: { after: { idleRecheck: 'loading' } },
    waiting: { after: { untilNextCheck: 'checking' } },
    checking: {
      invoke: {
        id: 'session',
        src: 'loadSession',
        onDone: [
          {
            guard: ({ event }) => event.output.reality_check_minutes != null,
            target: 'showing',
            actions: assign({ summary: ({ event }) => event.output, shownAt: () => Date.now(), problem: null }),
          },
          { target: 'off', actions: assign({ summary: ({ event }) => event.output }) },
        ],
        // The figures could not be read: the check is shown with the last ones rather than skipped.
        onError: { target: 'showing', actions: assign({ shownAt: () => Date.now() }) },
      },
    },
    showing: {
      on: {
        continue: { target: 'waiting', actions: assign({ problem: null }) },
        stop: 'stopping',
      },
    },
    stopping: {
      tags: ['busy'],
      invoke: {
        id: 'stop',
        src: 'stopToday',
        onDone: 'stopped',
        onError: { target: 'showing', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    stopped: { type: 'final' },
  },
});
