import { LOCALES, type Locale } from '../../src/api/contract/envelope';
import { menuTitles, storyI18n } from '../../.storybook/i18n';
import { PAID_TOURNAMENT_NAMES } from '../../tests/msw/money-fixtures';
import { pairViews } from '../../tests/msw/trading-fixtures';
import { NOTIFICATION_TITLES } from '../../tests/msw/fixtures';
import { KYC_REASON } from '../../tests/msw/limits-fixtures';
import { MOSCOW } from '../../tests/msw/security';
import { THREAD_TEXTS, chatsOf } from '../../tests/msw/support-fixtures';

type Texts = Record<Locale, string>;

/**
 * The texts of the msw fixtures (tests/msw) that stories pass as args, in every language: the
 * fixtures hold the Russian, as the server sends it to a Russian trader; a story shows them in
 * the toolbar's language (./fixture-text.tsx). The menus' titles are the server's own table.
 */

/** The chats' titles, as the server writes them in each language (support.chat.*). */
const chatTitles: Texts[] = [0, 1].map((i) => Object.fromEntries(LOCALES.map((code) => [code, chatsOf(code, 0)[i]!.title])) as Texts);

/** The paid tournament (its operator's name in each language) and its entry, named as the server names it. */
const paidTournament: Texts[] = [
  PAID_TOURNAMENT_NAMES,
  Object.fromEntries(
    Object.entries(PAID_TOURNAMENT_NAMES).map(([locale, name]) => [locale, storyI18n.getFixedT(locale)('money.purchase.entry_name', { name })]),
  ) as Texts,
];

export const SHARED_FIXTURE_TEXTS: readonly Texts[] = [...menuTitles, ...NOTIFICATION_TITLES, ...Object.values(THREAD_TEXTS), ...chatTitles, KYC_REASON, MOSCOW, ...paidTournament];

/**
 * Fixture texts that are the app's own keys (the server translates them from its locales): the
 * msw pairs' names among them, as the server names each pair in the trader's language.
 */
export const SHARED_FIXTURE_KEYS: readonly string[] = [
  'money.tournament.weekly_name',
  'support.auto_ack',
  'content.company',
  ...pairViews.map((pair) => `trading.pair.name.${pair.id}`),
  // The payment systems and their withdraw fields, as the server names them (money.ps.<slug>, money.field.*).
  ...['card', 'usdt', 'bank'].map((slug) => `money.ps.${slug}`),
  ...['card_number', 'holder_name', 'usdt_address', 'iban', 'beneficiary'].map((field) => `money.field.${field}`),
];
