import { and, assign, not, stateIn } from 'xstate';
import { failedBackTo, isSignedIn, sessionExpired, sessionSetup, failureOf, type SessionEvent } from './session.setup';

/** Signed in: the account (log out, the password), the personal data and the confirmation email, side by side. */
export const authenticatedState = sessionSetup.createStateConfig({
  type: 'parallel',
  on: {
    'envelope.user': [
      {
        // Signed out elsewhere (another tab, an expired session). While this machine logs out,
        // the answer's envelope (signed out) comes first and the call's end announces it.
        guard: and([
          ({ event }) => !isSignedIn(event.user),
          not(stateIn({ authenticated: { account: 'loggingOut' } })),
        ]),
        target: 'anonymous',
        actions: ['signedOut', 'clearFailure'],
      },
      { actions: 'keepEventUser' },
    ],
  },
  states: {
    account: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'page.opened': { actions: 'clearFailure' },
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
            onDone: {
              target: '#session.anonymous',
              actions: ['signedOut', { type: 'announce', params: { reason: 'logout' } }],
            },
            onError: [
              // Already signed out on the server: the wish is fulfilled.
              {
                guard: 'errorSessionEnded',
                target: '#session.anonymous',
                actions: ['signedOut', { type: 'announce', params: { reason: 'logout' } }],
              },
              // The modal stays open with the reason, so Logout can be pressed again.
              { target: 'confirmingLogout', actions: 'keepErrorFailure' },
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
                guard: 'errorSessionEnded',
                target: '#session.anonymous',
                actions: ['signedOut', 'keepErrorFailure', { type: 'announce', params: { reason: 'expired' } }],
              },
              ...failedBackTo('idle'),
            ],
          },
        },
        passwordChanged: {
          on: {
            'page.opened': 'idle',
            'logout.request': { target: 'confirmingLogout', actions: 'clearFailure' },
            'password.change': { target: 'changingPassword', actions: 'clearFailure' },
          },
        },
        throttled: {
          tags: ['throttled'],
          on: {
            'logout.request': { target: 'confirmingLogout', actions: 'clearFailure' },
            'page.opened': { target: 'idle', actions: 'clearFailure' },
          },
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
              sessionExpired,
              { target: 'loadFailed', actions: assign({ profileFailure: ({ event }) => failureOf(event.error) }) },
            ],
          },
        },
        loadFailed: { tags: ['error'], on: { 'profile.load': 'loading' } },
        ready: {
          initial: 'editing',
          on: {
            'profile.save': { target: 'saving', actions: assign({ profileFailure: null }) },
            'profile.load': 'loading',
          },
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
              sessionExpired,
              { target: 'ready.editing', actions: assign({ profileFailure: ({ event }) => failureOf(event.error) }) },
            ],
          },
        },
      },
    },
    confirmation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'confirmation.send': { target: 'sending', actions: assign({ confirmationFailure: null }) },
            'page.opened': { actions: assign({ confirmationFailure: null }) },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendConfirmation',
            src: 'sendConfirmation',
            onDone: { target: 'sent' },
            onError: {
              target: 'idle',
              actions: assign({ confirmationFailure: ({ event }) => failureOf(event.error) }),
            },
          },
        },
        sent: { on: { 'page.opened': 'idle' } },
      },
    },
  },
});
