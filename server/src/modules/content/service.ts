import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { LOCALES, type Locale, type SiteSettings } from '../../../../src/api/contract/envelope';
import { MENU_NAMES, type MenuItem, type MenusPayload } from '../../../../src/api/contract/content';

type Db = Kysely<DB> | Transaction<DB>;

export const SITE_SETTINGS_KEY = 'site';
/** The menus that exist per locale; `main_menu` is answered for every locale at once. */
export const MAIN_MENU = 'main_menu';

const toItem = (row: { title: string; url: string; order: number; icon_name: string | null }): MenuItem => ({
  title: row.title,
  url: row.url,
  order: row.order,
  ...(row.icon_name ? { icon_name: row.icon_name } : {}),
});

/** Every menu with titles in `locale`, sorted by order; main_menu for every locale. */
export async function menusFor(db: Db, locale: Locale): Promise<MenusPayload> {
  const rows = await db
    .selectFrom('menu_items')
    .select(['menu', 'locale', 'title', 'url', 'order', 'icon_name'])
    .orderBy('menu')
    .orderBy('order')
    .orderBy('id')
    .execute();
  const payload = Object.fromEntries(MENU_NAMES.map((name) => [name, [] as MenuItem[]])) as Omit<MenusPayload, 'main_menu'>;
  const main: MenusPayload['main_menu'] = Object.fromEntries(LOCALES.map((code) => [code, { items: [] as MenuItem[] }]));
  for (const row of rows) {
    if (row.menu === MAIN_MENU) main[row.locale]?.items.push(toItem(row));
    else if (row.locale === locale && (MENU_NAMES as readonly string[]).includes(row.menu)) {
      payload[row.menu as keyof typeof payload].push(toItem(row));
    }
  }
  return { ...payload, main_menu: main };
}

/** The article in `locale`, else in any locale it exists in, else null. */
export async function articleFor(db: Db, name: string, locale: Locale) {
  const rows = await db.selectFrom('articles').select(['name', 'locale', 'title', 'html']).where('name', '=', name).execute();
  const row = rows.find((r) => r.locale === locale) ?? rows[0];
  return row ? { name: row.name, title: row.title, html: row.html } : null;
}

const FALLBACK_SETTINGS: SiteSettings = { logo_url: ['/logo.svg'], languages: [...LOCALES] };

export async function siteSettingsOf(db: Db): Promise<SiteSettings> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', SITE_SETTINGS_KEY).executeTakeFirst();
  return (row?.value as SiteSettings | undefined) ?? FALLBACK_SETTINGS;
}
