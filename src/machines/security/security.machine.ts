import { assign, fromPromise, setup } from 'xstate';
import type { PasskeyItem, SecurityPayload, SessionItem, SignInItem, TotpSetupPayload } from '../../api/contract/security';
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
 * `passkeys`: the account's passkeys (listed in the state `totp` loads). Adding one asks for a name
 * and the password, then the browser's prompt; removing one asks for the password. Either also
 * takes a fresh second factor when the account has one (`proof`: the app's code, or a passkey).
 *
 * Events: `totp.start`, `totp.confirm` {code}, `totp.cancel`, `codes.done`, `totp.disable` {code},
 * `totp.change` {code}, `codes.renew` {code}, `totp.retry`; `session.end` {id},
 * `sessions.endOthers`, `sessions.retry`; `passkey.addStart`, `passkey.add` {name, password, proof},
 * `passkey.removeStart` {id}, `passkey.remove` {password, proof}, `passkey.cancel`.
 */

/** A fresh second factor (a setup, adding or removing a passkey): the app's code, or the account's passkey (its prompt); none: the account has no factor. */
export interface SetupProof {
  code?: string;
  passkey?: boolean;
}

export interface SecurityContext {
  security: SecurityPayload | null;
  setup: TotpSetupPayload | null;
  recoveryCodes: string[] | null;
  totpFailure: Failure | null;
  sessions: SessionItem[];
  signIns: SignInItem[];
  sessionsFailure: Failure | null;
  passkeyFailure: Failure | null;
  /** The passkey whose removal waits for the password. */
  removingPasskey: string | null;
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
  | { type: 'sessions.retry' }
  | { type: 'passkey.addStart' }
  | { type: 'passkey.add'; name: string; password: string; proof: SetupProof }
  | { type: 'passkey.removeStart'; id: string }
  | { type: 'passkey.remove'; password: string; proof: SetupProof }
  | { type: 'passkey.cancel' };


export const securityMachine = setup({
  types: { context: {} as SecurityContext, events: {} as SecurityEvent },
  actors: {
    loadSecurity: fromPromise<SecurityPayload>(notProvided('loadSecurity')),
    /** With `passkey`, a passkey's answer to a two-factor challenge goes with the request (the browser's prompt first). */
    startSetup: fromPromise<TotpSetupPayload, SetupProof>(notProvided('startSetup')),
    confirmSetup: fromPromise<string[], { code: string }>(notProvided('confirmSetup')),
    disableTotp: fromPromise<unknown, { code: string }>(notProvided('disableTotp')),
    renewCodes: fromPromise<string[], { code: string }>(notProvided('renewCodes')),
    loadSessions: fromPromise<{ sessions: SessionItem[]; signIns: SignInItem[] }>(notProvided('loadSessions')),
    endSession: fromPromise<unknown, { id: string }>(notProvided('endSession')),
    endOtherSessions: fromPromise<unknown>(notProvided('endOtherSessions')),
    /** The fresh factor's prompt if a passkey, the server's options (after the password), the browser's prompt, the new passkey stored. */
    addPasskey: fromPromise<PasskeyItem, { name: string; password: string; proof: SetupProof }>(notProvided('addPasskey')),
    removePasskey: fromPromise<unknown, { id: string; password: string; proof: SetupProof }>(notProvided('removePasskey')),
  },
  actions: {
    keepTotpFailure: assign({ totpFailure: (_, params: { error: unknown }) => toFailure(params.error) }),
    keepSessionsFailure: assign({ sessionsFailure: (_, params: { error: unknown }) => toFailure(params.error) }),
    keepPasskeyFailure: assign({ passkeyFailure: (_, params: { error: unknown }) => toFailure(params.error) }),
  },
  guards: {
    enabled: ({ context }) => context.security?.totp.enabled === true,
  },
}).createMachine({
  id: 'security',
  type: 'parallel',
  context: {
    security: null,
    setup: null,
    recoveryCodes: null,
    totpFailure: null,
    sessions: [],
    signIns: [],
    sessionsFailure: null,
    passkeyFailure: null,
    removingPasskey: null,
  },
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
            // Turning it on where a passkey guards the account asks for that passkey (the server asks for it).
            input: ({ event, context }) => (event.type === 'totp.change' ? { code: event.code } : { passkey: (context.security?.passkeys.length ?? 0) > 0 }),
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
    passkeys: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'passkey.addStart': { target: 'naming', actions: assign({ passkeyFailure: null }) },
            'passkey.removeStart': { target: 'confirmingRemoval', actions: assign({ passkeyFailure: null, removingPasskey: ({ event }) => event.id }) },
          },
        },
        /** The form for the new passkey's name, the password and the fresh factor (if the account has one) is open. */
        naming: {
          on: {
            'passkey.add': { target: 'adding', actions: assign({ passkeyFailure: null }) },
            'passkey.cancel': { target: 'idle', actions: assign({ passkeyFailure: null }) },
          },
        },
        adding: {
          tags: ['passkeysBusy'],
          invoke: {
            src: 'addPasskey',
            input: ({ event }) => {
              const { name, password, proof } = event as Extract<SecurityEvent, { type: 'passkey.add' }>;
              return { name, password, proof };
            },
            onDone: {
              target: 'idle',
              actions: assign({
                security: ({ context, event }) => context.security && { ...context.security, passkeys: [...context.security.passkeys, event.output] },
              }),
            },
            onError: { target: 'naming', actions: { type: 'keepPasskeyFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** The password and the fresh factor (if the account has one) are asked before the passkey goes. */
        confirmingRemoval: {
          on: {
            'passkey.remove': { target: 'removing', actions: assign({ passkeyFailure: null }) },
            'passkey.cancel': { target: 'idle', actions: assign({ passkeyFailure: null, removingPasskey: null }) },
          },
        },
        removing: {
          tags: ['passkeysBusy'],
          invoke: {
            src: 'removePasskey',
            input: ({ context, event }) => {
              const { password, proof } = event as Extract<SecurityEvent, { type: 'passkey.remove' }>;
              return { id: context.removingPasskey ?? '', password, proof };
            },
            onDone: {
              target: 'idle',
              actions: assign({
                security: ({ context }) => context.security && { ...context.security, passkeys: context.security.passkeys.filter((item) => item.id !== context.removingPasskey) },
                removingPasskey: null,
              }),
            },
            onError: { target: 'confirmingRemoval', actions: { type: 'keepPasskeyFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
