import type { KyInstance } from 'ky';
import type { z } from 'zod';
import {
  attachmentFieldNames,
  messagePageSchema,
  readMarkerResultSchema,
  sentMessagesSchema,
} from '../contract/support';
import { errorEnvelopeSchema } from '../contract/envelope';
import type { UploadOptions, Uploader } from '../upload';
import { ApiCallError, apiPath, payloadOf } from './payload';

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

/** Reads an upload's answer as payloadOf reads a ky response. */
export async function uploadPayloadOf<S extends z.ZodType>(response: Response, schema: S): Promise<z.output<S>> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorEnvelopeSchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.payload;
      throw new ApiCallError(code, message, fields, response.status);
    }
    throw new ApiCallError('internal', '', undefined, response.status);
  }
  const parsed = schema.safeParse((body as { payload?: unknown } | null)?.payload);
  if (!parsed.success) throw new ApiCallError('internal', '', undefined, response.status);
  return parsed.data;
}

/** The support thread (DESIGN.md 3.2): pages, sending with files, the read marker. */
export const supportEndpoints = (http: KyInstance, upload: Uploader) => ({
  page: (page: number, { signal }: Signal = {}) =>
    payloadOf(http, 'get', apiPath('support'), messagePageSchema, { searchParams: { page }, signal }),
  /** POST /api/support (multipart: text, file0..file4), with upload progress. */
  send: async (text: string, files: readonly File[], options: UploadOptions = {}) =>
    uploadPayloadOf(await upload(apiPath('support'), messageForm('text', text, files), options), sentMessagesSchema),
  read: (lastReadMessage: number, { signal }: Signal = {}) =>
    payloadOf(http, 'post', apiPath('support/read'), readMarkerResultSchema, { json: { last_read_message: lastReadMessage }, signal }),
});
export type SupportEndpoints = ReturnType<typeof supportEndpoints>;
