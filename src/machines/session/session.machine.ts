import { and, assign, emit, fromPromise, not, setup, stateIn } from 'xstate';
import type { ChangePasswordRequest, LoginRequest, RegisterRequest, ResetByTokenRequest, ResetRequest } from '../../api/contract/auth';
import type { EnvelopeUser } from '../../api/contract/envelope';
import type { LoginPayload, SecondFactorKind, SecondFactorLoginRequest } from '../../api/contract/security';
import type { UserInfo, UserInfoUpdateRequest } from '../../api/contract/user';
import { notProvided, toFailure, type Failure } from '../app/failure';

/**
 * The trader's session (docs/design.md 4): checking, anonymous, authenticated, and the account flows
 * that move between them: log in (with remember-me), register, ask for a reset link, reset by the
 * emailed token, log out through the confirmation modal, change the password, read and save the
 * personal data, send the confirmation email again.
 *
 * Events (the contract for every container that drives it):
 * - `envelope.user` {user}: the user of an answer's envelope (the root actor forwards it, route
 *   containers forward `useUser()`); it moves a resting session between anonymous and authenticated.
 * - `session.check`: GET /api/auth/check again (also the retry after a failed check).
 * - `login.submit` {values}, `register.submit` {values}, `reset.request` {values},
 *   `reset.submit` {token, values}: the anonymous flows.
 * - `secondFactor.submit` {values: {code}}, `secondFactor.passkey`, `secondFactor.cancel`: the
 *   second step of a sign-in (login or reset) of an account with two-factor sign-in, in
 *   `anonymous.secondFactor`: an authenticator app's code, or one of the account's passkeys.
 * - `passkey.signIn`: a sign-in with a passkey and no password.
 * - `logout.request` (the user menu's Logout: opens the modal), `logout.cancel` (the modal's Close),
 *   `logout.confirm` (the modal's Logout button): POST /api/auth/logout, then anonymous.
 * - `password.change` {values}, `profile.load`, `profile.save` {values}, `confirmation.send`.
 *
 * Emitted: `session.changed` {reason} whenever this machine signed the trader in or out (login,
 * register, reset, logout, or `expired` when a call answered 401), so the container tells the root
 * actor to read the user again and moves to /home or /.
 *
 * Failures keep the server's code, translated message, per-field messages (422) and `retryAfter`
 * (429); after a 429 the flow waits in `throttled` for that many seconds and takes no submit.
 */

export type SessionChangeReason = 'login' | 'register' | 'reset' | 'logout' | 'expired';

export interface SessionInput {
  /** What the root actor already knows; leave it out to check with the server first. */
  user?: EnvelopeUser | null;
}

export interface SessionContext {
  /** The last user an envelope or a flow told about; null until known. */
  user: EnvelopeUser | null;
  /** The last failure of an account flow (login, register, reset, logout, password). */
  failure: Failure | null;
  profile: UserInfo | null;
  profileFailure: Failure | null;
  confirmationFailure: Failure | null;
  /** The second factors the account that is signing in can use (the password step said). */
  secondFactorKinds: SecondFactorKind[];
}

export type SessionEvent =
  | { type: 'envelope.user'; user: EnvelopeUser }
  | { type: 'session.check' }
  | { type: 'login.submit'; values: LoginRequest }
  | { type: 'secondFactor.submit'; values: SecondFactorLoginRequest }
  | { type: 'secondFactor.passkey' }
  | { type: 'secondFactor.cancel' }
  | { type: 'passkey.signIn' }
  | { type: 'register.submit'; values: RegisterRequest }
  | { type: 'reset.request'; values: ResetRequest }
  | { type: 'reset.submit'; token: string; values: ResetByTokenRequest }
  | { type: 'logout.request' }
  | { type: 'logout.cancel' }
  | { type: 'logout.confirm' }
  | { type: 'password.change'; values: ChangePasswordRequest }
  | { type: 'profile.load' }
  | { type: 'profile.save'; values: UserInfoUpdateRequest }
  | { type: 'confirmation.send' };

export type SessionEmitted = { type: 'session.changed'; reason: SessionChangeReason };

const signedOut: EnvelopeUser = { is_authenticated: false };

/** The root actor's user is null before anything is known: that counts as signed in only when it says so. */
const isSignedIn = (user: EnvelopeUser | null | undefined) => user?.is_authenticated === true;

const failureOf = (error: unknown) => toFailure(error);
const isSessionEnded = (error: unknown) => failureOf(error).code === 'unauthenticated';
/** The password was right and the account's second factor is asked next. */
const secondFactorKindsOf = (output: unknown): SecondFactorKind[] => (output as LoginPayload | null | undefined)?.second_factor ?? [];
const isThrottled = (error: unknown) => {
  const failure = failureOf(error);
  return failure.code === 'rate_limited' && (failure.retryAfter ?? 0) > 0;
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    /**
     * GET /api/auth/check. The user travels in the envelope, which the client's hook hands to the
     * root actor (and so, as `envelope.user`, here) before the call resolves; an actor that can tell
     * the user itself may answer it, otherwise null.
     */
    checkSession: fromPromise<EnvelopeUser | null>(notProvided('checkSession')),
    logIn: fromPromise<unknown, LoginRequest>(notProvided('logIn')),
    submitSecondFactor: fromPromise<unknown, SecondFactorLoginRequest>(notProvided('submitSecondFactor')),
    /** The account's passkey as the second step: the server's options, the browser's prompt, the proof. */
    proveSecondFactorWithPasskey: fromPromise<unknown>(notProvided('proveSecondFactorWithPasskey')),
    /** A sign-in with any passkey of this site and no password. */
    signInWithPasskey: fromPromise<unknown>(notProvided('signInWithPasskey')),
    register: fromPromise<unknown, RegisterRequest>(notProvided('register')),
    requestReset: fromPromise<unknown, ResetRequest>(notProvided('requestReset')),
    resetByToken: fromPromise<unknown, { token: string; values: ResetByTokenRequest }>(notProvided('resetByToken')),
    logOut: fromPromise<unknown>(notProvided('logOut')),
    changePassword: fromPromise<unknown, ChangePasswordRequest>(notProvided('changePassword')),
    loadProfile: fromPromise<UserInfo>(notProvided('loadProfile')),
    saveProfile: fromPromise<UserInfo, UserInfoUpdateRequest>(notProvided('saveProfile')),
    sendConfirmation: fromPromise<unknown>(notProvided('sendConfirmation')),
  },
  actions: {
    keepUser: assign({ user: (_, params: { user: EnvelopeUser }) => params.user }),
    keepFailure: assign({ failure: (_, params: { error: unknown }) => failureOf(params.error) }),
    clearFailure: assign({ failure: null }),
    keepSecondFactorKinds: assign({ secondFactorKinds: (_, params: { output: unknown }) => secondFactorKindsOf(params.output) }),
    signedOut: assign({ user: signedOut, profile: null, profileFailure: null, confirmationFailure: null }),
    announce: emit((_, params: { reason: SessionChangeReason }) => ({ type: 'session.changed' as const, reason: params.reason })),
  },
  guards: {
    knownSignedIn: ({ context }) => isSignedIn(context.user),
    knownSignedOut: ({ context }) => context.user !== null && !isSignedIn(context.user),
    userSignedIn: (_, params: { user: EnvelopeUser }) => isSignedIn(params.user),
    sessionEnded: (_, params: { error: unknown }) => isSessionEnded(params.error),
    throttled: (_, params: { error: unknown }) => isThrottled(params.error),
    secondFactorAsked: (_, params: { output: unknown }) => secondFactorKindsOf(params.output).length > 0,
    secondFactorExpired: (_, params: { error: unknown }) => failureOf(params.error).code === 'invalid_token',
  },
  delays: {
    /** How long the server asked to wait (429 retry_after). */
    throttle: ({ context }) => (context.failure?.retryAfter ?? 0) * 1000,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.user ?? null,
    failure: null,
    profile: null,
    profileFailure: null,
    confirmationFailure: null,
    secondFactorKinds: [],
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'knownSignedIn', target: 'authenticated' },
        { guard: 'knownSignedOut', target: 'anonymous' },
        { target: 'checking' },
      ],
    },
    checking: {
      tags: ['busy'],
      on: {
        'envelope.user': [
          {
            guard: { type: 'userSignedIn', params: ({ event }) => ({ user: event.user }) },
            target: 'authenticated',
            actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) },
          },
          { target: 'anonymous', actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } },
        ],
      },
      invoke: {
        id: 'check',
        src: 'checkSession',
        onDone: [
          {
            guard: ({ event }) => isSignedIn(event.output),
            target: 'authenticated',
            actions: assign({ user: ({ event }) => event.output }),
          },
          // No user in the answer means no session.
          { target: 'anonymous', actions: assign({ user: ({ event }) => event.output ?? signedOut }) },
        ],
        onError: { target: 'checkFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkFailed: {
      tags: ['error'],
      on: { 'session.check': { target: 'checking', actions: 'clearFailure' } },
    },

    anonymous: {
      initial: 'idle',
      on: {
        'envelope.user': [
          {
            guard: { type: 'userSignedIn', params: ({ event }) => ({ user: event.user }) },
            target: 'authenticated',
            actions: [{ type: 'keepUser', params: ({ event }) => ({ user: event.user }) }, 'clearFailure'],
          },
          { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } },
        ],
        'session.check': { target: 'checking', actions: 'clearFailure' },
      },
      states: {
        idle: {
          on: {
            'login.submit': { target: 'loggingIn', actions: 'clearFailure' },
            'register.submit': { target: 'registering', actions: 'clearFailure' },
            'reset.request': { target: 'requestingReset', actions: 'clearFailure' },
            'reset.submit': { target: 'resetting', actions: 'clearFailure' },
            'passkey.signIn': { target: 'signingInWithPasskey', actions: 'clearFailure' },
          },
        },
        /** The browser's passkey prompt is open, then the server checks its answer. */
        signingInWithPasskey: {
          tags: ['busy'],
          on: { 'envelope.user': { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } } },
          invoke: {
            id: 'passkeySignIn',
            src: 'signInWithPasskey',
            onDone: { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'login' } } },
            onError: [
              { guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) }, target: 'throttled', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              { target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        loggingIn: {
          tags: ['busy'],
          // The answer's envelope arrives before the call resolves: the flow's own end decides.
          on: { 'envelope.user': { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } } },
          invoke: {
            id: 'login',
            src: 'logIn',
            input: ({ event }) => (event as Extract<SessionEvent, { type: 'login.submit' }>).values,
            onDone: [
              {
                guard: { type: 'secondFactorAsked', params: ({ event }) => ({ output: event.output }) },
                target: 'secondFactor',
                actions: { type: 'keepSecondFactorKinds', params: ({ event }) => ({ output: event.output }) },
              },
              { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'login' } } },
            ],
            onError: [
              { guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) }, target: 'throttled', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              { target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        registering: {
          tags: ['busy'],
          on: { 'envelope.user': { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } } },
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => (event as Extract<SessionEvent, { type: 'register.submit' }>).values,
            onDone: { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'register' } } },
            onError: [
              { guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) }, target: 'throttled', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              { target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        requestingReset: {
          tags: ['busy'],
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ event }) => (event as Extract<SessionEvent, { type: 'reset.request' }>).values,
            onDone: { target: 'resetRequested' },
            onError: [
              { guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) }, target: 'throttled', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              { target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** The link is on its way (if the address has an account); another one may be asked for. */
        resetRequested: {
          on: { 'reset.request': { target: 'requestingReset', actions: 'clearFailure' } },
        },
        resetting: {
          tags: ['busy'],
          on: { 'envelope.user': { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } } },
          invoke: {
            id: 'reset',
            src: 'resetByToken',
            input: ({ event }) => {
              const { token, values } = event as Extract<SessionEvent, { type: 'reset.submit' }>;
              return { token, values };
            },
            onDone: [
              {
                guard: { type: 'secondFactorAsked', params: ({ event }) => ({ output: event.output }) },
                target: 'secondFactor',
                actions: { type: 'keepSecondFactorKinds', params: ({ event }) => ({ output: event.output }) },
              },
              { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'reset' } } },
            ],
            onError: [
              { guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) }, target: 'throttled', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              { target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** The password was right; the code of the authenticator app (or a recovery code) is asked. */
        secondFactor: {
          on: {
            'secondFactor.submit': { target: 'verifyingSecondFactor', actions: 'clearFailure' },
            'secondFactor.passkey': { target: 'verifyingPasskey', actions: 'clearFailure' },
            'secondFactor.cancel': { target: 'idle', actions: 'clearFailure' },
          },
        },
        /** The account's passkey as the second step: the browser's prompt, then the server's check. */
        verifyingPasskey: {
          tags: ['busy'],
          on: { 'envelope.user': { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } } },
          invoke: {
            id: 'secondFactorPasskey',
            src: 'proveSecondFactorWithPasskey',
            onDone: { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'login' } } },
            onError: [
              { guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) }, target: 'secondFactorThrottled', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              { guard: { type: 'secondFactorExpired', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              { target: 'secondFactor', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        verifyingSecondFactor: {
          tags: ['busy'],
          on: { 'envelope.user': { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } } },
          invoke: {
            id: 'secondFactor',
            src: 'submitSecondFactor',
            input: ({ event }) => (event as Extract<SessionEvent, { type: 'secondFactor.submit' }>).values,
            onDone: { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'login' } } },
            onError: [
              { guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) }, target: 'secondFactorThrottled', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              // The pending sign-in expired: start again from the password.
              { guard: { type: 'secondFactorExpired', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
              { target: 'secondFactor', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** 429 on the code: the step waits as the password does, then asks again. */
        secondFactorThrottled: {
          tags: ['throttled'],
          after: { throttle: { target: 'secondFactor', actions: 'clearFailure' } },
          on: { 'secondFactor.cancel': { target: 'idle', actions: 'clearFailure' } },
        },
        /** 429: the failure (with retryAfter) stays on screen; submits wait until the time is up. */
        throttled: {
          tags: ['throttled'],
          after: { throttle: { target: 'idle', actions: 'clearFailure' } },
        },
      },
    },

    authenticated: {
      type: 'parallel',
      on: {
        'envelope.user': [
          {
            // Signed out elsewhere (another tab, an expired session). While this machine logs out,
            // the answer's envelope (signed out) comes first and the call's end announces it.
            guard: and([({ event }) => !isSignedIn(event.user), not(stateIn({ authenticated: { account: 'loggingOut' } }))]),
            target: 'anonymous',
            actions: ['signedOut', 'clearFailure'],
          },
          { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } },
        ],
      },
      states: {
        account: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'logout.request': { target: 'confirmingLogout', actions: 'clearFailure' },
                'password.change': { target: 'changingPassword', actions: 'clearFailure' },
              },
            },
            confirmingLogout: {
              on: {
                'logout.cancel': { target: 'idle', actions: 'clearFailure' },
                'logout.confirm': { target: 'loggingOut', actions: 'clearFailure' },
              },
            },
            loggingOut: {
              tags: ['busy'],
              invoke: {
                id: 'logout',
                src: 'logOut',
                onDone: { target: '#session.anonymous', actions: ['signedOut', { type: 'announce', params: { reason: 'logout' } }] },
                onError: [
                  // Already signed out on the server: the wish is fulfilled.
                  {
                    guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.anonymous',
                    actions: ['signedOut', { type: 'announce', params: { reason: 'logout' } }],
                  },
                  // The modal stays open with the reason, so Logout can be pressed again.
                  { target: 'confirmingLogout', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            changingPassword: {
              tags: ['busy'],
              invoke: {
                id: 'changePassword',
                src: 'changePassword',
                input: ({ event }) => (event as Extract<SessionEvent, { type: 'password.change' }>).values,
                onDone: { target: 'passwordChanged' },
                onError: [
                  {
                    guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.anonymous',
                    actions: ['signedOut', { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }, { type: 'announce', params: { reason: 'expired' } }],
                  },
                  { guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) }, target: 'throttled', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            passwordChanged: {
              on: {
                'logout.request': { target: 'confirmingLogout', actions: 'clearFailure' },
                'password.change': { target: 'changingPassword', actions: 'clearFailure' },
              },
            },
            throttled: {
              tags: ['throttled'],
              on: { 'logout.request': { target: 'confirmingLogout', actions: 'clearFailure' } },
              after: { throttle: { target: 'idle', actions: 'clearFailure' } },
            },
          },
        },
        profile: {
          initial: 'idle',
          states: {
            idle: { on: { 'profile.load': 'loading' } },
            loading: {
              tags: ['busy'],
              entry: assign({ profileFailure: null }),
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output }) },
                onError: [
                  {
                    guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.anonymous',
                    actions: ['signedOut', { type: 'announce', params: { reason: 'expired' } }],
                  },
                  { target: 'loadFailed', actions: assign({ profileFailure: ({ event }) => failureOf(event.error) }) },
                ],
              },
            },
            loadFailed: { tags: ['error'], on: { 'profile.load': 'loading' } },
            ready: {
              initial: 'editing',
              on: { 'profile.save': { target: 'saving', actions: assign({ profileFailure: null }) }, 'profile.load': 'loading' },
              states: { editing: {}, saved: {} },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveProfile',
                src: 'saveProfile',
                input: ({ event }) => (event as Extract<SessionEvent, { type: 'profile.save' }>).values,
                onDone: { target: 'ready.saved', actions: assign({ profile: ({ event }) => event.output }) },
                onError: [
                  {
                    guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.anonymous',
                    actions: ['signedOut', { type: 'announce', params: { reason: 'expired' } }],
                  },
                  { target: 'ready.editing', actions: assign({ profileFailure: ({ event }) => failureOf(event.error) }) },
                ],
              },
            },
          },
        },
        confirmation: {
          initial: 'idle',
          states: {
            idle: { on: { 'confirmation.send': { target: 'sending', actions: assign({ confirmationFailure: null }) } } },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'sendConfirmation',
                src: 'sendConfirmation',
                onDone: { target: 'sent' },
                onError: { target: 'idle', actions: assign({ confirmationFailure: ({ event }) => failureOf(event.error) }) },
              },
            },
            sent: {},
          },
        },
      },
    },
  },
});

