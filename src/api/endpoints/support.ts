import type { KyInstance } from 'ky';
import { callApi } from '../client';
import { attachmentFieldNames, messagePageSchema, readMarkerResultSchema, sentMessagesSchema } from '../contract/support';
import { uploadFetch, type UploadOptions } from '../upload';

type Signal = { signal?: AbortSignal };

/** A message as multipart: the text under `textField`, files as file0..file4. */
export function messageForm(textField: 'text' | 'message', text: string, files: readonly File[]): FormData {
  const form = new FormData();
  form.append(textField, text);
  files.forEach((file, i) => {
    const field = attachmentFieldNames[i];
    if (field) form.append(field, file, file.name);
  });
  return form;
}

/**
 * Sends a message with progress. No client timeout: five files of 5 MB take a while on a slow
 * line, and the trader sees the progress and can leave.
 */
export const sendMessage = (http: KyInstance, path: string, form: FormData, { onProgress, signal }: UploadOptions) =>
  callApi(http, 'post', path, sentMessagesSchema, { body: form, fetch: uploadFetch(form, onProgress), timeout: false, signal });

/** The support thread (docs/design.md 3.2): pages, sending with files, the read marker. */
export const supportEndpoints = (http: KyInstance) => ({
  page: (page: number, { signal }: Signal = {}) => callApi(http, 'get', 'api/support', messagePageSchema, { searchParams: { page }, signal }),
  /** POST /api/support (multipart: text, file0..file4). */
  send: (text: string, files: readonly File[], options: UploadOptions = {}) =>
    sendMessage(http, 'api/support', messageForm('text', text, files), options),
  read: (lastReadMessage: number, { signal }: Signal = {}) =>
    callApi(http, 'post', 'api/support/read', readMarkerResultSchema, { json: { last_read_message: lastReadMessage }, signal }),
});
export type SupportEndpoints = ReturnType<typeof supportEndpoints>;
