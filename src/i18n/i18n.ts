import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../api/contract/envelope';
import type { Messages } from '../api/contract/content';
import { formatDuration } from '../shared/duration';
import { formatUsd } from '../shared/format';

/**
 * The app's one i18next instance. Keys are flat ('auth.login.title'), so both separators are off.
 * It starts empty: the app machine loads the start language's messages from GET /i18n/{code}
 * before the first screen renders, and another language's when the trader switches to it.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: {},
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  // `{{min, money}}` writes USD as every screen and the server do (src/shared/format.ts).
  instance.services.formatter?.add('money', (value: unknown, lng: string | undefined) => formatUsd(Number(value), lng ?? DEFAULT_LOCALE));
  // `{{seconds, duration}}` writes seconds as a duration in words ('30 секунд'), as the server does.
  instance.services.formatter?.add('duration', (value: unknown, lng: string | undefined) => formatDuration(Number(value), lng ?? DEFAULT_LOCALE));
  return instance;
}

/** Adds one locale's messages (a flat key -> text map) to the instance. */
export function addMessages(instance: I18n, code: Locale, messages: Messages): void {
  instance.addResourceBundle(code, 'translation', messages, true, true);
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
