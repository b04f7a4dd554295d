import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { RealtimeBus } from '../../realtime/bus';
import { walletsOf } from './ledger';
import { createNotification } from '../notifications/service';
import { isLocale, translate } from '../../i18n';
import { DEFAULT_LOCALE, type Notification } from '../../../../src/api/contract/envelope';

/** A money event worth telling the trader about: a translation key with its values. */
export interface MoneyNotice {
  userId: number;
  key: string;
  params: Record<string, string | number>;
  type: 'info' | 'success' | 'warning' | 'danger';
  redirectUrl: string | null;
}

/**
 * Writes the notification in the caller's transaction with its message key and values (each reader
 * reads it in their language; the live copy goes out in the trader's stored one), and returns it
 * as the realtime message carries it once the transaction commits.
 */
export async function recordNotice(trx: Transaction<DB>, notice: MoneyNotice): Promise<Notification> {
  const user = await trx.selectFrom('users').select('locale').where('id', '=', notice.userId).executeTakeFirst();
  const locale = isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
  // The values are escaped once, so the message renders as safe HTML in any reader's language.
  const params = Object.fromEntries(Object.entries(notice.params).map(([name, value]) => [name, typeof value === 'string' ? escapeHtml(value) : value]));
  return createNotification(
    trx,
    {
      userId: notice.userId,
      title: escapeHtml(translate(locale, notice.key, notice.params)),
      message: { key: notice.key, params },
      type: notice.type,
      display: 'inner',
      redirectUrl: notice.redirectUrl,
    },
    locale,
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What changed for whom, sent over the bus after the transaction that made it committed. */
export interface MoneyChange {
  userIds: Set<number>;
  notifications: Array<{ userId: number; notification: Notification }>;
}
export const emptyChange = (): MoneyChange => ({ userIds: new Set(), notifications: [] });

export async function publishChange(db: Kysely<DB>, bus: RealtimeBus | undefined, change: MoneyChange): Promise<void> {
  if (!bus) return;
  for (const userId of change.userIds) bus.toUser(userId, { type: 'wallets', wallets: await walletsOf(db, userId) });
  for (const { userId, notification } of change.notifications) bus.toUser(userId, { type: 'notification', notification });
}
