import { assign, fromPromise, setup } from 'xstate';
import type { SecurityPayload, SessionItem, SignInItem, TotpSetupPayload } from '../../api/contract/security';
import { notProvided, toFailure, type Failure } from '../app/failure';

/**
 * The Security settings screen (/settings/security): two-factor sign-in (TOTP) and the account's
 * sessions and sign-in history, two parallel regions.
 *
 * `totp`: loads the state (off or on); "turn on" asks the server for a pending secret (shown with
 * its QR code) which a code of the app confirms; the ten recovery codes are then shown once until
 * the trader says they are kept. When on, "turn off", "change the app" and "new recovery codes"
 * each take a fresh code first.
 *
 * `sessions`: loads the live sessions and the sign-in history; ending one session or all others
 * reloads them.
 *
 * Events: `totp.start`, `totp.confirm` {code}, `totp.cancel`, `codes.done`, `totp.disable` {code},
 * `totp.change` {code}, `codes.renew` {code}, `totp.retry`; `session.end` {id},
 * `sessions.endOthers`, `sessions.retry`.
 */

export interface SecurityContext {
  security: SecurityPayload | null;
  setup: TotpSetupPayload | null;
  recoveryCodes: string[] | null;
  totpFailure: Failure | null;
  sessions: SessionItem[];
  signIns: SignInItem[];
  sessionsFailure: Failure | null;
}

export type SecurityEvent =
  | { type: 'totp.start' }
  | { type: 'totp.confirm'; code: string }
  | { type: 'totp.cancel' }
  | { type: 'codes.done' }
  | { type: 'totp.disable'; code: string }
  | { type: 'totp.change'; code: string }
  | { type: 'codes.renew'; code: string }
  | { type: 'totp.retry' }
  | { type: 'session.end'; id: string }
  | { type: 'sessions.endOthers' }
  | { type: 'sessions.retry' };


export const securityMachine = setup({
  types: { context: {} as SecurityContext, events: {} as SecurityEvent },
  actors: {
    loadSecurity: fromPromise<SecurityPayload>(notProvided('loadSecurity')),
    startSetup: fromPromise<TotpSetupPayload, { code?: string }>(notProvided('startSetup')),
    confirmSetup: fromPromise<string[], { code: string }>(notProvided('confirmSetup')),
    disableTotp: fromPromise<unknown, { code: string }>(notProvided('disableTotp')),
    renewCodes: fromPromise<string[], { code: string }>(notProvided('renewCodes')),
    loadSessions: fromPromise<{ sessions: SessionItem[]; signIns: SignInItem[] }>(notProvided('loadSessions')),
    endSession: fromPromise<unknown, { id: string }>(notProvided('endSession')),
    endOtherSessions: fromPromise<unknown>(notProvided('endOtherSessions')),
  },
  actions: {
    keepTotpFailure: assign({ totpFailure: (_, params: { error: unknown }) => toFailure(params.error) }),
    keepSessionsFailure: assign({ sessionsFailure: (_, params: { error: unknown }) => toFailure(params.error) }),
  },
  guards: {
    enabled: ({ context }) => context.security?.totp.enabled === true,
  },
}).createMachine({
  id: 'security',
  type: 'parallel',
  context: { security: null, setup: null, recoveryCodes: null, totpFailure: null, sessions: [], signIns: [], sessionsFailure: null },
  states: {
    totp: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['totpBusy'],
          invoke: {
            src: 'loadSecurity',
            onDone: { target: 'decide', actions: assign({ security: ({ event }) => event.output }) },
            onError: { target: 'loadFailed', actions: { type: 'keepTotpFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        decide: { always: [{ guard: 'enabled', target: 'on' }, { target: 'off' }] },
        loadFailed: { on: { 'totp.retry': { target: 'loading', actions: assign({ totpFailure: null }) } } },
        off: {
          on: { 'totp.start': { target: 'startingSetup', actions: assign({ totpFailure: null }) } },
        },
        startingSetup: {
          tags: ['totpBusy'],
          invoke: {
            src: 'startSetup',
            input: ({ event }) => (event.type === 'totp.change' ? { code: event.code } : {}),
            onDone: { target: 'enrolling', actions: assign({ setup: ({ event }) => event.output }) },
            onError: { target: 'decide', actions: { type: 'keepTotpFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** The secret and its QR code are shown; a code of the app confirms them. */
        enrolling: {
          on: {
            'totp.confirm': { target: 'confirming', actions: assign({ totpFailure: null }) },
            'totp.cancel': { target: 'decide', actions: assign({ setup: null, totpFailure: null }) },
          },
        },
        confirming: {
          tags: ['totpBusy'],
          invoke: {
            src: 'confirmSetup',
            input: ({ event }) => ({ code: (event as Extract<SecurityEvent, { type: 'totp.confirm' }>).code }),
            onDone: { target: 'showingCodes', actions: assign({ recoveryCodes: ({ event }) => event.output, setup: null }) },
            onError: { target: 'enrolling', actions: { type: 'keepTotpFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** The ten recovery codes, shown this once. */
        showingCodes: {
          on: { 'codes.done': { target: 'loading', actions: assign({ recoveryCodes: null }) } },
        },
        on: {
          on: {
            'totp.disable': { target: 'disabling', actions: assign({ totpFailure: null }) },
            'totp.change': { target: 'startingSetup', actions: assign({ totpFailure: null }) },
            'codes.renew': { target: 'renewingCodes', actions: assign({ totpFailure: null }) },
          },
        },
        disabling: {
          tags: ['totpBusy'],
          invoke: {
            src: 'disableTotp',
            input: ({ event }) => ({ code: (event as Extract<SecurityEvent, { type: 'totp.disable' }>).code }),
            onDone: { target: 'loading' },
            onError: { target: 'on', actions: { type: 'keepTotpFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        renewingCodes: {
          tags: ['totpBusy'],
          invoke: {
            src: 'renewCodes',
            input: ({ event }) => ({ code: (event as Extract<SecurityEvent, { type: 'codes.renew' }>).code }),
            onDone: { target: 'showingCodes', actions: assign({ recoveryCodes: ({ event }) => event.output }) },
            onError: { target: 'on', actions: { type: 'keepTotpFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    sessions: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['sessionsBusy'],
          invoke: {
            src: 'loadSessions',
            onDone: {
              target: 'ready',
              actions: assign({ sessions: ({ event }) => event.output.sessions, signIns: ({ event }) => event.output.signIns }),
            },
            onError: { target: 'loadFailed', actions: { type: 'keepSessionsFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadFailed: { on: { 'sessions.retry': { target: 'loading', actions: assign({ sessionsFailure: null }) } } },
        ready: {
          on: {
            'session.end': { target: 'ending', actions: assign({ sessionsFailure: null }) },
            'sessions.endOthers': { target: 'endingOthers', actions: assign({ sessionsFailure: null }) },
          },
        },
        ending: {
          tags: ['sessionsBusy'],
          invoke: {
            src: 'endSession',
            input: ({ event }) => ({ id: (event as Extract<SecurityEvent, { type: 'session.end' }>).id }),
            onDone: { target: 'loading' },
            onError: { target: 'ready', actions: { type: 'keepSessionsFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        endingOthers: {
          tags: ['sessionsBusy'],
          invoke: {
            src: 'endOtherSessions',
            onDone: { target: 'loading' },
            onError: { target: 'ready', actions: { type: 'keepSessionsFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
