import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { formatDuration } from '../../src/shared/duration';
import { base, namespace, placeDemoBetByApi, signUpByApi, XHR } from './support/env';

/**
 * Responsible trading against the real server, in Russian: a daily loss limit set on
 * /settings/limits refuses a bet that could cross it; the reality check comes after its period in
 * the trading room (the browser's clock is moved on) and "stop for today" closes trading; a 24-hour
 * time-out closes trading; a CSV statement downloads with its balances.
 */

const texts: Record<string, string> = { ...namespace('ru', 'shell'), ...namespace('ru', 'trading'), ...namespace('ru', 'limits'), ...namespace('ru', 'money') };
function text(key: string, params: Record<string, string | number> = {}): string {
  const value = texts[key];
  if (value === undefined) throw new Error(`missing translation ${key}`);
  return value.replace(/\{\{\s*(\w+)(?:,\s*\w+)?\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The text before a message's first placeholder: what the refusal starts with whatever the values. */
const lead = (key: string) => texts[key]!.split('{{')[0]!;

/** 100.00 into the main wallet through the sandbox checkout, as the trader's browser pays it. */
async function deposit(page: Page) {
  const response = await page.request.post(`${base()}/api/deposit/integration_json`, { headers: XHR, data: { ps_id: 1, amount: 100 } });
  expect(response.ok(), await response.text()).toBe(true);
  const { redirect_url: redirect } = ((await response.json()) as { payload: { redirect_url: string } }).payload;
  await page.goto(`${base()}${redirect}`);
  await page.getByRole('button', { name: text('money.checkout.approve'), exact: true }).click();
  await page.waitForURL(/\/deposit\?deposit_id=\d+/);
}

const walletButton = (page: Page) => page.getByRole('button', { name: new RegExp(escape(text('shell.wallet-switch'))) });

async function chooseWallet(page: Page, wallet: 'main' | 'demo') {
  await walletButton(page).click();
  await page
    .getByRole('menu', { name: text('shell.wallets') })
    .getByRole('menuitemradio', { name: new RegExp(escape(text(`shell.wallet-${wallet}`))) })
    .click();
  // The main wallet's button says it holds real money.
  await expect(walletButton(page)).toContainText(text(`shell.wallet-badge-${wallet}`));
}

/** Bets 10.00 up for the slip's period and answers the placement's response. */
async function betUp(page: Page) {
  await page.getByLabel(text('trading.amount.label')).fill('10');
  const placing = page.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
  await page.getByRole('button', { name: new RegExp(`^▲ ${escape(text('trading.direction.up'))}`) }).click();
  return placing;
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a daily loss limit refuses the bet that could cross it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpByApi(context.request, 'limits', 'ru');
  await deposit(page);

  await page.goto(`${base()}/settings/limits`);
  await page.getByLabel(text('limits.name.loss_day')).fill('5');
  await page.getByRole('button', { name: text('limits.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('limits.saved') })).toBeVisible();

  await page.goto(`${base()}/home`);
  await chooseWallet(page, 'main');
  const refused = await betUp(page);
  expect(refused.status()).toBe(409);
  await expect(page.getByRole('alert').filter({ hasText: lead('limits.refused.loss_day') })).toBeVisible();
});

test('the reality check shows the session after its period, and "stop for today" closes trading', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await signUpByApi(context.request, 'reality', 'ru');
  await page.goto(`${base()}/settings/limits`);
  await page.getByLabel(text('limits.reality.period')).selectOption('10');
  await page.getByRole('button', { name: text('limits.save') }).click();
  await expect(page.getByLabel(text('limits.reality.period'))).toHaveValue('10');
  await placeDemoBetByApi(context.request, 5);

  await page.goto(`${base()}/home`);
  await chooseWallet(page, 'demo');
  const check = page.getByRole('dialog', { name: text('limits.reality.title') });
  await expect(check).toBeHidden();
  await page.clock.fastForward('10:00');
  await expect(check).toBeVisible();
  // The figures of this sign-in's session: ten minutes, the one bet placed.
  await expect(check.getByRole('definition').nth(0)).toHaveText(formatDuration(600, 'ru'));
  await expect(check.getByRole('definition').nth(1)).toHaveText('1');
  await check.getByRole('button', { name: text('limits.reality.stop') }).click();
  await expect(check).toBeHidden();
  const refused = await betUp(page);
  expect(refused.status()).toBe(403);
  await expect(page.getByRole('alert').filter({ hasText: lead('limits.refused.excluded') })).toBeVisible();
});

test('a 24-hour time-out closes trading', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpByApi(context.request, 'timeout', 'ru');
  await page.goto(`${base()}/settings/limits`);
  await page.getByLabel(text('limits.exclusion.kind')).selectOption('timeout_24h');
  await page.getByRole('button', { name: text('limits.exclusion.start') }).click();
  await page.getByRole('dialog', { name: text('limits.exclusion.confirm_title') }).getByRole('button', { name: text('limits.exclusion.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: lead('limits.exclusion.running') })).toBeVisible();

  await page.goto(`${base()}/home`);
  await chooseWallet(page, 'demo');
  const refused = await betUp(page);
  expect(refused.status()).toBe(403);
  await expect(page.getByRole('alert').filter({ hasText: lead('limits.refused.excluded') })).toBeVisible();
});

test.describe('on a device in Moscow', () => {
  test.use({ timezoneId: 'Europe/Moscow' });

  test("a CSV statement downloads with its balances, its times in the device's zone", async ({ page, context }) => {
    test.setTimeout(120_000);
    await signUpByApi(context.request, 'statement', 'ru');
    await deposit(page);
    await page.goto(`${base()}/settings/statements`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: text('limits.statement.download_csv') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^statement-finance-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.replace(/^\ufeff/, '').split('\r\n');
    // The trader chose no zone: the app sends the device's, and the header names it (quoted: it holds a comma).
    const zone = 'Europe/Moscow, UTC+03:00';
    expect(lines[0]).toBe(['time', 'kind', 'reference', 'amount', 'balance'].map((c) => text(`limits.statement.column.${c}`, { zone })).map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','));
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,${text('limits.statement.ledger.deposit')},deposit \\d+,100,100$`));
    expect(csv).toContain(`${text('limits.statement.opening')},0`);
    expect(csv).toContain(`${text('limits.statement.closing')},100`);
  });
});
