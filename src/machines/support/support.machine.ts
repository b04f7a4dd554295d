import { assign, fromPromise, setup } from 'xstate';
import type { MessagePage, ReadMarkerResult, SentMessages, SupportMessage } from '../../api/contract/support';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';
import { addFiles, draftProblem, mergeMessages, newestFromTeam, sendableFiles, type DraftFile, type DraftMessage } from './support-draft';

/** Which conversation the machine shows: the support thread or one of the trader's chats. */
export type ThreadRef = { kind: 'support' } | { kind: 'chat'; id: number };

export interface LoadPageInput {
  thread: ThreadRef;
  page: number;
}
export interface SendInput {
  thread: ThreadRef;
  text: string;
  files: File[];
  /** Called with the uploaded fraction (0..1) while the body travels. */
  onProgress: (fraction: number) => void;
}
export interface MarkReadInput {
  thread: ThreadRef;
  lastRead: number;
}

export interface SupportContext {
  thread: ThreadRef;
  /** Oldest first. */
  items: SupportMessage[];
  /** How many pages from the newest are loaded. */
  pages: number;
  total: number;
  lastRead: number | null;
  text: string;
  files: DraftFile[];
  /** Why the draft was not sent (empty, too long, a bad file) or why files were refused. */
  draftError: DraftMessage | null;
  /** Upload progress 0..1 while sending. */
  progress: number | null;
  /** The thread could not be loaded. */
  problem: Problem | null;
  /** The last send failed (the draft is kept). */
  sendProblem: Problem | null;
  olderProblem: Problem | null;
}

export type SupportEvent =
  | { type: 'retry' }
  | { type: 'older.load' }
  | { type: 'text.change'; value: string }
  | { type: 'files.add'; files: File[] }
  /** One tap: every file that cannot be sent leaves the draft. */
  | { type: 'files.dropInvalid' }
  | { type: 'file.remove'; key: string }
  | { type: 'send' }
  | { type: 'send.progress'; fraction: number }
  /** The newest messages are on screen while the page is visible. */
  | { type: 'seen' }
  /** The server says how many answers wait unread (envelope or socket). */
  | { type: 'unread.changed'; unread: number };

/**
 * One conversation: the newest page first, older pages on demand, a draft with attachments checked
 * before upload, sending with progress (the draft survives a failure), new answers fetched when the
 * unread count rises, and the read marker moved when the trader has seen them.
 */
export const supportMachine = setup({
  types: {
    context: {} as SupportContext,
    events: {} as SupportEvent,
    input: {} as { thread: ThreadRef },
  },
  actors: {
    loadPage: fromPromise<MessagePage, LoadPageInput>(notProvided('loadPage')),
    sendMessage: fromPromise<SentMessages, SendInput>(notProvided('sendMessage')),
    markRead: fromPromise<ReadMarkerResult, MarkReadInput>(notProvided('markRead')),
  },
  actions: {
    takeNewest: assign(({ context }, page: MessagePage) => ({
      items: mergeMessages(context.items, page.items),
      total: page.total,
      // A marker moved here may be ahead of a page fetched meanwhile.
      lastRead: Math.max(context.lastRead ?? 0, page.last_read_message ?? 0) || null,
      pages: Math.max(context.pages, 1),
      problem: null,
    })),
  },
  guards: {
    hasOlder: ({ context }) => context.items.length < context.total,
    draftSendable: ({ context }) => draftProblem(context.text, context.files) === null,
    hasUnseen: ({ context }) => {
      const newest = newestFromTeam(context.items);
      return newest !== null && newest > (context.lastRead ?? 0);
    },
    hasUnread: (_, params: { unread: number }) => params.unread > 0,
  },
}).createMachine({
  id: 'support',
  context: ({ input }) => ({
    thread: input.thread,
    items: [],
    pages: 0,
    total: 0,
    lastRead: null,
    text: '',
    files: [],
    draftError: null,
    progress: null,
    problem: null,
    sendProblem: null,
    olderProblem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ thread: context.thread, page: 1 }),
        onDone: { target: 'ready', actions: { type: 'takeNewest', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    failed: {
      tags: ['error'],
      on: { retry: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        history: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'older.load': { guard: 'hasOlder', target: 'loading', actions: assign({ olderProblem: null }) } },
            },
            loading: {
              tags: ['loadingOlder'],
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ thread: context.thread, page: context.pages + 1 }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    items: mergeMessages(context.items, event.output.items),
                    total: event.output.total,
                    pages: context.pages + 1,
                  })),
                },
                onError: { target: 'idle', actions: assign({ olderProblem: ({ event }) => toProblem(event.error) }) },
              },
            },
          },
        },
        composer: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'text.change': { actions: assign({ text: ({ event }) => event.value, draftError: null, sendProblem: null }) },
                'files.add': {
                  actions: assign(({ context, event }) => {
                    const { files, refused } = addFiles(context.files, event.files);
                    return { files, draftError: refused, sendProblem: null };
                  }),
                },
                'files.dropInvalid': {
                  actions: assign({ files: ({ context }) => sendableFiles(context.files), draftError: null }),
                },
                'file.remove': {
                  actions: assign({
                    files: ({ context, event }) => context.files.filter((f) => f.key !== event.key),
                    draftError: null,
                  }),
                },
                send: [
                  { guard: 'draftSendable', target: 'sending' },
                  { actions: assign({ draftError: ({ context }) => draftProblem(context.text, context.files) }) },
                ],
              },
            },
            sending: {
              tags: ['sending'],
              entry: assign({ progress: 0, sendProblem: null, draftError: null }),
              exit: assign({ progress: null }),
              on: { 'send.progress': { actions: assign({ progress: ({ event }) => Math.min(1, Math.max(0, event.fraction)) }) } },
              invoke: {
                src: 'sendMessage',
                input: ({ context, self }) => ({
                  thread: context.thread,
                  text: context.text,
                  files: sendableFiles(context.files).map((f) => f.file),
                  onProgress: (fraction: number) => self.send({ type: 'send.progress', fraction }),
                }),
                onDone: {
                  target: 'editing',
                  actions: assign(({ context, event }) => ({
                    items: mergeMessages(context.items, event.output.items),
                    total: context.total + event.output.items.filter((m) => !context.items.some((c) => c.id === m.id)).length,
                    lastRead: event.output.last_read_message,
                    text: '',
                    files: [],
                  })),
                },
                onError: { target: 'editing', actions: assign({ sendProblem: ({ event }) => toProblem(event.error) }) },
              },
            },
          },
        },
        live: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'unread.changed': {
                  guard: { type: 'hasUnread', params: ({ event }) => ({ unread: event.unread }) },
                  target: 'refreshing',
                },
              },
            },
            refreshing: {
              on: {
                'unread.changed': {
                  guard: { type: 'hasUnread', params: ({ event }) => ({ unread: event.unread }) },
                  target: 'refreshing',
                  reenter: true,
                },
              },
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ thread: context.thread, page: 1 }),
                onDone: { target: 'idle', actions: { type: 'takeNewest', params: ({ event }) => event.output } },
                // The next rise of the count or a visit retries; the thread on screen stays usable.
                onError: 'idle',
              },
            },
          },
        },
        reading: {
          initial: 'idle',
          states: {
            idle: {
              on: { seen: { guard: 'hasUnseen', target: 'marking' } },
            },
            marking: {
              invoke: {
                src: 'markRead',
                input: ({ context }) => ({ thread: context.thread, lastRead: newestFromTeam(context.items) ?? 0 }),
                onDone: { target: 'idle', actions: assign({ lastRead: ({ event }) => event.output.last_read_message }) },
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});
