import type { SnapshotFrom } from 'xstate';
import type { chatsMachine, ThreadActor } from './chats.machine';
import { sameThread, threadOf } from './chats.machine';

type Snapshot = SnapshotFrom<typeof chatsMachine>;

export const selectChats = (s: Snapshot) => s.context.chats;
export const selectChatsFailed = (s: Snapshot) => s.matches({ list: 'failed' });
/** The id of the open chat in the list (the support chat until the trader picks another). */
export const selectOpenChatId = (s: Snapshot) => s.context.chats.find((c) => sameThread(threadOf(c), s.context.selected))?.id ?? null;
/** The open conversation's own actor. */
export const selectThread = (s: Snapshot) => s.children.thread as ThreadActor | undefined;
