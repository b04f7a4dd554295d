import { fromPromise } from 'xstate';
import type { Api } from '../../api/api';
import type { MenusPayload, Messages } from '../../api/contract/content';
import { DEFAULT_LOCALE, type Locale } from '../../api/contract/envelope';

/**
 * The root actor's calls over the api. The auth check's payload is empty: its envelope brings the
 * user and the locale to the root actor through the client's hook before the call resolves.
 * `startLocales` are the languages whose messages the start loads: the one the app starts in (the
 * document's, the kept choice or the browser's); another one loads when the app switches to it.
 */
export const appActors = (api: Pick<Api, 'auth' | 'content'>, startLocales: readonly Locale[] = [DEFAULT_LOCALE]) => ({
  loadMessages: fromPromise<Partial<Record<Locale, Messages>>>(async ({ signal }) => {
    const loaded = await Promise.all(startLocales.map(async (code) => [code, await api.content.messages(code, { signal })] as const));
    return Object.fromEntries(loaded);
  }),
  checkAuth: fromPromise<unknown>(({ signal }) => api.auth.check({ signal })),
  tellLocale: fromPromise<unknown, { code: Locale }>(({ input, signal }) => api.content.setLanguage(input.code, { signal })),
  loadMenus: fromPromise<MenusPayload>(({ signal }) => api.content.menus({ signal })),
});
