import type { SnapshotFrom } from 'xstate';
import type { toastsMachine } from './toasts.machine';

export const selectToasts = (snapshot: SnapshotFrom<typeof toastsMachine>) => snapshot.context.toasts;
