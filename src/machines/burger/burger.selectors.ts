import type { SnapshotFrom } from 'xstate';
import type { burgerMachine } from './burger.machine';

export const selectBurgerOpen = (snapshot: SnapshotFrom<typeof burgerMachine>) => snapshot.matches('open');
