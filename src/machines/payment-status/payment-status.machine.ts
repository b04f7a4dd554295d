import { assign, fromPromise, setup } from 'xstate';
import type { PaymentCheckStatus } from '../../api/contract/payments';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';


export interface PaymentStatusInput {
  /** The check url the integration call returned. */
  checkUrl: string;
  /** Between two checks while the provider has not answered. */
  pollIntervalMs?: number;
  /** After this long without a final answer the machine stops and says so. */
  timeoutMs?: number;
}

export type PaymentStatusOutput = { status: 'completed' | 'failed' | 'timeout'; problem: Problem | null };

interface PaymentStatusContext {
  checkUrl: string;
  pollIntervalMs: number;
  timeoutMs: number;
  checks: number;
  /** The last failed check; polling goes on, the UI may show it. */
  problem: Problem | null;
  outcome: PaymentStatusOutput['status'];
}

export const POLL_INTERVAL_MS = 2000;
export const STATUS_TIMEOUT_MS = 120_000;

/**
 * Waits for a payment to settle: checks its status, waits, checks again, until the provider says
 * completed or failed, or until the timeout. A failed check (network, server) is not a failed
 * payment: polling goes on.
 */
export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    input: {} as PaymentStatusInput,
    output: {} as PaymentStatusOutput,
  },
  actors: {
    checkPaymentStatus: fromPromise<PaymentCheckStatus, { url: string }>(notProvided('checkPaymentStatus')),
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
    timeout: ({ context }) => context.timeoutMs,
  },
}).createMachine({
  id: 'paymentStatus',
  context: ({ input }) => ({
    checkUrl: input.checkUrl,
    pollIntervalMs: input.pollIntervalMs ?? POLL_INTERVAL_MS,
    timeoutMs: input.timeoutMs ?? STATUS_TIMEOUT_MS,
    checks: 0,
    problem: null,
    outcome: 'timeout',
  }),
  initial: 'polling',
  states: {
    polling: {
      after: { timeout: 'timedOut' },
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'check',
            src: 'checkPaymentStatus',
            input: ({ context }) => ({ url: context.checkUrl }),
            onDone: [
              { guard: ({ event }) => event.output === 'completed', target: '#paymentStatus.completed' },
              { guard: ({ event }) => event.output === 'failed', target: '#paymentStatus.failed' },
              { target: 'resting', actions: assign({ checks: ({ context }) => context.checks + 1, problem: null }) },
            ],
            onError: {
              target: 'resting',
              actions: assign({ checks: ({ context }) => context.checks + 1, problem: ({ event }) => toProblem(event.error) }),
            },
          },
        },
        resting: { after: { pollInterval: 'checking' } },
      },
    },
    completed: { type: 'final', entry: assign({ outcome: 'completed' as const }) },
    failed: { type: 'final', entry: assign({ outcome: 'failed' as const }) },
    timedOut: { type: 'final', entry: assign({ outcome: 'timeout' as const }) },
  },
  output: ({ context }) => ({ status: context.outcome, problem: context.problem }),
});
