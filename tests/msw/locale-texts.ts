import { DEFAULT_LOCALE, LOCALES, localeFromHeader, type Locale } from '../../src/api/contract/envelope';
import { formatDuration } from '../../src/api/contract/duration';
import { formatUsd } from '../../src/api/contract/money';

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

const own = (map: Record<string, string>, key: string): string | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

/** The language the server answers a request in: its Accept-Language (the app sends its locale's code), else Russian. */
export const languageOf = (request: Request): Locale => localeFromHeader(request.headers.get('Accept-Language') ?? undefined) ?? DEFAULT_LOCALE;

/**
 * A key's text as the server's `translate` writes it for a reader of `locale`: the locale's text,
 * else the Russian, else the key, with `{{name}}`, `{{name, money}}` and `{{name, duration}}` put in.
 */
export function serverText(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = own(messages[locale], key) ?? own(messages[DEFAULT_LOCALE], key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format: string | undefined) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined) return '';
    if (format === 'money' && Number.isFinite(Number(value))) return formatUsd(Number(value), locale);
    if (format === 'duration' && Number.isFinite(Number(value))) return formatDuration(Number(value), locale);
    return String(value);
  });
}

/** A key's text in the request's language, as the server translates it. */
export const textFor = (request: Request, key: string, params?: Record<string, string | number>): string =>
  serverText(languageOf(request), key, params);
