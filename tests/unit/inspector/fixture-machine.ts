import { assign, setup } from 'xstate';

/** A small machine with a guard, nested and parallel states, for the inspector's tests and stories. */
export const lampMachine = setup({
  types: {
    context: {} as { level: number; log: string[] },
    events: {} as { type: 'switch' } | { type: 'dim'; by: number } | { type: 'fault' },
    input: {} as { level: number },
  },
  guards: { bright: ({ context }) => context.level > 0 },
}).createMachine({
  id: 'lamp',
  context: ({ input }) => ({ level: input.level, log: [] }),
  initial: 'off',
  states: {
    off: { on: { switch: { target: 'on', guard: 'bright' } } },
    on: {
      type: 'parallel',
      on: { switch: 'off', fault: '#lamp.broken' },
      states: {
        light: {
          initial: 'full',
          states: {
            full: { on: { dim: { target: 'dimmed', actions: assign({ level: ({ context, event }) => context.level - event.by, log: ({ context }) => [...context.log, 'dimmed'] }) } } },
            dimmed: {},
          },
        },
        fan: { initial: 'still', states: { still: {} } },
      },
    },
    broken: { id: 'broken', type: 'final' },
  },
});
