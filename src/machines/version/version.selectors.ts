import type { SnapshotFrom } from 'xstate';
import type { versionMachine } from './version.machine';

/** A new version is out and waits for the trader or the next change of page. */
export const selectUpdateAvailable = (snapshot: SnapshotFrom<typeof versionMachine>): boolean => snapshot.hasTag('update');
