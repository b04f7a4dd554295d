import { failedBackTo, sessionSetup, type SessionEvent } from './session.setup';

/** The second step of a sign-in failed: a 429 waits, an expired sign-in starts again from the password. */
const secondFactorFailed = [
  { guard: 'errorThrottled', target: 'secondFactorThrottled', actions: 'keepErrorFailure' },
  // The pending sign-in expired: start again from the password.
  { guard: 'errorSecondFactorExpired', target: 'idle', actions: 'keepErrorFailure' },
  { target: 'secondFactor', actions: 'keepErrorFailure' },
] as const;

/** Signed out: the flows that sign a trader in (password, second factor, passkey), register and reset. */
export const anonymousState = sessionSetup.createStateConfig({
  initial: 'idle',
  on: {
    'envelope.user': [
      {
        guard: 'eventUserSignedIn',
        target: 'authenticated',
        actions: ['keepEventUser', 'clearFailure'],
      },
      { actions: 'keepEventUser' },
    ],
    'session.check': { target: 'checking', actions: 'clearFailure' },
  },
  states: {
    idle: {
      on: {
        'page.opened': { actions: 'clearFailure' },
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
      on: { 'envelope.user': { actions: 'keepEventUser' } },
      invoke: {
        id: 'passkeySignIn',
        src: 'signInWithPasskey',
        onDone: { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'login' } } },
        onError: failedBackTo('idle'),
      },
    },
    loggingIn: {
      tags: ['busy'],
      // The answer's envelope arrives before the call resolves: the flow's own end decides.
      on: { 'envelope.user': { actions: 'keepEventUser' } },
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
        onError: failedBackTo('idle'),
      },
    },
    registering: {
      tags: ['busy'],
      on: { 'envelope.user': { actions: 'keepEventUser' } },
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'register.submit' }>).values,
        onDone: { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'register' } } },
        onError: failedBackTo('idle'),
      },
    },
    requestingReset: {
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'reset.request' }>).values,
        onDone: { target: 'resetRequested' },
        onError: failedBackTo('idle'),
      },
    },
    /** The link is on its way (if the address has an account); another one may be asked for. */
    resetRequested: {
      on: {
        'reset.request': { target: 'requestingReset', actions: 'clearFailure' },
        'page.opened': { target: 'idle', actions: 'clearFailure' },
      },
    },
    resetting: {
      tags: ['busy'],
      on: { 'envelope.user': { actions: 'keepEventUser' } },
      invoke: {
        id: 'reset',
        src: 'resetByToken',
        input: ({ event }) => {
          const { token, values } = event as Extract<SessionEvent, { type: 'reset.submit' }>;
          return { token, values };
        },
        // jscpd:ignore-start: statechart config; a reset signs in as a login does.
        onDone: [
          {
            guard: { type: 'secondFactorAsked', params: ({ event }) => ({ output: event.output }) },
            target: 'secondFactor',
            actions: { type: 'keepSecondFactorKinds', params: ({ event }) => ({ output: event.output }) },
          },
          { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'reset' } } },
        ],
        // jscpd:ignore-end
        onError: failedBackTo('idle'),
      },
    },
    /** The password was right; the code of the authenticator app (or a recovery code) is asked. */
    secondFactor: {
      on: {
        'secondFactor.submit': { target: 'verifyingSecondFactor', actions: 'clearFailure' },
        'secondFactor.passkey': { target: 'verifyingPasskey', actions: 'clearFailure' },
        'secondFactor.cancel': { target: 'idle', actions: 'clearFailure' },
        // Another page opened: the pending sign-in is left, as the page that asked for it was.
        'page.opened': { target: 'idle', actions: 'clearFailure' },
      },
    },
    /** The account's passkey as the second step: the browser's prompt, then the server's check. */
    verifyingPasskey: {
      tags: ['busy'],
      on: { 'envelope.user': { actions: 'keepEventUser' } },
      invoke: {
        id: 'secondFactorPasskey',
        src: 'proveSecondFactorWithPasskey',
        onDone: { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'login' } } },
        onError: secondFactorFailed,
      },
    },
    verifyingSecondFactor: {
      tags: ['busy'],
      on: { 'envelope.user': { actions: 'keepEventUser' } },
      invoke: {
        id: 'secondFactor',
        src: 'submitSecondFactor',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'secondFactor.submit' }>).values,
        onDone: { target: '#session.authenticated', actions: { type: 'announce', params: { reason: 'login' } } },
        onError: secondFactorFailed,
      },
    },
    /** 429 on the code: the step waits as the password does, then asks again. */
    secondFactorThrottled: {
      tags: ['throttled'],
      after: { throttle: { target: 'secondFactor', actions: 'clearFailure' } },
      on: {
        'secondFactor.cancel': { target: 'idle', actions: 'clearFailure' },
        'page.opened': { target: 'idle', actions: 'clearFailure' },
      },
    },
    /** 429: the failure (with retryAfter) stays on screen; submits wait until the time is up. */
    throttled: {
      tags: ['throttled'],
      after: { throttle: { target: 'idle', actions: 'clearFailure' } },
      // Another form opened: the wait was this one's (the server limits each call on its own).
      on: { 'page.opened': { target: 'idle', actions: 'clearFailure' } },
    },
  },
});
