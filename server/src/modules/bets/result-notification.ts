import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { BET_RESULT_REDIRECT, type Bet } from '../../../../src/api/contract/bets';
import { isLocale, translate } from '../../i18n';
import { DEFAULT_LOCALE, type Notification } from '../../../../src/api/contract/envelope';
import { createNotifications, type NewNotification } from '../notifications/service';

/** The statuses settlement gives (a bet closed early was the trader's own doing: no notification). */
type Settled = Exclude<Bet['status'], 'open' | 'closed'>;

const TYPE_OF: Record<Settled, Notification['type']> = { won: 'success', lost: 'danger', refund: 'info' };

/** What the text shows: the profit of a win, the stake lost (with a real minus sign), the stake returned. */
const RESULT_AMOUNT: Record<Settled, (bet: Bet) => number> = {
  won: (bet) => bet.profit ?? 0,
  lost: (bet) => -bet.amount,
  refund: (bet) => bet.amount,
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SettledResult {
  userId: number;
  /** The trader's stored language; an unknown one falls back to the default. */
  locale: string;
  bet: Bet;
}

function resultNotification({ userId, locale: stored, bet }: SettledResult): NewNotification {
  if (bet.status === 'open' || bet.status === 'closed') throw new Error(`a ${bet.status} bet has no settlement result`);
  const locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
  const message = {
    key: `trading.result.${bet.status}`,
    params: { symbol: `<b>${escapeHtml(bet.symbol)}</b>`, amount: RESULT_AMOUNT[bet.status](bet) },
  };
  return { userId, title: translate(locale, message.key, message.params), message, type: TYPE_OF[bet.status], display: 'toast', redirectUrl: BET_RESULT_REDIRECT };
}

/**
 * The bet result notifications, each in its trader's language: toasts (they would crowd the inner
 * list after a busy session) that link to the bet history. Stored in the settlement's transaction
 * with one insert; answered in the order of `results`.
 */
export async function createBetResultNotifications(trx: Transaction<DB>, results: SettledResult[]): Promise<Notification[]> {
  return createNotifications(
    trx,
    results.map(resultNotification),
    results.map(({ locale }) => (isLocale(locale) ? locale : DEFAULT_LOCALE)),
  );
}
