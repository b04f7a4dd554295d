import type { SnapshotFrom } from 'xstate';
import type { audioMachine } from './audio.machine';

export const selectAudioEnabled = (snapshot: SnapshotFrom<typeof audioMachine>) => snapshot.context.enabled;
