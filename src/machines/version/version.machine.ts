import { assign, setup } from 'xstate';
import { notProvided } from '../app/failure';

export type VersionEvent = { type: 'envelope.fv'; fv: string };

/**
 * The front-end version. The server stamps every answer with the current build's `fv`; when it
 * differs from the stored one the page reloads once to fetch the new build, and the new value is
 * stored first so the reloaded page does not reload again.
 */
export const versionMachine = setup({
  types: {
    context: {} as { stored: string },
    events: {} as VersionEvent,
    input: {} as { stored: string },
  },
  actions: {
    storeVersion: notProvided('storeVersion') as (args: unknown, params: { fv: string }) => void,
    reloadPage: notProvided('reloadPage'),
  },
  guards: { isNewVersion: ({ context, event }) => event.fv !== context.stored },
}).createMachine({
  id: 'version',
  context: ({ input }) => ({ stored: input.stored }),
  initial: 'current',
  states: {
    current: {
      on: {
        'envelope.fv': {
          guard: 'isNewVersion',
          target: 'reloading',
          actions: [assign({ stored: ({ event }) => event.fv }), { type: 'storeVersion', params: ({ event }) => ({ fv: event.fv }) }, 'reloadPage'],
        },
      },
    },
    // The page is going away; later answers of the old page change nothing.
    reloading: {},
  },
});
