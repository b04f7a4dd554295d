import { expect, test, type Page } from '@playwright/test';
import { base, escapeRegExp, namespace, placeDemoBetByApi, signUpByApi } from './support/env';

/**
 * Selling a bet back against the real server, which streams the offers with each tick: a new
 * trader with a demo bet presses its close button with the live offer, confirms, and sees the
 * bet leave the open ones, the demo balance grow by the sale and the history say "closed early".
 * In Russian, at a phone width (the open bets in the trade bar's sheet) and at a desktop width.
 * A new trader is in one-click mode, where nothing asks; the confirming cases switch it off first
 * (kept in this browser as the slip's switch keeps it).
 */

const STAKE = 10;
const DEMO_START = 10_000;
const texts: Record<string, string> = { ...namespace('ru', 'shell'), ...namespace('ru', 'trading') };
function text(key: string, params: Record<string, string | number> = {}): string {
  const value = texts[key];
  if (value === undefined) throw new Error(`missing translation ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
const usd = (amount: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(amount);

/** One-click mode off, as the slip's switch leaves it: placing and closing early ask first. */
const askBeforeClosing = (page: Page) => page.addInitScript(() => localStorage.setItem('trading.confirm-bets', '1'));

const walletButton = (page: Page) => page.getByRole('button', { name: new RegExp(escapeRegExp(text('shell.wallet-switch'))) });

async function chooseDemoWallet(page: Page) {
  await walletButton(page).click();
  await page
    .getByRole('menu', { name: text('shell.wallets') })
    .getByRole('menuitemradio', { name: new RegExp(escapeRegExp(text('shell.wallet-demo'))) })
    .click();
  await expect(walletButton(page)).toContainText(text('shell.wallet-demo'));
}

for (const [name, viewport] of Object.entries({ phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } })) {
  test(`close a bet early at the live offer (${name})`, async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signUpByApi(context.request, 'close-early', 'ru');
    await placeDemoBetByApi(context.request, STAKE);
    await askBeforeClosing(page);

    await page.goto(`${base()}/home`);
    await chooseDemoWallet(page);
    await expect(walletButton(page)).toContainText(usd(DEMO_START - STAKE));
    // On a phone the trader works in the trade bar's sheet of open bets; on a desktop in the card beside the chart.
    const phone = name === 'phone';
    if (phone) await page.getByTestId('open-bets-button').click();
    const openBets = phone ? page.getByRole('dialog', { name: text('trading.bar.open') }) : page.getByTestId('open-bets');

    // The offer arrives with the next tick: the button names it.
    const [before] = text('trading.close.for_bet', { amount: '\u0001', bet: '\u0000' }).split('\u0000');
    const close = openBets.getByRole('button', { name: new RegExp(`^${escapeRegExp(before!).replace('\u0001', '.*')}EUR/USD`) });
    await expect(close).toBeEnabled({ timeout: 10_000 });
    await close.click();
    const confirm = openBets.getByRole('group', { name: new RegExp(escapeRegExp(text('trading.close.confirm_title', { bet: '' }))) });
    const closing = page.waitForResponse((response) => response.url().includes('/api/bet/user/close'));
    await confirm.getByRole('button', { name: text('trading.close.confirm') }).click();
    const answer = (await (await closing).json()) as { status: string; payload: { bet: { status: string; profit: number } } };
    expect(answer.status).toBe('ok');
    expect(answer.payload.bet.status).toBe('closed');

    // The sale is in the balance, the bet is no longer open, and its result says so.
    await expect(walletButton(page)).toContainText(usd(DEMO_START + answer.payload.bet.profit));
    await expect(page.getByTestId('bet-result')).toContainText(text('trading.outcome.closed', { symbol: 'EUR/USD' }));
    if (phone) await page.keyboard.press('Escape');

    await page.goto(`${base()}/history/bets`);
    const history = page.getByRole('table', { name: text('trading.history.title') });
    await expect(history).toContainText(text('trading.status.closed'));
  });
}

test('close a bet early with the C key, confirming with Enter', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpByApi(context.request, 'close-early-key', 'ru');
  await placeDemoBetByApi(context.request, STAKE);
  await askBeforeClosing(page);
  await page.goto(`${base()}/home`);
  await chooseDemoWallet(page);
  await page.keyboard.press('Escape');
  const openBets = page.getByTestId('open-bets');
  await expect(openBets.getByRole('button', { name: new RegExp('EUR/USD') })).toBeEnabled({ timeout: 10_000 });

  await page.keyboard.press('c');
  const [question] = text('trading.close.confirm_question', { amount: '\u0000' }).split('\u0000');
  await expect(page.getByTestId('trading-announcer')).toContainText(question!);
  const sell = openBets.getByRole('button', { name: text('trading.close.confirm') });
  await expect(sell).toBeFocused();
  const closing = page.waitForResponse((response) => response.url().includes('/api/bet/user/close'));
  await page.keyboard.press('Enter');
  const answer = (await (await closing).json()) as { status: string; payload: { bet: { status: string } } };
  expect(answer.status).toBe('ok');
  expect(answer.payload.bet.status).toBe('closed');

  // The sold bet's row leaves; focus goes to the slip, never to the page.
  await expect(openBets).toContainText(text('trading.open.empty'));
  await expect(page.locator('#bet-slip')).toBeFocused();
  // No open bet left: the key says so and changes nothing.
  await page.keyboard.press('c');
  await expect(page.getByTestId('trading-announcer')).toContainText(text('trading.open.empty'));
});

test('in one-click mode the close button sells at the offer at once, and the live region says the result', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpByApi(context.request, 'close-1click', 'ru');
  await placeDemoBetByApi(context.request, STAKE);
  await page.goto(`${base()}/home`);
  await chooseDemoWallet(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('checkbox', { name: text('trading.slip.one_click') })).toBeChecked();

  // The button says it sells now, without asking.
  const openBets = page.getByTestId('open-bets');
  const [before] = text('trading.close.for_bet_now', { amount: '\u0001', bet: '\u0000' }).split('\u0000');
  const close = openBets.getByRole('button', { name: new RegExp(`^${escapeRegExp(before!).replace('\u0001', '.*')}EUR/USD`) });
  await expect(close).toBeEnabled({ timeout: 10_000 });
  const closing = page.waitForResponse((response) => response.url().includes('/api/bet/user/close'));
  await close.click();
  const answer = (await (await closing).json()) as { status: string; payload: { bet: { status: string; profit: number } } };
  expect(answer.status).toBe('ok');
  expect(answer.payload.bet.status).toBe('closed');
  await expect(openBets.getByRole('group', { name: new RegExp(escapeRegExp(text('trading.close.confirm_title', { bet: '' }))) })).toHaveCount(0);

  // The sale is in the balance, the bet has left, and the live region says the result with the balance.
  await expect(walletButton(page)).toContainText(usd(DEMO_START + answer.payload.bet.profit));
  await expect(openBets).toContainText(text('trading.open.empty'));
  await expect(page.getByTestId('trading-announcer')).toContainText(text('trading.outcome.closed', { symbol: 'EUR/USD' }));
  await expect(page.getByTestId('trading-announcer')).toContainText(usd(DEMO_START + answer.payload.bet.profit));
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});
