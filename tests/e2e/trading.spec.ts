import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { formatDuration } from '../../src/shared/duration';
import { base, escapeRegExp, namespace, XHR } from './support/env';

/**
 * The trading journey against the real server, which prices and settles bets by itself: a new
 * trader picks the demo wallet in the header, bets up on EUR/USD for 30 s through the bet slip,
 * follows the open bet (its row with the countdown, its line on the chart), sees it settle with
 * the result notification and the new balance, and finds it in /history/bets. In Russian (the
 * default language), at a phone width and at a desktop width.
 */

const STAKE = 10;
const DEMO_START = 10_000;

const locale = (name: string) => namespace('ru', name);
const texts: Record<string, string> = { ...locale('shell'), ...locale('trading') };
/** A translation with its values filled in, as i18next renders it. */
function text(key: string, params: Record<string, string | number> = {}): string {
  const value = texts[key];
  if (value === undefined) throw new Error(`missing translation ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
/** The shortest bet time as the period selector and the trade bar write it. */
const thirtySeconds = formatDuration(30, 'ru', 'short');
const usd = (amount: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(amount);

interface SettledBet {
  id: number;
  status: 'won' | 'lost' | 'refund';
  profit: number;
}

/** A new trader, signed in in this browser context (the API shares the context's cookies). */
async function signUp(request: APIRequestContext) {
  const email = `trading-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Quiet-harbor-2026';
  const response = await request.post(`${base()}/api/auth/register`, {
    headers: XHR,
    data: { email, password, password_confirmation: password, terms: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The header's wallet switcher: its button names the current wallet and its balance. */
const walletButton = (page: Page) =>
  page.getByRole('button', { name: new RegExp(escapeRegExp(text('shell.wallet-switch'))) });

async function chooseDemoWallet(page: Page) {
  await walletButton(page).click();
  await page
    .getByRole('menu', { name: text('shell.wallets') })
    .getByRole('menuitemradio', { name: new RegExp(escapeRegExp(text('shell.wallet-demo'))) })
    .click();
  await expect(walletButton(page)).toContainText(text('shell.wallet-demo'));
  await expect(walletButton(page)).toContainText(usd(DEMO_START));
}

async function chooseEurUsd(page: Page) {
  const chart = page.getByRole('region', { name: text('trading.chart.section') });
  await chart.locator('button[aria-haspopup]').click();
  await page
    .getByRole('dialog', { name: text('trading.pair.choose') })
    .getByRole('button', { name: /^EUR\/USD/ })
    .click();
  await expect(page.getByRole('group', { name: text('trading.chart.title', { symbol: 'EUR/USD' }) })).toBeVisible();
}

/** Polls the bet until the server settled it (setup check: the UI's result is asserted separately). */
async function settled(request: APIRequestContext, id: number): Promise<SettledBet> {
  let bet: SettledBet | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${base()}/api/bet/${id}/info`, { headers: XHR });
        const body = (await response.json()) as { payload: { bet: Omit<SettledBet, 'status'> & { status: string } } };
        const { status } = body.payload.bet;
        bet = status === 'open' ? null : (body.payload.bet as SettledBet);
        return status;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .not.toBe('open');
  if (!bet) throw new Error('the bet did not settle');
  return bet;
}

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`bet up on EUR/USD for 30 s and follow it to the history (${name})`, async ({ page, context }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await signUp(context.request);

    await page.goto(`${base()}/home`);
    await chooseDemoWallet(page);
    await chooseEurUsd(page);

    // The bet slip: 30 s, a stake of 10.00, up. On a phone the time is in the trade bar's sheet.
    const phone = name === 'phone';
    if (phone) await page.getByTestId('trade-bar-time').click();
    await page
      .getByRole('radiogroup', { name: text('trading.period.label') })
      .getByRole('radio', { name: thirtySeconds })
      .click();
    if (phone) {
      await page.getByRole('button', { name: text('trading.bar.time.done') }).click();
      await expect(page.getByTestId('trade-bar-time')).toHaveAccessibleName(
        text('trading.bar.time', { duration: thirtySeconds }),
      );
    }
    await page.getByLabel(text('trading.amount.label')).fill(String(STAKE));
    const placing = page.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
    await page.getByRole('button', { name: new RegExp(`^▲ ${escapeRegExp(text('trading.direction.up'))}`) }).click();
    const placed = (await (await placing).json()) as { status: string; payload: { bet: { id: number } } };
    expect(placed.status).toBe('ok');
    const betId = placed.payload.bet.id;

    // The bet is open: its row counts down, its entry line and expiry marker are on the chart.
    const row = page.getByRole('row', {
      name: text('trading.open.row', {
        symbol: 'EUR/USD',
        direction: text('trading.direction.up'),
        amount: usd(STAKE),
      }),
    });
    await expect(row).toBeVisible();
    const countdown = row.getByTestId('bet-countdown');
    await expect(countdown).toHaveText(/^00:[0-3]\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first ?? '');
    const chart = page.getByRole('group', { name: text('trading.chart.title', { symbol: 'EUR/USD' }) });
    await expect(chart).toHaveAccessibleDescription(/: 1\./);
    await expect(chart.locator(`[data-bet-id="${betId}"] .expiry`)).toHaveCount(1);
    await expect(walletButton(page)).toContainText(usd(DEMO_START - STAKE));

    // The server settles it: the result notification, the bet gone from the open ones, the new balance.
    const bet = await settled(context.request, betId);
    const result = page.getByTestId('bet-result');
    await expect(result).toContainText(text(`trading.outcome.${bet.status}`, { symbol: 'EUR/USD' }));
    await expect(row).toHaveCount(0);
    await expect(chart.locator(`[data-bet-id="${betId}"]`)).toHaveCount(0);
    await expect(page.getByTestId('closed-bets')).toContainText(text(`trading.status.${bet.status}`));
    await expect(walletButton(page)).toContainText(usd(DEMO_START + bet.profit));

    // The history lists it: the footer's menu leads there.
    await page.getByRole('contentinfo').getByRole('link', { name: 'История ставок' }).click();
    await expect(page).toHaveURL(/\/history\/bets$/);
    await expect(page.getByRole('heading', { name: text('trading.history.title') })).toBeVisible();
    const history = page.getByRole('table', { name: text('trading.history.title') });
    await expect(history.getByRole('row').filter({ hasText: 'EUR/USD' })).toHaveCount(1);
    await expect(history).toContainText(text(`trading.status.${bet.status}`));
    await expect(page.getByLabel(text('trading.history.totals'))).toContainText(usd(STAKE));
  });
}
