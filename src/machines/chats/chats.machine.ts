import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Chat } from '../../api/contract/support';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';
import { supportMachine, type ThreadRef } from '../support/support.machine';

export interface ChatsContext {
  chats: Chat[];
  /** The open conversation: the support thread unless the trader picked another chat. */
  selected: ThreadRef;
  problem: Problem | null;
}

export type ChatsEvent =
  | { type: 'retry' }
  | { type: 'chat.open'; id: number }
  | { type: 'unread.changed'; unread: number };

/** The support thread's own calls serve the support chat; other chats go through the chat calls. */
export const threadOf = (chat: Pick<Chat, 'id' | 'kind'>): ThreadRef =>
  chat.kind === 'support' ? { kind: 'support' } : { kind: 'chat', id: chat.id };

export const sameThread = (a: ThreadRef, b: ThreadRef) =>
  a.kind === b.kind && (a.kind === 'support' || (b.kind === 'chat' && a.id === b.id));

/**
 * The trader's chats (support team, personal manager) beside the open conversation, which is a
 * `support` machine. The list is fetched again when the unread count changes, so its badges follow.
 */
export const chatsMachine = setup({
  types: { context: {} as ChatsContext, events: {} as ChatsEvent },
  actors: {
    loadChats: fromPromise<Chat[]>(notProvided('loadChats')),
    thread: supportMachine,
  },
  guards: {
    otherChat: ({ context, event }) => {
      if (event.type !== 'chat.open') return false;
      const chat = context.chats.find((c) => c.id === event.id);
      return chat !== undefined && !sameThread(threadOf(chat), context.selected);
    },
  },
}).createMachine({
  id: 'chats',
  context: { chats: [], selected: { kind: 'support' }, problem: null },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          // A count that changes meanwhile starts the fetch again: the answer under way was counted
          // before the change, and its envelope would bring the old count back to the header.
          on: { 'unread.changed': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadChats',
            onDone: { target: 'ready', actions: assign({ chats: ({ event }) => event.output, problem: null }) },
            onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
          },
        },
        failed: { tags: ['error'], on: { retry: 'loading' } },
        ready: { on: { 'unread.changed': 'loading' } },
      },
    },
    conversation: {
      initial: 'open',
      states: {
        open: {
          invoke: { id: 'thread', src: 'thread', input: ({ context }) => ({ thread: context.selected }) },
          on: {
            'chat.open': {
              guard: 'otherChat',
              target: 'open',
              reenter: true,
              actions: assign({
                selected: ({ context, event }) => {
                  const chat = context.chats.find((c) => c.id === event.id);
                  return chat ? threadOf(chat) : context.selected;
                },
              }),
            },
            // The open conversation fetches its new answers too.
            'unread.changed': { actions: sendTo('thread', ({ event }) => event) },
          },
        },
      },
    },
  },
});

export type ThreadActor = ActorRefFrom<typeof supportMachine>;
