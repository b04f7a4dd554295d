import { LOCALES, type Locale } from '../src/api/contract/envelope';
import { addMessages, createI18n } from '../src/i18n/i18n';
import menus from '../server/content/menus.json';

/**
 * Stories read the translations straight from the server's content files, merged per language
 * into one flat key -> text map (as GET /i18n/{code} serves them), so no server is needed. The
 * instance itself is the app's (createI18n), so stories translate exactly as the app does.
 */
const files = import.meta.glob<Record<string, string>>('../server/content/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const messagesByLocale = new Map<Locale, Record<string, string>>();
for (const [path, messages] of Object.entries(files)) {
  const code = /locales\/([^/]+)\//.exec(path)?.[1];
  const locale = LOCALES.find((candidate) => candidate === code);
  if (!locale) continue;
  messagesByLocale.set(locale, { ...messagesByLocale.get(locale), ...messages });
}

export const storyI18n = createI18n();
for (const [locale, messages] of messagesByLocale) addMessages(storyI18n, locale, messages);

/**
 * The menus' titles in every language, from the server's content table (the menus are content, not
 * translation keys): stories show the msw fixtures' Russian menus in the toolbar's language.
 */
export const menuTitles: readonly Record<Locale, string>[] = Object.values(menus).flatMap((items: readonly { title: Record<Locale, string> }[]) =>
  items.map((item) => item.title),
);
