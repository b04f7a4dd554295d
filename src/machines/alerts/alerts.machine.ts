import { assign, fromPromise, setup } from 'xstate';
import { alertSchema, type Alert, type CreateAlertRequest } from '../../api/contract/alerts';
import type { ServerMessage } from '../../api/contract/realtime';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';

export type AlertsEvent =
  | { type: 'alert.submit'; request: CreateAlertRequest }
  | { type: 'alert.delete'; id: number }
  | { type: 'alerts.retry' }
  | { type: 'realtime.message'; message: ServerMessage };

export interface AlertsContext {
  alerts: Alert[];
  /** The last refusal (its field errors go next to the form's fields); cleared by the next success. */
  problem: Problem | null;
  /** The alert being deleted. */
  deleting: number | null;
}

/** A realtime `alert` message's alert (one that fired), when it is one. */
function alertOf(event: AlertsEvent): Alert | null {
  if (event.type !== 'realtime.message' || event.message.type !== 'alert') return null;
  const parsed = alertSchema.safeParse(event.message.alert);
  return parsed.success ? parsed.data : null;
}

/**
 * The trader's price alerts (issue 17, 3): read when the room opens, a new one sent and put first,
 * one deleted, and a fired one updated from the socket's `alert` message (the toast and the
 * notification centre hear of it through the notifications). One call at a time; a refusal keeps
 * the list and shows the server's translated reason.
 */
export const alertsMachine = setup({
  types: { context: {} as AlertsContext, events: {} as AlertsEvent },
  actors: {
    loadAlerts: fromPromise<Alert[]>(notProvided('loadAlerts')),
    createAlert: fromPromise<Alert, CreateAlertRequest>(notProvided('createAlert')),
    deleteAlert: fromPromise<Alert, { id: number }>(notProvided('deleteAlert')),
  },
}).createMachine({
  id: 'alerts',
  context: { alerts: [], problem: null, deleting: null },
  initial: 'loading',
  on: {
    'realtime.message': {
      guard: ({ event }) => alertOf(event) !== null,
      actions: assign({
        alerts: ({ context, event }) => {
          const fired = alertOf(event)!;
          return context.alerts.map((alert) => (alert.id === fired.id ? fired : alert));
        },
      }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadAlerts',
        src: 'loadAlerts',
        onDone: { target: 'ready', actions: assign({ alerts: ({ event }) => event.output, problem: null }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    failed: { on: { 'alerts.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'alert.submit': 'submitting',
            'alert.delete': { target: 'deleting', actions: assign({ deleting: ({ event }) => event.id }) },
          },
        },
        submitting: {
          invoke: {
            id: 'createAlert',
            src: 'createAlert',
            input: ({ event }) => (event as Extract<AlertsEvent, { type: 'alert.submit' }>).request,
            onDone: { target: 'idle', actions: assign({ alerts: ({ context, event }) => [event.output, ...context.alerts], problem: null }) },
            onError: { target: 'idle', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteAlert',
            src: 'deleteAlert',
            input: ({ context }) => ({ id: context.deleting! }),
            onDone: {
              target: 'idle',
              actions: assign({ alerts: ({ context, event }) => context.alerts.filter((a) => a.id !== event.output.id), problem: null, deleting: null }),
            },
            onError: { target: 'idle', actions: assign({ problem: ({ event }) => toProblem(event.error), deleting: null }) },
          },
        },
      },
    },
  },
});
