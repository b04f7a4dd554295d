import { setup } from 'xstate';

export type BurgerEvent = { type: 'burger.toggle' } | { type: 'burger.open' } | { type: 'burger.close' } | { type: 'route.changed' };

/** The full-screen menu on small screens; any route change closes it (docs/product.md 2). */
export const burgerMachine = setup({ types: { events: {} as BurgerEvent } }).createMachine({
  id: 'burger',
  initial: 'closed',
  states: {
    closed: { on: { 'burger.toggle': 'open', 'burger.open': 'open' } },
    open: { on: { 'burger.toggle': 'closed', 'burger.close': 'closed', 'route.changed': 'closed' } },
  },
});
