import { assign } from 'xstate';
import { anonymousState } from './anonymous.states';
import { authenticatedState } from './authenticated.states';
import { isSignedIn, sessionSetup, signedOut } from './session.setup';

export type { SessionChangeReason, SessionInput } from './session.setup';

/** The trader's session: its events, context and failures are described in session.setup.ts. */
export const sessionMachine = sessionSetup.createMachine({
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
            guard: 'eventUserSignedIn',
            target: 'authenticated',
            actions: 'keepEventUser',
          },
          { target: 'anonymous', actions: 'keepEventUser' },
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
        onError: { target: 'checkFailed', actions: 'keepErrorFailure' },
      },
    },
    checkFailed: {
      tags: ['error'],
      on: { 'session.check': { target: 'checking', actions: 'clearFailure' } },
    },

    anonymous: anonymousState,
    authenticated: authenticatedState,
  },
});
