import type { KyInstance } from 'ky';
import { chatConversationSchema, chatListSchema, readMarkerResultSchema, sentMessagesSchema } from '../contract/support';
import type { UploadOptions, Uploader } from '../upload';
import { apiPath, payloadOf } from './payload';
import { messageForm, uploadPayloadOf } from './support';

type Signal = { signal?: AbortSignal };

/** The trader's chats with the support team and the personal manager (DESIGN.md 3.2). */
export const chatEndpoints = (http: KyInstance, upload: Uploader) => ({
  list: async ({ signal }: Signal = {}) => (await payloadOf(http, 'get', apiPath('chat/list'), chatListSchema, { signal })).items,
  conversation: (id: number, page: number, { signal }: Signal = {}) =>
    payloadOf(http, 'get', apiPath(`chat/private/${id}`), chatConversationSchema, { searchParams: { page }, signal }),
  /** POST /api/chat/private/{id} (multipart: message, file0..file4), with upload progress. */
  send: async (id: number, message: string, files: readonly File[], options: UploadOptions = {}) =>
    uploadPayloadOf(await upload(apiPath(`chat/private/${id}`), messageForm('message', message, files), options), sentMessagesSchema),
  read: (id: number, lastReadMessage: number, { signal }: Signal = {}) =>
    payloadOf(http, 'post', apiPath(`chat/private/read/${id}`), readMarkerResultSchema, { json: { last_read_message: lastReadMessage }, signal }),
});
export type ChatEndpoints = ReturnType<typeof chatEndpoints>;
