import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE, type Locale, type Notification } from '../../../../src/api/contract/envelope';
import { ApiError } from '../../http/errors';
import { isLocale, translate } from '../../i18n';
import { createNotification } from '../notifications/service';
import type { ReplyNotifier } from '../support/service';
import { escapeHtml } from '../../../../shared/backoffice/html';
import type { LocalizedTexts } from '../../db/schema';

/** Stores a notification and sends it to the trader's open pages, in the trader's language. */
async function deliver(app: FastifyInstance, input: Parameters<typeof createNotification>[1], locale: Locale = DEFAULT_LOCALE): Promise<Notification> {
  const notification = await createNotification(app.database.db, input, locale);
  app.bus.toUser(input.userId, { type: 'notification', notification });
  return notification;
}

/** A reply of the team becomes a notification in the trader's language, linking to the thread. */
export const supportReplyNotifier =
  (app: FastifyInstance): ReplyNotifier =>
  async ({ userId, conversation }) => {
    const user = await app.database.db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
    const locale = isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
    const key = conversation.kind === 'support' ? 'support.notification.reply' : 'support.notification.manager_reply';
    await deliver(app, { userId, title: escapeHtml(translate(locale, key)), type: 'info', display: 'inner', redirectUrl: '/support' });
  };

/**
 * An operator's notification to one trader, found by account id or email, written per language:
 * the trader reads their own, or the other when theirs is empty. The texts may carry simple
 * formatting; the notifications module keeps only safe HTML.
 */
export async function notifyTrader(
  app: FastifyInstance,
  input: { account: string; titles: LocalizedTexts; type: Notification['type']; redirectUrl: string | null },
): Promise<string> {
  const account = input.account.trim();
  const user = await app.database.db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'locale'])
    .where((eb) => eb.or([eb('account_id', '=', account), eb('email', '=', account.toLowerCase())]))
    .executeTakeFirst();
  if (!user || user.role !== 'trader') throw new ApiError('validation', { fields: { account: 'support.backoffice.notify.no_trader' } });
  const titles = Object.fromEntries(Object.entries(input.titles).filter(([, text]) => text?.trim())) as LocalizedTexts;
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  // The one-text column keeps the Russian text (else the English) for readers of older rows.
  const title = titles.ru ?? titles.en ?? '';
  await deliver(app, { userId: user.id, title, titles, type: input.type, display: 'inner', redirectUrl: input.redirectUrl }, locale);
  return user.email;
}
