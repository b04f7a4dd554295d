// Node 20 has no Intl.DurationFormat, which `{{name, duration}}` writes with: the polyfill defines it
// (only where missing) for every process that translates: the server, its tests, the benches, the CLI.
import '@formatjs/intl-durationformat/polyfill.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../../src/api/contract/envelope';
import { own, translateFrom } from '../../src/api/contract/translate';
import { projectFile } from './project-files';

/**
 * Translations live in server/content/locales/<code>/<namespace>.json: flat maps whose keys start
 * with `<namespace>.`. The server translates its errors and emails with them and serves the merged
 * map to the web app at /i18n/<code>.
 */
export const localesDir = projectFile('server/content/locales');

export type Messages = Record<string, string>;

function loadLocale(code: Locale): Messages {
  const dir = path.join(localesDir, code);
  const merged: Messages = {};
  // A language whose files are not written yet reads as empty: its texts fall back to Russian.
  if (!existsSync(dir)) return merged;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    Object.assign(merged, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Messages);
  }
  return merged;
}

let cache: Record<Locale, Messages> | undefined;
export function allMessages(): Record<Locale, Messages> {
  cache ??= Object.fromEntries(LOCALES.map((code) => [code, loadLocale(code)])) as Record<Locale, Messages>;
  return cache;
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** A key's text in `locale` with its values put in (the rule the msw mocks share: translateFrom). */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  return translateFrom(allMessages(), locale, key, params);
}

/**
 * A name in the reader's language when the translations have one under `key` (a pair, a payment
 * system), else the stored name as it is: nothing shows a key, and unknown names stay readable.
 */
export function translateOr(locale: Locale, key: string, fallback: string): string {
  const messages = allMessages();
  return own(messages[locale], key) ?? own(messages[DEFAULT_LOCALE], key) ?? fallback;
}

/**
 * An operator's text in the reader's language; when the reader's is empty, in English (the
 * language most of the other readers share), then in Russian, then in any written one (null when
 * none is written).
 */
export function inReaderLanguage(texts: Partial<Record<Locale, string>> | null | undefined, locale: Locale): string | null {
  if (!texts) return null;
  const order: readonly Locale[] = [locale, 'en', DEFAULT_LOCALE, ...LOCALES];
  const written = order.find((candidate) => texts[candidate]?.trim());
  return written ? texts[written]! : null;
}
