import type { SnapshotFrom } from 'xstate';
import type { localeMachine } from './locale.machine';

type LocaleSnapshot = SnapshotFrom<typeof localeMachine>;

export const selectLocale = (snapshot: LocaleSnapshot) => snapshot.context.current;
