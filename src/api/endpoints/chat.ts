import type { KyInstance } from 'ky';
import { callApi } from '../client';
import { chatConversationSchema, chatListSchema, readMarkerResultSchema } from '../contract/support';
import type { UploadOptions } from '../upload';
import { messageForm, sendMessage } from './support';

type Signal = { signal?: AbortSignal };

/** The trader's chats with the support team and the personal manager (docs/design.md 3.2). */
export const chatEndpoints = (http: KyInstance) => ({
  list: async ({ signal }: Signal = {}) => (await callApi(http, 'get', 'api/chat/list', chatListSchema, { signal })).items,
  conversation: (id: number, page: number, { signal }: Signal = {}) =>
    callApi(http, 'get', `api/chat/private/${id}`, chatConversationSchema, { searchParams: { page }, signal }),
  /** POST /api/chat/private/{id} (multipart: message, file0..file4). */
  send: (id: number, message: string, files: readonly File[], options: UploadOptions = {}) =>
    sendMessage(http, `api/chat/private/${id}`, messageForm('message', message, files), options),
  read: (id: number, lastReadMessage: number, { signal }: Signal = {}) =>
    callApi(http, 'post', `api/chat/private/read/${id}`, readMarkerResultSchema, { json: { last_read_message: lastReadMessage }, signal }),
});
export type ChatEndpoints = ReturnType<typeof chatEndpoints>;
