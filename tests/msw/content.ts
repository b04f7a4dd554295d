import { HttpResponse, http } from 'msw';
import { languageOf, menusByLocale, notificationsByLocale } from './fixtures';
import { ok, readBody } from './respond';

/** The translations as GET /i18n/{code} serves them: the locale's files merged into one flat map. */
const localeFiles = import.meta.glob<Record<string, string>>('../../server/content/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function messagesOf(code: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [path, messages] of Object.entries(localeFiles)) {
    if (path.includes(`/locales/${code}/`)) Object.assign(merged, messages);
  }
  return merged;
}

export const contentHandlers = [
  http.get('*/i18n/:code', ({ params }) => HttpResponse.json(messagesOf(String(params.code)))),

  http.get('*/api/content/menu', ({ request }) => {
    const language = languageOf(request);
    const menus = menusByLocale[language];
    return ok({
      ...menus,
      main_menu: {
        ru: { items: menusByLocale.ru.top_menu },
        en: { items: menusByLocale.en.top_menu },
      },
    });
  }),

  http.post('*/api/lang', async ({ request }) => {
    const body = await readBody(request);
    const lang = body.lang === 'en' ? 'en' : 'ru';
    return ok({ lang }, { locale: lang });
  }),

  http.post('*/api/notify/close', async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as { id?: string };
    return ok({}, { notifications: notificationsByLocale[languageOf(request)].filter((n) => n.notification_id !== body.id) });
  }),
];
