import { LOCALES } from '../../src/api/contract/envelope';
import { LANGUAGE_NAMES } from '../../src/routes/shell/language-names';
import { menusByLocale, notificationsByLocale, signedInUser } from '../../tests/msw/fixtures';
import type { HeaderAccount } from '../../src/ui/Header';
import type { LanguageOption, MenuItem, NotificationItem, WalletView } from '../../src/ui/types';

/** Story data for the shell widgets, taken from the msw fixtures so stories and mocks agree. */
export const languages: LanguageOption[] = LOCALES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));

export const headerMenu: MenuItem[] = [...menusByLocale.ru.header_menu];
export const topMenu: MenuItem[] = [...menusByLocale.ru.top_menu];
export const footerColumns = [
  [...menusByLocale.ru.footer_menu_1],
  [...menusByLocale.ru.footer_menu_2],
  [...menusByLocale.ru.footer_menu_3],
  [...menusByLocale.ru.footer_menu_4],
] as const;

export const wallets: WalletView[] = signedInUser.wallets!.map((w) => ({ wallet_type: w.wallet_type, amount: w.amount }));
export const storyNotifications: NotificationItem[] = notificationsByLocale.ru.map(({ notification_id, title, type, redirect_url }) => ({
  notification_id,
  title,
  type,
  redirect_url,
}));
export const user = { email: signedInUser.email!, accountId: signedInUser.account_id! };

export const account: HeaderAccount = {
  user,
  wallets,
  currentWallet: 'main',
  userMenu: topMenu,
  notifications: storyNotifications,
  supportUnread: 2,
  latestNotification: null,
};

export const LONG_EMAIL = 'a.very.long.email.address.for.testing.wrapping@subdomain.example-trading-platform.com';
export const LONG_TITLE =
  'Ваш запрос на вывод средств через банковский перевод был принят и будет обработан в течение трёх рабочих дней, следите за статусом в разделе финансов';
