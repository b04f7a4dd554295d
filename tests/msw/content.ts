import { HttpResponse, http } from 'msw';
import { localeSchema } from '../../src/api/contract/envelope';
import { menusIn, notificationsIn } from './fixtures';
import { languageOf, messagesOf } from './locale-texts';
import { fail, ok, readBody } from './respond';

export const contentHandlers = [
  http.get('*/i18n/:code', ({ params }) => HttpResponse.json(messagesOf(String(params.code)))),

  http.get('*/api/content/menu', ({ request }) => ok(menusIn(languageOf(request)))),

  http.post('*/api/lang', async ({ request }) => {
    const body = await readBody(request);
    const lang = localeSchema.safeParse(body.lang);
    if (!lang.success) return fail(request, 'validation', { fields: { lang: 'validation.invalid' } });
    return ok({ lang: lang.data }, { locale: lang.data });
  }),

  http.post('*/api/notify/close', async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as { id?: string };
    return ok({}, { notifications: notificationsIn(languageOf(request)).filter((n) => n.notification_id !== body.id) });
  }),
];
