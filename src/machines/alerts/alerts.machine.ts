import { assign, fromPromise, setup } from 'xstate';
import { alertSchema, type Alert, type CreateAlertRequest } from '../../api/contract/alerts';
import type { ServerMessage } from '../../api/contract/realtime';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';

export type AlertsEvent =
  | { type: 'alert.submit'; request: CreateAlertRequest }
  | { type: 'alert.delete'; id: number }
  | { type: 'alerts.retry' }
  /** The trader changed the form: the last refusal was about what they had typed. */
  | { type: 'alert.edit' }
  /** The connection is back: what the socket said while it was down is read from the list. */
  | { type: 'connection.back' }
  | { type: 'realtime.message'; message: ServerMessage };

export interface AlertsContext {
  alerts: Alert[];
  /** The last refusal (its field errors go next to the form's fields); cleared by an edit, a new call or a success. */
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
 * The alerts with `alert` in its place, a new one first. Firing only moves an alert on (its count
 * grows), so a copy that has fired fewer times is older news and is not applied: the create call's
 * answer can come after the socket said the alert fired (its level was a hair from the price).
 */
function upsert(alerts: Alert[], alert: Alert): Alert[] {
  const known = alerts.find((a) => a.id === alert.id);
  if (!known) return [alert, ...alerts];
  if (known.fired_count > alert.fired_count) return alerts;
  return alerts.map((a) => (a.id === alert.id ? alert : a));
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
  guards: { isAlertMessage: ({ event }) => alertOf(event) !== null },
  actions: {
    updateAlert: assign({
      alerts: ({ context, event }) => {
        const alert = alertOf(event)!;
        return context.alerts.some((a) => a.id === alert.id) ? upsert(context.alerts, alert) : context.alerts;
      },
    }),
    takeInAlert: assign({ alerts: ({ context, event }) => upsert(context.alerts, alertOf(event)!) }),
    // What the socket said while the list was on its way is kept over the list's older copy.
    takeInAlerts: assign({ alerts: ({ context }, list: Alert[]) => context.alerts.reduce(upsert, list) }),
  },
}).createMachine({
  id: 'alerts',
  context: { alerts: [], problem: null, deleting: null },
  initial: 'loading',
  on: {
    // An alert the list does not hold is left out: it was deleted (the delete may answer before the
    // news that it fired), or another tab set it. Only while the list or a new alert is on its way
    // is such news kept (the states below), as the answer may come after it.
    'realtime.message': { guard: 'isAlertMessage', actions: 'updateAlert' },
    'alert.edit': { actions: assign({ problem: null }) },
  },
  states: {
    loading: {
      on: { 'realtime.message': { guard: 'isAlertMessage', actions: 'takeInAlert' } },
      invoke: {
        id: 'loadAlerts',
        src: 'loadAlerts',
        onDone: {
          target: 'ready',
          actions: [{ type: 'takeInAlerts', params: ({ event }) => event.output }, assign({ problem: null })],
        },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    failed: { on: { 'alerts.retry': 'loading', 'connection.back': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        // The list is read again once the connection is back, while the form stays in use: an
        // alert may have fired while the socket could not say so.
        list: {
          initial: 'current',
          states: {
            current: { on: { 'connection.back': 'reloading' } },
            reloading: {
              on: {
                'realtime.message': { guard: 'isAlertMessage', actions: 'takeInAlert' },
                // Lost and back again while reading: the answer may predate the second loss.
                'connection.back': { target: 'reloading', reenter: true },
              },
              invoke: {
                id: 'reloadAlerts',
                src: 'loadAlerts',
                onDone: { target: 'current', actions: { type: 'takeInAlerts', params: ({ event }) => event.output } },
                // The list kept is what it was before the connection went; the next return tries again.
                onError: { target: 'current' },
              },
            },
          },
        },
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'alert.submit': { target: 'submitting', actions: assign({ problem: null }) },
                'alert.delete': { target: 'deleting', actions: assign({ deleting: ({ event }) => event.id }) },
              },
            },
            submitting: {
              on: { 'realtime.message': { guard: 'isAlertMessage', actions: 'takeInAlert' } },
              invoke: {
                id: 'createAlert',
                src: 'createAlert',
                input: ({ event }) => (event as Extract<AlertsEvent, { type: 'alert.submit' }>).request,
                onDone: {
                  target: 'idle',
                  actions: assign({
                    alerts: ({ context, event }) => upsert(context.alerts, event.output),
                    problem: null,
                  }),
                },
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
                  actions: assign({
                    alerts: ({ context, event }) => context.alerts.filter((a) => a.id !== event.output.id),
                    problem: null,
                    deleting: null,
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({ problem: ({ event }) => toProblem(event.error), deleting: null }),
                },
              },
            },
          },
        },
      },
    },
  },
});
