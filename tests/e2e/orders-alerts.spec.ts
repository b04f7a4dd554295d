import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PairListPayload } from '../../src/api/contract/market';
import { base, escapeRegExp, namespace, signUpByApi, XHR } from './support/env';

/**
 * Pending orders and price alerts against the real server and its random-walk feed (issue 17): a
 * trader on the demo wallet places price orders a hair either side of the price, watches one become
 * a bet, sets alerts just as close and receives one as a toast, kept in the notifications. At a
 * phone width (a bottom sheet behind a button) and at a desktop width (a panel beside the slip).
 */
const texts: Record<string, string> = { ...namespace('ru', 'shell'), ...namespace('ru', 'trading') };
const text = (key: string) => {
  const value = texts[key];
  if (value === undefined) throw new Error(`missing translation ${key}`);
  return value;
};

/** A hair: the walk leaves a band this wide around the price within seconds, on one side or the other. */
const HAIR = 0.00002;

/** The price of the pair a new trader's room shows (the first active one), as the server has it now. */
async function priceNow(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${base()}/api/pair/list`, { headers: XHR });
  const { items } = ((await response.json()) as { payload: PairListPayload }).payload;
  const shown = items.find((pair) => pair.active) ?? items[0];
  if (!shown?.rate) throw new Error('the feed has no price yet');
  return shown.rate.v;
}

/**
 * Levels a hair above and a hair below the server's price at each submission, so the walk
 * reaches one of them within seconds (one side alone may wait out a minute and more). A level the
 * price reached meanwhile is refused (the form says so): one hair further then.
 */
async function straddle(request: APIRequestContext, place: (level: number, side: 'above' | 'below') => Promise<'set' | 'refused'>) {
  for (const side of ['above', 'below'] as const) {
    for (let hairs = 1; hairs <= 4; hairs++) {
      const level = +((await priceNow(request)) + (side === 'above' ? 1 : -1) * hairs * HAIR).toFixed(6);
      if ((await place(level, side)) === 'set') break;
    }
  }
}

async function chooseDemoWallet(page: Page) {
  const wallet = page.getByRole('button', { name: new RegExp(escapeRegExp(text('shell.wallet-switch'))) });
  await wallet.click();
  await page
    .getByRole('menu', { name: text('shell.wallets') })
    .getByRole('menuitemradio', { name: new RegExp(escapeRegExp(text('shell.wallet-demo'))) })
    .click();
  await expect(wallet).toContainText(text('shell.wallet-demo'));
}

/**
 * Submits a level and tells what became of it, by the server's answer to this submission: set (the
 * list then holds one more item than `before`), or refused because the price is on that level
 * already (the form says so). The answer is awaited, not the page's text: the list and the refusal
 * come a render after it, and before it the page shows neither.
 */
async function submitted(page: Page, controls: Locator, submit: Locator, list: Locator, before: number) {
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/(order|alert)\/create$/.test(new URL(response.url()).pathname)),
    submit.click(),
  ]);
  if (answer.ok()) {
    await list.getByRole('listitem').nth(before).waitFor();
    return 'set' as const;
  }
  await expect(controls.getByText(/уже на этом уровне/)).toBeVisible();
  return 'refused' as const;
}

/** The orders and alerts: beside the slip on a desktop, in a bottom sheet on a phone. */
async function openControls(page: Page, phone: boolean) {
  if (phone) {
    await page.getByTestId('trade-controls-open').click();
    return page.getByRole('dialog', { name: text('trading.controls.label') });
  }
  return page.getByTestId('trade-controls');
}

for (const [name, viewport] of Object.entries({ phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } })) {
  test(`a price order becomes a bet and an alert is received (${name})`, async ({ page, context }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await signUpByApi(context.request, 'orders', 'ru');
    await page.goto(`${base()}/home`);
    await chooseDemoWallet(page);
    const controls = await openControls(page, name === 'phone');

    const level = controls.getByLabel(new RegExp(`^${escapeRegExp(text('trading.orders.level'))}`));
    const orders = controls.getByRole('list', { name: text('trading.orders.title') });
    await straddle(context.request, async (price) => {
      const before = await orders.getByRole('listitem').count();
      await level.fill(String(price));
      return submitted(page, controls, controls.getByRole('button', { name: text('trading.orders.submit') }), orders, before);
    });
    await expect(orders.getByRole('listitem')).not.toHaveCount(0);
    const triggered = orders.getByRole('listitem').filter({ hasText: text('trading.orders.status.triggered') });
    await expect(triggered.first()).toBeVisible({ timeout: 90_000 });
    // Each triggered order is a bet (the trigger and its bet are one transaction).
    const bets = await context.request.get(`${base()}/api/bet/user/list?wallet_type=demo`, { headers: XHR });
    expect(((await bets.json()) as { payload: { opened: unknown[] } }).payload.opened.length).toBeGreaterThanOrEqual(await triggered.count());

    await controls.getByRole('tab', { name: text('trading.controls.tab_alerts') }).click();
    const alertLevel = controls.getByLabel(new RegExp(`^${escapeRegExp(text('trading.alerts.level'))}`));
    const alerts = controls.getByRole('list', { name: text('trading.alerts.title') });
    // Live: a toast. It shows for a second, and the alert set first may fire while the second one
    // is being set, so it is watched for from now on, not looked for once both are set.
    const toast = page.getByText(/вашего уровня/).first().waitFor({ state: 'attached', timeout: 100_000 });
    // Awaited below; this only keeps a failure before then from also reporting it unhandled.
    toast.catch(() => undefined);
    await straddle(context.request, async (price, side) => {
      const before = await alerts.getByRole('listitem').count();
      await controls.getByLabel(text('trading.alerts.direction')).selectOption(side);
      await alertLevel.fill(String(price));
      return submitted(page, controls, controls.getByRole('button', { name: text('trading.alerts.submit') }), alerts, before);
    });
    await expect(alerts.getByRole('listitem')).toHaveCount(2);
    await toast;
    // Kept: in the list, and in the notifications the envelope carries.
    await expect(alerts.getByRole('listitem').filter({ hasText: text('trading.alerts.status.fired') }).first()).toBeVisible();
    const check = await context.request.get(`${base()}/api/auth/check`, { headers: XHR });
    const kept = ((await check.json()) as { notifications?: { title: string }[] }).notifications ?? [];
    expect(kept.map((n) => n.title).join('\n')).toMatch(/вашего уровня/);
  });
}
