import { DEFAULT_LOCALE, LOCALES, localeFromHeader, type Locale } from '../../src/api/contract/envelope';
import { translateFrom } from '../../src/api/contract/translate';

/**
 * The server's translations (server/content/locales/<code>/<namespace>.json) for the msw handlers:
 * every text the real server translates is read from its own files here, so a mock's message is
 * the server's message in each of the ten languages. `import.meta.glob` is Vite's, so the same
 * module loads in Storybook and in the vitest unit tests.
 */
const localeFiles = import.meta.glob<Record<string, string>>('../../server/content/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** A locale's files merged into one flat map, as GET /i18n/{code} serves them ({} for an unknown code). */
export function messagesOf(code: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const path of Object.keys(localeFiles).sort()) {
    if (path.includes(`/locales/${code}/`)) Object.assign(merged, localeFiles[path]);
  }
  return merged;
}

const messages = Object.fromEntries(LOCALES.map((code) => [code, messagesOf(code)])) as Record<Locale, Record<string, string>>;

/** The language the server answers a request in: its Accept-Language (the app sends its locale's code), else Russian. */
export const languageOf = (request: Request): Locale => localeFromHeader(request.headers.get('Accept-Language') ?? undefined) ?? DEFAULT_LOCALE;

/** A key's text as the server's `translate` writes it for a reader of `locale`. */
export const serverText = (locale: Locale, key: string, params?: Record<string, string | number>): string => translateFrom(messages, locale, key, params);

/** A key's text in the request's language, as the server translates it. */
export const textFor = (request: Request, key: string, params?: Record<string, string | number>): string =>
  serverText(languageOf(request), key, params);
