import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Bet } from '../../../../src/api/contract/bets';
import { formatUsd } from '../../../../src/api/contract/money';
import { isLocale, translate } from '../../i18n';
import { DEFAULT_LOCALE, type Notification } from '../../../../src/api/contract/envelope';
import { createNotification } from '../notifications/service';

const TYPE_OF: Record<Exclude<Bet['status'], 'open'>, Notification['type']> = { won: 'success', lost: 'danger', refund: 'info' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The bet result notification, in the trader's language: a toast (it would crowd the inner list
 * after a busy session) that links to the bet history. Stored in the settlement's transaction.
 */
export async function createBetResultNotification(trx: Transaction<DB>, userId: number, bet: Bet): Promise<Notification> {
  if (bet.status === 'open') throw new Error('an open bet has no result');
  const user = await trx.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  const locale = isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
  const title = translate(locale, `trading.result.${bet.status}`, {
    symbol: `<b>${escapeHtml(bet.symbol)}</b>`,
    amount: formatUsd(bet.status === 'won' ? (bet.profit ?? 0) : bet.amount, locale),
  });
  return createNotification(trx, { userId, title, type: TYPE_OF[bet.status], display: 'toast', redirectUrl: '/history/bets' });
}
