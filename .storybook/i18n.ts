import { LOCALES, type Locale } from '../src/api/contract/envelope';
import { messagesOf } from '../tests/msw/locale-texts';
import { addMessages, createI18n } from '../src/i18n/i18n';
import menus from '../server/content/menus.json';

/**
 * Stories read the translations straight from the server's content files, merged per language
 * into one flat key -> text map (as GET /i18n/{code} serves them) by the msw mocks' loader, so no
 * server is needed. The instance itself is the app's (createI18n), so stories translate exactly as
 * the app does.
 */
export const storyI18n = createI18n();
for (const locale of LOCALES) addMessages(storyI18n, locale, messagesOf(locale));

/**
 * The menus' titles in every language, from the server's content table (the menus are content, not
 * translation keys): stories show the msw fixtures' Russian menus in the toolbar's language.
 */
export const menuTitles: readonly Record<Locale, string>[] = Object.values(menus).flatMap((items: readonly { title: Record<Locale, string> }[]) =>
  items.map((item) => item.title),
);
