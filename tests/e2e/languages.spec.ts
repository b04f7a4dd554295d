import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../../src/api/contract/envelope';
import { base, escapeRegExp, signUpByApi, XHR } from './support/env';

/**
 * Ten languages against the real server (issue 20): the first visit's language from
 * Accept-Language, Arabic mirrored at a phone's and a desktop's width with trading working, and
 * every page in every language at 375 px without sideways scrolling.
 */

const localesDir = path.join(import.meta.dirname, '../../server/content/locales');
const text = (code: Locale, file: string, key: string): string => {
  const value = (JSON.parse(readFileSync(path.join(localesDir, code, `${file}.json`), 'utf8')) as Record<string, string>)[key];
  if (!value) throw new Error(`missing translation ${code} ${key}`);
  return value;
};

/** How far the page scrolls sideways (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('Accept-Language: pt-BR gets Portuguese on the first visit', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR', extraHTTPHeaders: { 'Accept-Language': 'pt-BR,pt;q=0.9,en;q=0.8' } });
  const page = await context.newPage();
  await page.goto(`${base()}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: text('pt-BR', 'shell', 'shell.landing-hero-title') })).toBeVisible();
  await context.close();
});

for (const width of [375, 1280]) {
  test(`Arabic at ${width} px is mirrored and trading works`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ar' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'ar', url: base() }]);
    const page = await context.newPage();

    // A visitor: the header's order is reversed (the logo at the right, the sign-in at the left).
    await page.goto(`${base()}/`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const banner = page.getByRole('banner');
    const logo = await banner.getByRole('link').first().boundingBox();
    const login = await banner.getByRole('link', { name: text('ar', 'shell', 'shell.login') }).boundingBox();
    expect(logo && login && logo.x > login.x).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // A trader places a bet from the mirrored bet slip, whose text runs from the right.
    await signUpByApi(context.request, 'arabic', 'en');
    const lang = await context.request.post(`${base()}/api/lang`, { headers: XHR, data: { lang: 'ar' } });
    expect(lang.ok()).toBe(true);
    await page.goto(`${base()}/home`);
    await page.evaluate(() => localStorage.setItem('wallet', 'demo'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const stake = page.getByLabel(text('ar', 'trading', 'trading.amount.label'));
    await expect(stake).toBeVisible();
    expect(await stake.evaluate((input) => getComputedStyle(input).direction)).toBe('rtl');
    const label = page.getByText(text('ar', 'trading', 'trading.amount.label'), { exact: true }).first();
    expect(await label.evaluate((node) => getComputedStyle(node).textAlign)).toMatch(/^(start|right)$/);
    // The chart keeps its reading order: time runs left to right.
    expect(await page.locator('canvas').first().evaluate((canvas) => getComputedStyle(canvas).direction)).toBe('ltr');

    await stake.fill('10');
    const placed = page.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
    await page.getByRole('button', { name: new RegExp(escapeRegExp(text('ar', 'trading', 'trading.direction.up'))) }).first().click();
    const bet = (await (await placed).json()) as { status: string };
    expect(bet.status).toBe('ok');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
}

const VISITOR_PAGES = ['/', '/login', '/signup', '/company/platform', '/strategy/trend-following'];
const TRADER_PAGES = ['/home', '/history/bets', '/finances', '/deposit', '/withdraw', '/settings/personal', '/support'];

test('every page in every language fits 375 px without sideways scrolling', async ({ browser }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const wide: string[] = [];
  const visit = async (code: Locale, pathname: string) => {
    await page.goto(`${base()}${pathname}`, { waitUntil: 'networkidle' });
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    const sideways = await overflow(page);
    if (sideways > 0) wide.push(`${code} ${pathname}: ${sideways} px`);
  };
  for (const code of LOCALES) {
    await context.clearCookies();
    await context.addCookies([{ name: 'i18n_redirected', value: code, url: base() }]);
    for (const pathname of VISITOR_PAGES) await visit(code, pathname);
  }
  await signUpByApi(context.request, 'widths', 'en');
  for (const code of LOCALES) {
    const lang = await context.request.post(`${base()}/api/lang`, { headers: XHR, data: { lang: code } });
    expect(lang.ok()).toBe(true);
    for (const pathname of TRADER_PAGES) await visit(code, pathname);
  }
  expect(wide).toEqual([]);
  await context.close();
});
