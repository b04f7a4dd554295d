import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { LOCALES, siteSettingsSchema } from '../../../../src/api/contract/envelope';
import { MENU_NAMES, ARTICLE_NAME } from '../../../../src/api/contract/content';
import { MAIN_MENU, SITE_SETTINGS_KEY } from './service';
import { projectFile } from '../../project-files';

const contentDir = projectFile('server/content');

const translatedSchema = z.object(Object.fromEntries(LOCALES.map((code) => [code, z.string().min(1)])) as Record<(typeof LOCALES)[number], z.ZodString>);
const menuFileItemSchema = z.strictObject({
  title: translatedSchema,
  url: z.string().regex(/^[a-z0-9/_-]*$/),
  order: z.number().int(),
  icon_name: z.string().optional(),
});
const menusFileSchema = z.strictObject(
  Object.fromEntries([...MENU_NAMES, MAIN_MENU].map((name) => [name, z.array(menuFileItemSchema)])) as Record<string, z.ZodArray<typeof menuFileItemSchema>>,
);

/** Markdown to HTML safe to insert in the page: no scripts, no handlers, no foreign frames. */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
};

export function renderMarkdown(markdown: string): { title: string; html: string } {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const headingIndex = lines.findIndex((line) => line.startsWith('# '));
  const title = headingIndex >= 0 ? lines[headingIndex]!.slice(2).trim() : '';
  const body = headingIndex >= 0 ? lines.filter((_, i) => i !== headingIndex).join('\n') : markdown;
  const html = sanitizeHtml(marked.parse(body, { async: false, gfm: true }), ARTICLE_HTML);
  return { title, html };
}

/**
 * Writes the content of server/content into the database: menus (replaced as a whole), articles
 * (every locale's Markdown rendered to sanitized HTML) and site settings. Runs at every start and
 * gives the same result however often it runs.
 */
export async function seedContent(db: Kysely<DB>, dir = contentDir): Promise<void> {
  const menus = menusFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'menus.json'), 'utf8')));
  const settings = siteSettingsSchema.parse(JSON.parse(readFileSync(path.join(dir, 'site-settings.json'), 'utf8')));
  const articles: Array<{ name: string; locale: string; title: string; html: string }> = [];
  for (const locale of LOCALES) {
    const localeDir = path.join(dir, 'articles', locale);
    if (!existsSync(localeDir)) continue;
    for (const file of readdirSync(localeDir).filter((f) => f.endsWith('.md')).sort()) {
      const name = file.slice(0, -3);
      if (!ARTICLE_NAME.test(name)) throw new Error(`article file name ${file} is not a valid article name`);
      articles.push({ name, locale, ...renderMarkdown(readFileSync(path.join(localeDir, file), 'utf8')) });
    }
  }

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('menu_items').execute();
    const rows = Object.entries(menus).flatMap(([menu, items]) =>
      LOCALES.flatMap((locale) =>
        items.map((item) => ({ menu, locale, title: item.title[locale], url: item.url, order: item.order, icon_name: item.icon_name ?? null })),
      ),
    );
    if (rows.length) await trx.insertInto('menu_items').values(rows).execute();
    for (const article of articles) {
      await trx
        .insertInto('articles')
        .values(article)
        .onConflict((oc) => oc.columns(['name', 'locale']).doUpdateSet({ title: article.title, html: article.html, updated_at: new Date() }))
        .execute();
    }
    await trx
      .insertInto('site_settings')
      .values({ key: SITE_SETTINGS_KEY, value: JSON.stringify(settings) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(settings) }))
      .execute();
  });
}
