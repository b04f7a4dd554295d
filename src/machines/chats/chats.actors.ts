import { fromPromise } from 'xstate';
import type { Chat } from '../../api/contract/support';
import { supportMachine } from '../support/support.machine';
import { supportActors, type ConversationApi } from '../support/support.actors';

export const chatsActors = (api: ConversationApi) => ({
  loadChats: fromPromise<Chat[]>(({ signal }) => api.chat.list({ signal })),
  thread: supportMachine.provide({ actors: supportActors(api) }),
});
