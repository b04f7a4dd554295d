import type { TFunction } from 'i18next';
import type { Bet } from '../../api/contract/bets';
import { formatSignedUsd } from '../../shared/format';

/** The browser storage key of the trader's choice: 'on' shows results as system notifications. */
export const RESULT_NOTIFICATIONS_KEY = 'result-notifications';

/** Whether the browser can show system notifications at all. */
export const systemNotificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * A bet's result shown as a system notification, only while the tab is hidden (a visible page
 * shows its own card), only when the trader turned it on and the browser allowed it.
 */
export function notifyHiddenResult(bet: Bet, t: TFunction, language: string, storage: Pick<Storage, 'getItem'> | null): void {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return;
  if (!systemNotificationsSupported() || Notification.permission !== 'granted') return;
  if (storage?.getItem(RESULT_NOTIFICATIONS_KEY) !== 'on') return;
  // One notification per bet (the tag), in the trader's language.
  new Notification(t(`trading.outcome.${bet.status}`, { symbol: bet.symbol }), {
    body: formatSignedUsd(bet.profit ?? 0, language),
    tag: `bet-${bet.id}`,
    lang: language,
    icon: '/icons/icon-192.png',
  });
}
