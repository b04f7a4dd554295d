import { assign, fromPromise, setup } from 'xstate';
import type {
  FreshSecondFactorRequest,
  PasskeyAuthenticationResponse,
  PasskeyItem,
  SecurityPayload,
  SessionItem,
  SignInItem,
  TotpSetupPayload,
} from '../../api/contract/security';
import { notProvided, toFailure, type Failure } from '../app/failure';
import { freshPasskeyEffect } from '../app/fresh-passkey';

/**
 * The Security settings screen (/settings/security): two-factor sign-in (TOTP) and the account's
 * sessions and sign-in history, two parallel regions.
 *
 * `totp`: loads the state (off or on); "turn on" asks the server for a pending secret (shown with
 * its QR code) which a code of the app confirms; the ten recovery codes are then shown once until
 * the trader says they are kept. When on, "turn off", "change the app" and "new recovery codes"
 * each take a fresh second factor first: a code, or one of the account's passkeys
 * (`signingWithPasskey`: the browser's prompt, then the step with its answer). Turning the app on
 * where a passkey guards the account asks for that passkey first. A closed prompt or a refused
 * answer comes back to the form with the reason.
 *
 * `sessions`: loads the live sessions and the sign-in history; ending one session or all others
 * reloads them.
 *
 * `passkeys`: the account's passkeys (listed in the state `totp` loads). Adding one asks for a name
 * and the password, then the browser's prompt; removing one asks for the password. Either also
 * takes a fresh second factor when the account has one (`proof`: the app's code, or a passkey,
 * whose prompt `signingToAdd` / `signingToRemove` open first).
 *
 * Events: `totp.start`, `totp.confirm` {code}, `totp.cancel`, `codes.done`, `totp.disable` {code},
 * `totp.change` {code}, `codes.renew` {code}, `totp.usePasskey` {step}, `totp.retry`; `session.end` {id},
 * `sessions.endOthers`, `sessions.retry`; `passkey.addStart`, `passkey.add` {name, password, proof},
 * `passkey.removeStart` {id}, `passkey.remove` {password, proof}, `passkey.cancel`.
 */

/** A fresh second factor (a setup, adding or removing a passkey): the app's code, or the account's passkey (its prompt); none: the account has no factor. */
export interface SetupProof {
  code?: string;
  passkey?: boolean;
}

/** The steps of the two-factor panel that take a fresh second factor. */
export type TotpStep = 'start' | 'disable' | 'change' | 'renew';

/** Adding or removing a passkey: the password and the fresh factor as the request carries it. */
export interface PasskeyChange {
  name: string;
  password: string;
  factor: FreshSecondFactorRequest;
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
  /** The two-factor step under way and its fresh factor (a code, a passkey's answer: a challenge serves once). */
  totpStep: TotpStep | null;
  totpFactor: FreshSecondFactorRequest;
  /** The passkey being added or removed, while its fresh factor is signed and sent. */
  passkeyChange: PasskeyChange | null;
}

export type SecurityEvent =
  | { type: 'totp.start' }
  | { type: 'totp.confirm'; code: string }
  | { type: 'totp.cancel' }
  | { type: 'codes.done' }
  | { type: 'totp.disable'; code: string }
  | { type: 'totp.change'; code: string }
  | { type: 'codes.renew'; code: string }
  | { type: 'totp.usePasskey'; step: Exclude<TotpStep, 'start'> }
  | { type: 'totp.retry' }
  | { type: 'session.end'; id: string }
  | { type: 'sessions.endOthers' }
  | { type: 'sessions.retry' }
  | { type: 'passkey.addStart' }
  | { type: 'passkey.add'; name: string; password: string; proof: SetupProof }
  | { type: 'passkey.removeStart'; id: string }
  | { type: 'passkey.remove'; password: string; proof: SetupProof }
  | { type: 'passkey.cancel' };

/** The code as the request carries it (a passkey's answer is signed in the machine first). */
const codeFactor = (proof: SetupProof): FreshSecondFactorRequest => (proof.code === undefined ? {} : { code: proof.code });
const changeOf = (context: SecurityContext): PasskeyChange => context.passkeyChange ?? { name: '', password: '', factor: {} };

export const securityMachine = setup({
  types: { context: {} as SecurityContext, events: {} as SecurityEvent },
  actors: {
    loadSecurity: fromPromise<SecurityPayload>(notProvided('loadSecurity')),
    /** The fresh factor goes with each request that changes two-factor sign-in. */
    startSetup: fromPromise<TotpSetupPayload, FreshSecondFactorRequest>(notProvided('startSetup')),
    confirmSetup: fromPromise<string[], { code: string }>(notProvided('confirmSetup')),
    disableTotp: fromPromise<unknown, FreshSecondFactorRequest>(notProvided('disableTotp')),
    renewCodes: fromPromise<string[], FreshSecondFactorRequest>(notProvided('renewCodes')),
    /** The server's two-factor challenge signed by one of the account's passkeys (the browser's prompt). */
    signWithPasskey: freshPasskeyEffect,
    loadSessions: fromPromise<{ sessions: SessionItem[]; signIns: SignInItem[] }>(notProvided('loadSessions')),
    endSession: fromPromise<unknown, { id: string }>(notProvided('endSession')),
    endOtherSessions: fromPromise<unknown>(notProvided('endOtherSessions')),
    /** The server's options (after the password and the fresh factor), the browser's prompt, the new passkey stored. */
    addPasskey: fromPromise<PasskeyItem, PasskeyChange>(notProvided('addPasskey')),
    removePasskey: fromPromise<unknown, PasskeyChange & { id: string }>(notProvided('removePasskey')),
  },
  actions: {
    keepTotpFailure: assign({ totpFailure: (_, params: { error: unknown }) => toFailure(params.error) }),
    keepSessionsFailure: assign({ sessionsFailure: (_, params: { error: unknown }) => toFailure(params.error) }),
    keepPasskeyFailure: assign({ passkeyFailure: (_, params: { error: unknown }) => toFailure(params.error) }),
    keepTotpAnswer: assign({ totpFactor: (_, params: { answer: PasskeyAuthenticationResponse }) => ({ passkey: params.answer }) }),
    forgetTotpFactor: assign({ totpStep: null, totpFactor: {} }),
    keepChangeAnswer: assign({
      passkeyChange: ({ context }, params: { answer: PasskeyAuthenticationResponse }) => ({ ...changeOf(context), factor: { passkey: params.answer } }),
    }),
    keepPasskeyChange: assign({
      passkeyFailure: null,
      passkeyChange: (_, params: { name?: string; password: string; proof: SetupProof }) => ({ name: params.name ?? '', password: params.password, factor: codeFactor(params.proof) }),
    }),
    forgetPasskeyChange: assign({ passkeyChange: null }),
  },
  guards: {
    enabled: ({ context }) => context.security?.totp.enabled === true,
    hasPasskey: ({ context }) => (context.security?.passkeys.length ?? 0) > 0,
    totpStepIs: ({ context }, params: { step: TotpStep }) => context.totpStep === params.step,
    withPasskey: (_, params: { proof: SetupProof }) => params.proof.passkey === true,
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
    totpStep: null,
    totpFactor: {},
    passkeyChange: null,
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
          on: {
            'totp.start': [
              // Where a passkey guards the account, turning the app on asks for that passkey first (the server asks for it).
              { guard: 'hasPasskey', target: 'signingWithPasskey', actions: assign({ totpFailure: null, totpStep: 'start' }) },
              { target: 'startingSetup', actions: assign({ totpFailure: null, totpStep: 'start', totpFactor: {} }) },
            ],
          },
        },
        /** The browser's passkey prompt is open for the step; then the step goes with its answer. */
        signingWithPasskey: {
          tags: ['totpBusy'],
          invoke: {
            src: 'signWithPasskey',
            input: { purpose: 'two_factor' },
            onDone: [
              { guard: { type: 'totpStepIs', params: { step: 'disable' } }, target: 'disabling', actions: { type: 'keepTotpAnswer', params: ({ event }) => ({ answer: event.output }) } },
              { guard: { type: 'totpStepIs', params: { step: 'renew' } }, target: 'renewingCodes', actions: { type: 'keepTotpAnswer', params: ({ event }) => ({ answer: event.output }) } },
              { target: 'startingSetup', actions: { type: 'keepTotpAnswer', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: { target: 'decide', actions: ['forgetTotpFactor', { type: 'keepTotpFailure', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        startingSetup: {
          tags: ['totpBusy'],
          exit: 'forgetTotpFactor',
          invoke: {
            src: 'startSetup',
            input: ({ context }) => context.totpFactor,
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
            'totp.disable': { target: 'disabling', actions: assign({ totpFailure: null, totpStep: 'disable', totpFactor: ({ event }) => ({ code: event.code }) }) },
            'totp.change': { target: 'startingSetup', actions: assign({ totpFailure: null, totpStep: 'change', totpFactor: ({ event }) => ({ code: event.code }) }) },
            'codes.renew': { target: 'renewingCodes', actions: assign({ totpFailure: null, totpStep: 'renew', totpFactor: ({ event }) => ({ code: event.code }) }) },
            'totp.usePasskey': { guard: 'hasPasskey', target: 'signingWithPasskey', actions: assign({ totpFailure: null, totpStep: ({ event }) => event.step }) },
          },
        },
        disabling: {
          tags: ['totpBusy'],
          exit: 'forgetTotpFactor',
          invoke: {
            src: 'disableTotp',
            input: ({ context }) => context.totpFactor,
            onDone: { target: 'loading' },
            onError: { target: 'on', actions: { type: 'keepTotpFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        renewingCodes: {
          tags: ['totpBusy'],
          exit: 'forgetTotpFactor',
          invoke: {
            src: 'renewCodes',
            input: ({ context }) => context.totpFactor,
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
            'passkey.add': [
              { guard: { type: 'withPasskey', params: ({ event }) => event }, target: 'signingToAdd', actions: { type: 'keepPasskeyChange', params: ({ event }) => event } },
              { target: 'adding', actions: { type: 'keepPasskeyChange', params: ({ event }) => event } },
            ],
            'passkey.cancel': { target: 'idle', actions: assign({ passkeyFailure: null }) },
          },
        },
        /** The fresh factor is a passkey: its prompt first, then the change goes with its answer. */
        signingToAdd: {
          tags: ['passkeysBusy'],
          invoke: {
            src: 'signWithPasskey',
            input: { purpose: 'two_factor' },
            onDone: { target: 'adding', actions: { type: 'keepChangeAnswer', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'naming', actions: ['forgetPasskeyChange', { type: 'keepPasskeyFailure', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        adding: {
          tags: ['passkeysBusy'],
          exit: 'forgetPasskeyChange',
          invoke: {
            src: 'addPasskey',
            input: ({ context }) => changeOf(context),
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
            'passkey.remove': [
              { guard: { type: 'withPasskey', params: ({ event }) => event }, target: 'signingToRemove', actions: { type: 'keepPasskeyChange', params: ({ event }) => event } },
              { target: 'removing', actions: { type: 'keepPasskeyChange', params: ({ event }) => event } },
            ],
            'passkey.cancel': { target: 'idle', actions: assign({ passkeyFailure: null, removingPasskey: null }) },
          },
        },
        signingToRemove: {
          tags: ['passkeysBusy'],
          invoke: {
            src: 'signWithPasskey',
            input: { purpose: 'two_factor' },
            onDone: { target: 'removing', actions: { type: 'keepChangeAnswer', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'confirmingRemoval', actions: ['forgetPasskeyChange', { type: 'keepPasskeyFailure', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        removing: {
          tags: ['passkeysBusy'],
          exit: 'forgetPasskeyChange',
          invoke: {
            src: 'removePasskey',
            input: ({ context }) => ({ ...changeOf(context), id: context.removingPasskey ?? '' }),
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
