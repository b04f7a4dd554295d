import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from './support/server';
import { escapeRegExp } from './support/env';

/**
 * Support, the back office and the content pages against the real server, in Chromium.
 *
 * This file runs its own server: the operator is made with the operator command
 * (`npm run operator -- create <email>`), which opens the PGlite data directory itself, and PGlite
 * allows one process at a time, so the command runs before the server starts on the same data. The
 * sandbox's own payout is pushed an hour away so that the withdrawal waits for the operator.
 */

/** The translations the pages use, read from the server's content as it serves them. */
const translations = (language: 'ru' | 'en', ...namespaces: string[]): Record<string, string> =>
  Object.assign({}, ...namespaces.map((ns) => JSON.parse(readFileSync(`server/content/locales/${language}/${ns}.json`, 'utf8')) as Record<string, string>));
const texts = translations('ru', 'support', 'shell', 'money');
const english = translations('en', 'shell', 'money');
const say = (key: string, params: Record<string, string | number> = {}, from = texts) => {
  const text = from[key];
  if (text === undefined) throw new Error(`missing translation ${key}`);
  // `{{x, money}}` is written as the app writes Russian money (src/shared/format.ts): '40,00 $'.
  return text.replace(/\{\{(\w+)(?:, (money))?\}\}/g, (_, name: string, format?: string) =>
    format === 'money' ? russianUsd(Number(params[name])) : String(params[name] ?? ''),
  );
};
const russianUsd = (amount: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(amount);
const exactly = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const OPERATOR = { email: `operator-${randomUUID().slice(0, 8)}@example.com`, password: 'Lantern-orchard-2026' };
const TRADER_PASSWORD = 'Quiet-harbor-2026';
/** A real 1x1 PNG: the server judges the type by the content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let server: RunningServer;
let dataDir: string;
const base = () => server.url;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'fx-e2e-support-'));
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'operator', '--', 'create', OPERATOR.email, '--password', OPERATOR.password], {
    env: { ...process.env, DATA_DIR: dataDir },
    cwd: process.cwd(),
  });
  expect(stdout).toContain(`Created operator: ${OPERATOR.email}`);
  server = await startServer({ WITHDRAW_DELAY: '3600' }, dataDir, { built: true });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A new trader signed in in this context (the API shares the context's cookies). */
async function signUpTrader(context: BrowserContext, language: 'ru' | 'en' = 'ru') {
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: base() }]);
  const email = `trader-${randomUUID().slice(0, 8)}@example.com`;
  const response = await context.request.post(`${base()}/api/auth/register`, {
    headers: { ...XHR, 'Accept-Language': language },
    data: { email, password: TRADER_PASSWORD, password_confirmation: TRADER_PASSWORD, terms: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

/** The operator's own browser context, signed in through the back office form. */
async function operatorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto(`${base()}/backoffice`);
  await page.getByLabel(say('support.backoffice.sign_in.email'), { exact: true }).fill(OPERATOR.email);
  await page.getByLabel(say('support.backoffice.sign_in.password'), { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: say('support.backoffice.sign_in.submit') }).click();
  await expect(page.getByRole('heading', { name: say('support.backoffice.conversations.title') })).toBeVisible();
  return page;
}

async function operatorReplies(operator: Page, traderEmail: string, text: string) {
  await operator.goto(`${base()}/backoffice`);
  await operator.getByRole('link', { name: traderEmail }).click();
  await operator.getByLabel(say('support.backoffice.conversation.reply'), { exact: true }).fill(text);
  await operator.getByRole('button', { name: say('support.backoffice.conversation.send') }).click();
  await expect(operator.getByText(say('support.backoffice.conversation.sent'))).toBeVisible();
}

/** The bell's dropdown: the support block says how many answers wait; it is gone when none do. */
async function openNotifications(page: Page) {
  const bell = page.getByRole('button', { name: new RegExp(`^${say('shell.notifications')}`) });
  if ((await bell.getAttribute('aria-expanded')) !== 'true') await bell.click();
  return page.getByRole('dialog', { name: say('shell.notifications') });
}
async function closeNotifications(page: Page) {
  const bell = page.getByRole('button', { name: new RegExp(`^${say('shell.notifications')}`) });
  if ((await bell.getAttribute('aria-expanded')) === 'true') await bell.click();
}

/**
 * The trader scrolls down to the box to answer in: the end of the thread, just above it, is then on
 * screen (on a short window with the header's notification card it may start below the fold).
 */
async function scrollToTheEndOfTheThread(page: Page) {
  const box = page.getByLabel(say('support.composer.label'), { exact: true });
  await box.scrollIntoViewIfNeeded();
  await expect(box).toBeInViewport();
}

/** 100.00 on the main wallet through the sandbox checkout, then a pending withdrawal of 40.00. */
async function fundAndWithdraw(request: APIRequestContext, page: Page) {
  const systems = await request.get(`${base()}/api/deposit/ps`, { headers: XHR });
  const card = ((await systems.json()) as { payload: { items: Array<{ id: number; slug: string }> } }).payload.items.find((s) => s.slug === 'card');
  expect(card).toBeDefined();
  const deposit = await request.post(`${base()}/api/deposit/integration_json`, { headers: XHR, data: { ps_id: card!.id, amount: 100 } });
  expect(deposit.ok(), await deposit.text()).toBe(true);
  const { redirect_url } = ((await deposit.json()) as { payload: { redirect_url: string } }).payload;
  await page.goto(new URL(redirect_url, base()).href);
  await page.getByRole('button', { name: say('money.checkout.approve') }).click();
  await page.waitForURL(/\/deposit\?deposit_id=\d+/);
  const withdrawal = await request.post(`${base()}/api/withdraw/card/confirm`, {
    headers: XHR,
    multipart: { amount: '40', card_number: '4242 4242 4242 4242', holder_name: 'ANNA PETROVA' },
  });
  expect(withdrawal.ok(), await withdrawal.text()).toBe(true);
}

test('a trader writes to support with a PNG, the operator answers from the back office, the answer arrives live', async ({ page, context, browser }) => {
  const traderEmail = await signUpTrader(context);

  // The trader writes, with a screenshot attached through the file picker.
  await page.goto(`${base()}/support`);
  await expect(page.getByRole('heading', { level: 1, name: say('support.page.title') })).toBeVisible();
  await expect(page.getByText(say('support.thread.empty'))).toBeVisible();
  await page.getByLabel(say('support.composer.label'), { exact: true }).fill('Пополнение картой не пришло на счёт');
  await page.getByLabel(say('support.composer.attach')).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('list', { name: say('support.composer.attached') })).toContainText('receipt.png');
  await page.getByRole('button', { name: say('support.composer.send') }).click();

  const thread = page.getByRole('log');
  await expect(thread).toContainText('Пополнение картой не пришло на счёт');
  await expect(thread.getByRole('link', { name: /receipt\.png/ })).toHaveAttribute('href', /^\/api\/support\/file\/[0-9a-f-]{36}$/);
  await expect(thread).toContainText(say('support.auto_ack'));
  await expect(page.getByLabel(say('support.composer.label'), { exact: true })).toHaveValue('');

  // The trader reads a company page meanwhile; the operator answers.
  await page.getByRole('link', { name: /Лицензия/ }).first().click();
  await expect(page).toHaveURL(/\/company\/license$/);
  const operator = await operatorPage(browser);
  await operator.getByRole('link', { name: traderEmail }).click();
  await expect(operator.getByText('Пополнение картой не пришло на счёт')).toBeVisible();
  await expect(operator.getByRole('link', { name: 'receipt.png' })).toBeVisible();
  await operator.getByLabel(say('support.backoffice.conversation.reply'), { exact: true }).fill('Платёж найден, деньги зачислены.');
  await operator.getByRole('button', { name: say('support.backoffice.conversation.send') }).click();
  await expect(operator.getByText(say('support.backoffice.conversation.sent'))).toBeVisible();

  // The unread count reaches the header without a reload (the trader's window is the one looked at
  // again: a page in the background marks nothing as seen)...
  await page.bringToFront();
  let notifications = await openNotifications(page);
  const supportBlock = notifications.getByRole('link', { name: say('shell.support-new-messages') });
  await expect(supportBlock).toBeVisible();
  await expect(notifications.getByLabel(say('shell.unread-count', { count: 1 }))).toBeVisible();
  // ...the trader follows it and sees the answer...
  await supportBlock.click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('log')).toContainText('Платёж найден, деньги зачислены.');
  await scrollToTheEndOfTheThread(page);
  // ...and, the answer seen, the count is cleared.
  notifications = await openNotifications(page);
  await expect(notifications.getByRole('link', { name: say('shell.support-new-messages') })).toHaveCount(0);
  await closeNotifications(page);

  // With /support open, the next answer arrives over the WebSocket, without a reload.
  await page.evaluate(() => {
    (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
  });
  await operatorReplies(operator, traderEmail, 'Выписка будет готова завтра.');
  await page.bringToFront();
  const liveAnswer = page.getByRole('log').getByText('Выписка будет готова завтра.');
  await expect(liveAnswer).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  // Read when seen: once the trader has it on screen, the count is cleared.
  await scrollToTheEndOfTheThread(page);
  notifications = await openNotifications(page);
  await expect(notifications.getByRole('link', { name: say('shell.support-new-messages') })).toHaveCount(0);
  await operator.context().close();
});

test('the operator approves a pending withdrawal and the trader is told at once', async ({ page, context, browser }) => {
  await signUpTrader(context);
  await fundAndWithdraw(context.request, page);
  await page.goto(`${base()}/support`);
  await expect(page.getByRole('heading', { level: 1, name: say('support.page.title') })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
  });

  const operator = await operatorPage(browser);
  await operator.getByRole('link', { name: say('support.backoffice.nav.withdrawals') }).click();
  const row = operator.getByRole('row').filter({ hasText: /40[.,]00/ });
  await expect(row).toHaveCount(1);
  const id = (await row.getByRole('cell').first().textContent())?.trim() ?? '';
  await row.getByRole('button', { name: say('support.backoffice.withdrawals.approve') }).click();
  await expect(operator.getByText(say('support.backoffice.withdrawals.approved', { id }))).toBeVisible();

  // The notification reaches the open page over the WebSocket.
  const notice = say('money.notice.withdrawal_completed', { amount: 40 });
  const notifications = await openNotifications(page);
  await expect(notifications.getByText(notice)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  await operator.context().close();
});

test('the operator opens a paid tournament; a trader pays the entry through /purchase and plays in it', async ({ page, context, browser }) => {
  const operator = await operatorPage(browser);
  await operator.goto(`${base()}/backoffice/tournaments`);
  const utcMinute = (fromNow: number) => new Date(Date.now() + fromNow).toISOString().slice(0, 16);
  const name = `Cup ${randomUUID().slice(0, 6)}`;
  const field = (key: string) => operator.getByLabel(say(`support.backoffice.tournaments.${key}`), { exact: true });
  // The name is written per language (a group of a Russian and an English field).
  const nameGroup = operator.getByRole('group', { name: say('support.backoffice.tournaments.name') });
  await nameGroup.getByLabel(say('support.backoffice.language.ru'), { exact: true }).fill(name);
  await field('starts_at').fill(utcMinute(-60_000));
  await field('ends_at').fill(utcMinute(86_400_000));
  await field('entry_fee').fill('15');
  await field('start_balance').fill('3000');
  await field('prizes').fill('300, 150, 50');
  await operator.getByRole('button', { name: say('support.backoffice.tournaments.create') }).click();
  await expect(operator.getByRole('status')).toHaveText(say('support.backoffice.tournaments.created', { name }));
  await expect(operator.getByRole('row', { name: new RegExp(name) })).toContainText(say('support.backoffice.tournaments.kinds.special'));

  // The trader picks it among the running tournaments on /home and pays the entry with the test card.
  await signUpTrader(context);
  await page.goto(`${base()}/home`);
  const running = page.getByRole('radiogroup', { name: say('money.tournament.choose') });
  await running.getByRole('radio', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await page.getByRole('button', { name: say('money.tournament.join_paid') }).click();
  await page.waitForURL(/\/purchase\?product_id=\d+/);
  await page.getByRole('button', { name: /Bank card|Банковская карта/ }).click();
  await page.getByRole('button', { name: say('money.purchase.pay'), exact: true }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: say('money.checkout.approve'), exact: true }).click();
  await page.waitForURL(/\/purchase\?purchase_id=\d+/);
  await expect(page.getByText(say('money.purchase.status.completed'))).toBeVisible();

  // Back on /home the tournament the trader plays in is shown, with the trader in it.
  await page.goto(`${base()}/home`);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText(say('money.tournament.joined'))).toBeVisible();
  await operator.reload();
  await expect(operator.getByRole('row', { name: new RegExp(name) }).getByRole('cell').nth(5)).toHaveText('1');
  await operator.context().close();
});

const ARTICLES = {
  ru: { license: 'Лицензия и условия использования', payment: 'Платёжная политика', platform: 'О платформе', strategy: 'Следование за трендом' },
  en: { license: 'License and terms of use', payment: 'Payment policy', platform: 'About the platform', strategy: 'Trend following' },
} as const;

for (const language of ['ru', 'en'] as const) {
  test(`the company and strategy pages read in ${language}`, async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: base() }]);
    const titles = ARTICLES[language];
    for (const name of ['license', 'payment', 'platform'] as const) {
      await page.goto(`${base()}/company/${name}`);
      await expect(page.getByRole('heading', { level: 1, name: titles[name] })).toBeVisible();
      const source = readFileSync(`server/content/articles/${language}/${name}.md`, 'utf8');
      const firstSection = /^## (.+)$/m.exec(source)?.[1];
      if (firstSection) await expect(page.getByRole('heading', { level: 2, name: firstSection }).first()).toBeVisible();
    }
    await page.goto(`${base()}/strategy/trend-following`);
    await expect(page.getByRole('heading', { level: 1, name: titles.strategy })).toBeVisible();

    // An unknown name fails the page validation (a company page) or the server's answer (a strategy).
    const notFound = say('shell.not-found', {}, language === 'en' ? english : texts);
    await page.goto(`${base()}/company/unknown-page`);
    await expect(page.getByText(exactly(notFound)).first()).toBeVisible();
    await page.goto(`${base()}/strategy/no-such-strategy`);
    await expect(page.getByText(exactly(notFound)).first()).toBeVisible();
  });
}
