import { fromPromise } from 'xstate';
import type { MessagePage, ReadMarkerResult, SentMessages } from '../../api/contract/support';
import type { ChatEndpoints } from '../../api/endpoints/chat';
import type { SupportEndpoints } from '../../api/endpoints/support';
import type { LoadPageInput, MarkReadInput, SendInput } from './support.machine';

/** The calls a conversation needs; the app's api object has them. */
export interface ConversationApi {
  support: SupportEndpoints;
  chat: ChatEndpoints;
}

/** The support thread goes through /support, any other chat through /chat/private/{id}. */
export const supportActors = (api: ConversationApi) => ({
  loadPage: fromPromise<MessagePage, LoadPageInput>(({ input, signal }) =>
    input.thread.kind === 'support' ? api.support.page(input.page, { signal }) : api.chat.conversation(input.thread.id, input.page, { signal }),
  ),
  sendMessage: fromPromise<SentMessages, SendInput>(({ input, signal }) =>
    input.thread.kind === 'support'
      ? api.support.send(input.text, input.files, { onProgress: input.onProgress, signal })
      : api.chat.send(input.thread.id, input.text, input.files, { onProgress: input.onProgress, signal }),
  ),
  markRead: fromPromise<ReadMarkerResult, MarkReadInput>(({ input, signal }) =>
    input.thread.kind === 'support' ? api.support.read(input.lastRead, { signal }) : api.chat.read(input.thread.id, input.lastRead, { signal }),
  ),
});
