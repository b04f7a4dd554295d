import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { BET_RESULT_REDIRECT, type Bet } from '../../../../src/api/contract/bets';
import { formatUsd } from '../../../../src/api/contract/money';
import { isLocale, translate } from '../../i18n';
import { DEFAULT_LOCALE, type Notification } from '../../../../src/api/contract/envelope';
import { createNotifications, type NewNotification } from '../notifications/service';

const TYPE_OF: Record<Exclude<Bet['status'], 'open'>, Notification['type']> = { won: 'success', lost: 'danger', refund: 'info' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SettledResult {
  userId: number;
  /** The trader's stored language; an unknown one falls back to the default. */
  locale: string;
  bet: Bet;
}

function resultNotification({ userId, locale: stored, bet }: SettledResult): NewNotification {
  if (bet.status === 'open') throw new Error('an open bet has no result');
  const locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
  const title = translate(locale, `trading.result.${bet.status}`, {
    symbol: `<b>${escapeHtml(bet.symbol)}</b>`,
    amount: formatUsd(bet.status === 'won' ? (bet.profit ?? 0) : bet.amount, locale),
  });
  return { userId, title, type: TYPE_OF[bet.status], display: 'toast', redirectUrl: BET_RESULT_REDIRECT };
}

/**
 * The bet result notifications, each in its trader's language: toasts (they would crowd the inner
 * list after a busy session) that link to the bet history. Stored in the settlement's transaction
 * with one insert; answered in the order of `results`.
 */
export async function createBetResultNotifications(trx: Transaction<DB>, results: SettledResult[]): Promise<Notification[]> {
  return createNotifications(trx, results.map(resultNotification));
}
