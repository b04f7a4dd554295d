import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import menus from '../../../server/content/menus.json';
import { translate } from '../../../server/src/i18n';
import { LOCALES, type Locale } from '../../../src/api/contract/envelope';
import { NOTIFICATION_TITLES } from '../../msw/fixtures';
import { handlers } from '../../msw/handlers';
import { KYC_REASON } from '../../msw/limits-fixtures';
import { MOSCOW } from '../../msw/security';
import { THREAD_TEXTS } from '../../msw/support-fixtures';

/**
 * The msw mocks answer every one of the ten languages as the real server does: its texts are the
 * server's own translations (compared here with the server's `translate`), and the fixtures' data
 * exists in each language, never the Russian or the English standing in for another.
 */
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Answer = { status: 'ok' | 'error'; payload: Record<string, unknown> & { message?: string; fields?: Record<string, string> } } & Record<string, unknown>;

/** A call as the app's ky client makes it: its locale's code as Accept-Language. */
async function call(language: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`http://app.test/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Accept-Language': language, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Answer;
}

const wrongLogin = (language: string) => call(language, 'auth/login', { email: 'trader@example.com', password: 'wrong' });
const titles = (items: unknown) => (items as { title: string }[]).map((item) => item.title);
const OTHERS = LOCALES.filter((code) => code !== 'ru');

describe.each(LOCALES)('the msw mocks in %s', (locale: Locale) => {
  test("an error's message and field errors are the server's texts", async () => {
    expect((await wrongLogin(locale)).payload.message).toBe(translate(locale, 'errors.invalid_credentials'));
    const taken = await call(locale, 'auth/register', { email: 'taken@example.com', password: 'correct-horse-42' });
    expect(taken.payload).toMatchObject({ message: translate(locale, 'errors.validation'), fields: { email: translate(locale, 'validation.email_taken') } });
    const exclusion = await call(locale, 'limits/exclusion', { kind: 'until_date', until: '2027-01-01' });
    expect(exclusion.payload.fields).toEqual({ until: translate(locale, 'limits.error.exclusion_too_short', { months: 6 }) });
  });

  test("the menus are the server's content table in this language", async () => {
    const answer = await call(locale, 'content/menu');
    const byOrder = (items: { title: Record<Locale, string>; order: number }[]) => [...items].sort((a, b) => a.order - b.order).map((item) => item.title[locale]);
    expect(titles(answer.payload.header_menu)).toEqual(byOrder(menus.header_menu));
    expect(titles(answer.payload.footer_menu_4)).toEqual(byOrder(menus.footer_menu_4));
    expect(Object.keys(answer.payload.main_menu as object)).toEqual([...LOCALES]);
    // The language picker offers what the site settings list: every language the app has.
    expect(await call(locale, 'auth/check')).toMatchObject({ locale, site_settings: { languages: [...LOCALES] } });
  });

  test('the notifications, the support thread, the KYC reason and the sign-in city are in this language', async () => {
    const closed = await call(locale, 'notify/close', { id: 'none' });
    expect(titles(closed.notifications)).toEqual(NOTIFICATION_TITLES.map((texts) => texts[locale]));
    const thread = (await call(locale, 'support')).payload.items as { text: string }[];
    expect(thread.map((message) => message.text)).toEqual([THREAD_TEXTS.request[locale], translate(locale, 'support.auto_ack'), THREAD_TEXTS.receipt[locale], THREAD_TEXTS.credited[locale]]);
    const chats = (await call(locale, 'chat/list')).payload.items;
    expect(titles(chats)[0]).toBe(translate(locale, 'support.chat.support_title'));
    expect((await call(locale, 'kyc')).payload).toMatchObject({ address: { reason: KYC_REASON[locale] } });
    expect((await call(locale, 'auth/sessions')).payload).toMatchObject({ items: [{ place: { city: MOSCOW[locale] } }, { place: null }] });
  });

  test("money texts are the server's, amounts in this language's format", async () => {
    const systems = (await call(locale, 'withdraw/ps')).payload.items as { name: string }[];
    expect(systems[0]!.name).toBe(translate(locale, 'money.ps.card'));
    const tooLittle = await call(locale, 'card/check', { amount: '5', card_number: '4242 4242 4242 4242', holder_name: 'ANNA PETROVA' });
    expect(tooLittle.payload.fields).toMatchObject({ amount: translate(locale, 'money.error.amount_min', { min: 10 }) });
    const tournament = (await call(locale, 'tournament/current')).payload.tournament as { name: string };
    expect(tournament.name).toBe(translate(locale, 'money.tournament.weekly_name'));
  });

  test('the pairs are named as the server names them in this language', async () => {
    const [first] = (await call(locale, 'pair/list')).payload.items as { id: string; name: string }[];
    expect(first!.name).toBe(translate(locale, `trading.pair.name.${first!.id}`));
  });
});

describe('the mocks tell the languages apart', () => {
  test('every language but Russian gets texts other than the Russian ones', async () => {
    const russian = (await wrongLogin('ru')).payload.message;
    for (const locale of OTHERS) expect((await wrongLogin(locale)).payload.message, locale).not.toBe(russian);
  });

  test("the language is picked from Accept-Language by the server's rule, Russian when none is supported", async () => {
    const english = translate('en', 'errors.invalid_credentials');
    expect((await wrongLogin('en-US,en;q=0.9')).payload.message).toBe(english);
    expect((await wrongLogin('pt-PT,pt;q=0.9')).payload.message).toBe(translate('pt-BR', 'errors.invalid_credentials'));
    expect((await wrongLogin('zh')).payload.message).toBe(translate('zh-CN', 'errors.invalid_credentials'));
    expect((await wrongLogin('de-DE')).payload.message).toBe(translate('ru', 'errors.invalid_credentials'));
  });

  test('the data written per language is translated, never the English copied (proper names and numbers aside)', () => {
    const tables = [...NOTIFICATION_TITLES, ...Object.values(THREAD_TEXTS), KYC_REASON, MOSCOW];
    for (const texts of tables) {
      for (const locale of LOCALES.filter((code) => code !== 'en')) expect(texts[locale], `${locale}: ${texts.en}`).not.toBe(texts.en);
    }
  });
});
