import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
// Specs write expected durations with the app's formatter (src/shared/duration.ts); Node 20 lacks
// Intl.DurationFormat, the server and Chromium have it.
import '@formatjs/intl-durationformat/polyfill.js';

/** What every spec of the shared server needs: its address, the XHR header, the translations. */

/** The address of the run's server (tests/e2e/support/global-setup.ts). */
export const base = (): string => {
  const url = process.env.BASE_URL;
  if (!url) throw new Error('BASE_URL is set by the global setup');
  return url;
};

/** A text as a regular expression that matches it literally. */
export const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** API calls from the tests say they are the app's (the server's CSRF rule). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/** The sandbox card that the checkout approves. */
export const TEST_CARD = '4242 4242 4242 4242';

export type Language = 'ru' | 'en';
export const LANGUAGES: readonly Language[] = ['ru', 'en'];

const localesDir = path.join(import.meta.dirname, '../../../server/content/locales');

/** One namespace of the server's translations (server/content/locales/<language>/<name>.json). */
export const namespace = (language: Language, name: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${name}.json`), 'utf8')) as Record<string, string>;

/**
 * A new trader signed up through the API, with `language` as their language; the browser context
 * that owns `request` shares its cookies, so its pages are signed in too.
 */
export async function signUpByApi(request: APIRequestContext, emailPrefix: string, language: Language): Promise<string> {
  const email = `${emailPrefix}-${language}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Quiet-harbor-2026';
  const headers = { ...XHR, 'Accept-Language': language };
  const response = await request.post(`${base()}/api/auth/register`, {
    headers,
    data: { email, password, password_confirmation: password, terms: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const lang = await request.post(`${base()}/api/lang`, { headers, data: { lang: language } });
  expect(lang.ok(), await lang.text()).toBe(true);
  return email;
}

export interface MailboxEmail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest email to `to` with this subject, as the development mailbox lists it. */
export async function emailTo(request: APIRequestContext, to: string, subject: string): Promise<MailboxEmail> {
  let found: MailboxEmail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${base()}/local/mailbox.json`);
      const emails = (await response.json()) as MailboxEmail[];
      found = emails.find((email) => email.to === to && email.subject === subject);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** A demo bet placed through the API on the first active pair, up, for the longest interval. */
export async function placeDemoBetByApi(request: APIRequestContext, amount: number): Promise<void> {
  const list = await request.get(`${base()}/api/pair/list`, { headers: XHR });
  expect(list.ok(), await list.text()).toBe(true);
  const { payload } = (await list.json()) as {
    payload: { items: { id: number; active: boolean; rate: { id: number } }[]; platform: { intervals: number[] } };
  };
  const pair = payload.items.find((item) => item.active);
  if (!pair) throw new Error('no active pair');
  const placed = await request.post(`${base()}/api/bet/user/place`, {
    headers: { ...XHR, 'Idempotency-Key': randomUUID() },
    data: { wallet_type: 'demo', pair_id: pair.id, rate_id: pair.rate.id, amount, direction: 'up', interval: payload.platform.intervals.at(-1) },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
}

/** Opens the header's language menu (named after `menuLabel`) and picks a language by its own name. */
export async function chooseLanguage(page: Page, menuLabel: string, name: string) {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: new RegExp(`${menuLabel}:`) }).click();
  await banner.getByRole('menu', { name: menuLabel }).getByRole('menuitemradio', { name, exact: true }).click();
}

/**
 * A reader of the named namespaces in `language` that fails the test on a key it lacks; it fills in
 * the values as i18next renders them (a numeric `count` picks its plural form, a format is ignored).
 */
export function translator(
  language: Language,
  ...names: string[]
): (key: string, params?: Record<string, string | number>) => string {
  const texts: Record<string, string> = Object.assign({}, ...names.map((name) => namespace(language, name)));
  return (key, params = {}) => {
    const plural = typeof params.count === 'number' ? `${key}_${new Intl.PluralRules(language).select(params.count)}` : key;
    const value = texts[plural] ?? texts[key];
    if (!value) throw new Error(`missing translation ${key}`);
    return value.replace(/\{\{(\w+)(?:, [^}]+)?\}\}/g, (_, name: string) => String(params[name] ?? ''));
  };
}
