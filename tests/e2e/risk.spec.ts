import { expect, test, type Browser, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from './support/server';
import { formatUsd } from '../../src/shared/format';

/**
 * The risk desk against the real server, in Chromium (issue 19): a risk operator, made with the
 * operator command (`--role risk`) before the server starts on the same PGlite data, signs in and
 * watches the exposure; a trader in another browser context places a bet, and the operator's page
 * shows it without a reload (server-sent events); the operator lowers EUR/USD's payout and the
 * trader's bet slip shows the new payout without a reload (the `pair` message over /ws).
 */
const translations = (language: 'ru' | 'en', ...namespaces: string[]): Record<string, string> =>
  Object.assign({}, ...namespaces.map((ns) => JSON.parse(readFileSync(`server/content/locales/${language}/${ns}.json`, 'utf8')) as Record<string, string>));
const texts = translations('ru', 'support', 'shell', 'trading', 'risk');
const say = (key: string, params: Record<string, string | number> = {}) => {
  const text = texts[key];
  if (text === undefined) throw new Error(`missing translation ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
};
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Money as the server writes it for a Russian reader. */
const usd = (amount: number) => formatUsd(amount, 'ru');

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const OPERATOR = { email: `risk-${randomUUID().slice(0, 8)}@example.com`, password: 'Lantern-orchard-2026' };
const TRADER_PASSWORD = 'Quiet-harbor-2026';
const STAKE = 10;

let server: RunningServer;
let dataDir: string;
const base = () => server.url;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'fx-e2e-risk-'));
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'operator', '--', 'create', OPERATOR.email, '--password', OPERATOR.password, '--role', 'risk'], {
    env: { ...process.env, DATA_DIR: dataDir },
    cwd: process.cwd(),
  });
  expect(stdout).toContain(`Created risk operator: ${OPERATOR.email}`);
  server = await startServer({}, dataDir, { built: true });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function riskOperator(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base()}/backoffice`);
  await page.getByLabel(say('support.backoffice.sign_in.email'), { exact: true }).fill(OPERATOR.email);
  await page.getByLabel(say('support.backoffice.sign_in.password'), { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: say('support.backoffice.sign_in.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('risk.exposure.title') })).toBeVisible();
  return page;
}

async function trader(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 900 } });
  const email = `trader-${randomUUID().slice(0, 8)}@example.com`;
  const response = await context.request.post(`${base()}/api/auth/register`, {
    headers: XHR,
    data: { email, password: TRADER_PASSWORD, password_confirmation: TRADER_PASSWORD, terms: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const page = await context.newPage();
  await page.goto(`${base()}/home`);
  // The demo wallet, then EUR/USD.
  const wallet = page.getByRole('button', { name: new RegExp(escape(say('shell.wallet-switch'))) });
  await wallet.click();
  await page.getByRole('menu', { name: say('shell.wallets') }).getByRole('menuitemradio', { name: new RegExp(escape(say('shell.wallet-demo'))) }).click();
  await expect(wallet).toContainText(say('shell.wallet-demo'));
  const chart = page.getByRole('region', { name: say('trading.chart.section') });
  await chart.locator('button[aria-haspopup]').click();
  await page.getByRole('dialog', { name: say('trading.pair.choose') }).getByRole('button', { name: /^EUR\/USD/ }).click();
  await expect(page.getByRole('group', { name: say('trading.chart.title', { symbol: 'EUR/USD' }) })).toBeVisible();
  return page;
}

const upButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^▲ ${escape(say('trading.direction.up'))}`) });

test('the operator sees the exposure move with a trader\'s bet, and a new payout reaches the trader without reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const operator = await riskOperator(browser);
  // The demo wallet's exposure (play money: any new trader can bet there).
  await operator.getByRole('link', { name: say('risk.wallet.demo') }).click();
  const stakes = operator.locator('[data-figure="stakes"]');
  await expect(stakes).toHaveText(usd(0));
  // The page fits a 375 px screen: nothing scrolls sideways but the tables' own boxes.
  expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const traderPage = await trader(browser);
  // A mark in the trader's page: a reload would wipe it.
  await traderPage.evaluate(() => ((window as unknown as { riskMarker: number }).riskMarker = 1));
  await traderPage.getByLabel(say('trading.amount.label')).fill(String(STAKE));
  const placing = traderPage.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
  await upButton(traderPage).click();
  expect(((await (await placing).json()) as { status: string }).status).toBe('ok');

  // No reload: the stream brings the new figure.
  await expect(stakes).toHaveText(usd(STAKE), { timeout: 10_000 });
  await expect(operator.getByRole('cell', { name: 'EUR/USD' })).toBeVisible();

  // Lower EUR/USD's payout from the controls page.
  await operator.getByRole('link', { name: say('risk.nav.controls') }).click();
  const row = operator.getByRole('row').filter({ has: operator.getByRole('cell', { name: 'EUR/USD', exact: true }) });
  await row.getByLabel(say('risk.controls.payout')).fill('55');
  await row.locator('form[action$="/payout"]').getByLabel(say('risk.controls.reason')).fill('e2e: demand on up');
  await row.getByRole('button', { name: say('risk.controls.change') }).click();
  await expect(operator.getByRole('status')).toContainText(say('risk.done.payout', { pair: 'EUR/USD', payout: 55 }));
  await expect(operator.getByRole('cell', { name: 'e2e: demand on up' })).toBeVisible();

  // The trader's slip shows the new payout, the page never reloaded.
  await expect(upButton(traderPage)).toHaveAccessibleName(/55\s?%/, { timeout: 10_000 });
  expect(await traderPage.evaluate(() => (window as unknown as { riskMarker?: number }).riskMarker)).toBe(1);
});
