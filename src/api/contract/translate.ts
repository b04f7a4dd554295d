import { formatDuration } from './duration';
import { DEFAULT_LOCALE, type Locale } from './envelope';
import { formatUsd } from './money';

/**
 * How the server writes a translated text (its errors, emails, names): one rule, used by the
 * server over its locale files (server/src/i18n.ts) and by the msw mocks over the same files, so a
 * mock's text is the server's.
 */

/**
 * A message of one locale. Keys may come from user data (a tournament's name is a key or the
 * operator's own text), so only the map's own entries count: `constructor` or `__proto__` is a
 * missing key, never a property every object inherits.
 */
export const own = <T>(map: Record<string, T>, key: string): T | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

/**
 * The value of one `{{name, format}}`: `money` writes USD and `duration` writes seconds as a
 * duration in words, the way the web app does.
 */
function interpolated(locale: Locale, value: string | number | undefined, format: string | undefined): string {
  if (value === undefined) return '';
  if (format === 'money' && Number.isFinite(Number(value))) return formatUsd(Number(value), locale);
  if (format === 'duration' && Number.isFinite(Number(value))) return formatDuration(Number(value), locale);
  return String(value);
}

/**
 * i18next-style `{{name}}`, `{{name, money}}` and `{{name, duration}}` interpolation (the web app
 * registers the same formats); a missing key falls back to ru, then to the key.
 */
export function translateFrom(
  messages: Readonly<Record<Locale, Record<string, string>>>,
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = own(messages[locale], key) ?? own(messages[DEFAULT_LOCALE], key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format: string | undefined) =>
    interpolated(locale, own(params, name), format),
  );
}
