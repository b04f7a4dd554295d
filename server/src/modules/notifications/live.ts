import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { DEFAULT_LOCALE, type Notification } from '../../../../src/api/contract/envelope';
import { isLocale, translate } from '../../i18n';
import type { RealtimeBus } from '../../realtime/bus';
import { createNotifications, type NotificationMessage } from './service';

/** A server message for one trader, in the trader's stored language. */
export interface Notice {
  userId: number;
  /** The trader's stored language; an unknown one falls back to the default. */
  locale: string;
  message: NotificationMessage;
  type: Notification['type'];
  redirectUrl: string | null;
}

/**
 * Stores notices as 'inner' notifications (kept in the notification centre until closed, so a
 * trader who is away reads them later), in the caller's transaction; answered in order.
 */
export async function storeNotices(trx: Transaction<DB>, notices: Notice[]): Promise<Notification[]> {
  const locales = notices.map(({ locale }) => (isLocale(locale) ? locale : DEFAULT_LOCALE));
  return createNotifications(
    trx,
    notices.map((notice, index) => ({
      userId: notice.userId,
      title: translate(locales[index]!, notice.message.key, notice.message.params),
      message: notice.message,
      type: notice.type,
      display: 'inner',
      redirectUrl: notice.redirectUrl,
    })),
    locales,
  );
}

/**
 * After the commit: the stored notification reaches the trader's open tabs for the centre, and
 * the same text as a toast (not stored again: the centre keeps it).
 */
export function publishNotice(bus: RealtimeBus, userId: number, notification: Notification): void {
  bus.toUser(userId, { type: 'notification', notification });
  bus.toUser(userId, { type: 'notification', notification: { ...notification, display: 'toast' } });
}
