import type { KyInstance } from 'ky';
import type { Locale } from '../contract/envelope';
import {
  articleSchema,
  langPayloadSchema,
  menusPayloadSchema,
  messagesSchema,
  notifyClosePayloadSchema,
  type Messages,
} from '../contract/content';
import { ApiError, callApi, toApiError } from '../client';
import { apiPath } from './payload';

type Signal = { signal?: AbortSignal };

/** Menus, articles, translations, the language choice and closing notifications. */
export const contentEndpoints = (http: KyInstance) => ({
  menus: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('content/menu'), menusPayloadSchema, { signal }),
  article: (name: string, { signal }: Signal = {}) =>
    callApi(http, 'get', apiPath(`content/article/${encodeURIComponent(name)}`), articleSchema, { signal }),
  setLanguage: (lang: Locale, { signal }: Signal = {}) => callApi(http, 'post', apiPath('lang'), langPayloadSchema, { json: { lang }, signal }),
  closeNotification: (id: string, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('notify/close'), notifyClosePayloadSchema, { json: { id }, signal }),
  /** GET /i18n/{code}: a plain key -> text map, not an envelope. */
  messages: async (code: Locale, { signal }: Signal = {}): Promise<Messages> => {
    let body: unknown;
    try {
      body = await http.get(`i18n/${code}`, { signal }).json();
    } catch (error) {
      throw await toApiError(error);
    }
    const parsed = messagesSchema.safeParse(body);
    if (!parsed.success) throw new ApiError('internal');
    return parsed.data;
  },
});
export type ContentEndpoints = ReturnType<typeof contentEndpoints>;
