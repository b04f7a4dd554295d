import { assign, setup } from 'xstate';
import { notProvided } from '../app/failure';

export type VersionEvent =
  | { type: 'envelope.fv'; fv: string }
  /** The trader asks for the new version now. */
  | { type: 'version.reload' }
  /** The app moved to another page: the moment a new version can start without losing anything. */
  | { type: 'route.changed' };

/**
 * The front-end version. The server stamps every answer with the current build's `fv`; when it
 * differs from the stored one a new version is out. It is offered, never forced (the page may hold
 * a bet being placed): the page reloads when the trader asks, or at the next change of page. The
 * new value is stored first so the reloaded page does not reload again.
 */
export const versionMachine = setup({
  types: {
    context: {} as { stored: string; next: string | null },
    events: {} as VersionEvent,
    input: {} as { stored: string },
  },
  actions: {
    storeVersion: notProvided('storeVersion') as (args: unknown, params: { fv: string }) => void,
    reloadPage: notProvided('reloadPage'),
  },
  guards: { isNewVersion: ({ context, event }) => event.type === 'envelope.fv' && event.fv !== context.stored },
}).createMachine({
  id: 'version',
  context: ({ input }) => ({ stored: input.stored, next: null }),
  initial: 'current',
  states: {
    current: {
      on: {
        'envelope.fv': { guard: 'isNewVersion', target: 'available', actions: assign({ next: ({ event }) => event.fv }) },
      },
    },
    available: {
      tags: ['update'],
      on: {
        'envelope.fv': { guard: 'isNewVersion', actions: assign({ next: ({ event }) => event.fv }) },
        'version.reload': 'reloading',
        'route.changed': 'reloading',
      },
    },
    // The page is going away; later answers of the old page change nothing.
    reloading: {
      entry: [
        assign({ stored: ({ context }) => context.next ?? context.stored }),
        { type: 'storeVersion', params: ({ context }) => ({ fv: context.next ?? context.stored }) },
        'reloadPage',
      ],
    },
  },
});
