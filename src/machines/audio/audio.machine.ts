import { assign, setup } from 'xstate';
import { notProvided } from '../app/failure';

export type AudioEvent = { type: 'audio.toggle' } | { type: 'audio.set'; enabled: boolean };

/** The sound setting: on unless the trader turned it off; kept across visits by `persistAudio`. */
export const audioMachine = setup({
  types: {
    context: {} as { enabled: boolean },
    events: {} as AudioEvent,
    input: {} as { stored?: boolean | null },
  },
  actions: { persistAudio: notProvided('persistAudio') as (args: unknown, params: { enabled: boolean }) => void },
}).createMachine({
  id: 'audio',
  context: ({ input }) => ({ enabled: input.stored ?? true }),
  on: {
    'audio.toggle': {
      actions: [assign({ enabled: ({ context }) => !context.enabled }), { type: 'persistAudio', params: ({ context }) => ({ enabled: context.enabled }) }],
    },
    'audio.set': {
      actions: [assign({ enabled: ({ event }) => event.enabled }), { type: 'persistAudio', params: ({ event }) => ({ enabled: event.enabled }) }],
    },
  },
});
