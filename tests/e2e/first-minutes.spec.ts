import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { base, escapeRegExp, namespace } from './support/env';

/**
 * A new trader's first minutes (issue 11, item 6): from the sign-up form straight to a placed bet
 * on the demo wallet the sign-up page promises, with no deposit and no wallet switch; and a stake
 * the wallet cannot pay offers the demo wallet and a deposit instead of a dead end.
 */

const locale = (name: string) => namespace('ru', name);
const texts: Record<string, string> = { ...locale('shell'), ...locale('trading'), ...locale('money') };
function text(key: string, params: Record<string, string | number> = {}): string {
  const value = texts[key];
  if (value === undefined) throw new Error(`missing translation ${key}`);
  return value.replace(/\{\{(\w+)(?:, [^}]+)?\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
const usd = (amount: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(amount);
const walletButton = (page: Page) => page.getByRole('button', { name: new RegExp(escapeRegExp(text('shell.wallet-switch'))) });
const upButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^▲ ${escapeRegExp(text('trading.direction.up'))}`) });

async function signUpThroughTheForm(page: Page) {
  const email = `first-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Quiet-harbor-2026';
  await page.goto(`${base()}/signup`);
  const signup = page.getByRole('form', { name: text('shell.signup-title') });
  await signup.getByLabel(text('shell.email')).fill(email);
  await signup.getByLabel(text('shell.password'), { exact: true }).fill(password);
  await signup.getByLabel(text('shell.password-confirmation')).fill(password);
  await signup.getByRole('checkbox').check();
  await signup.getByRole('button', { name: text('shell.signup') }).click();
  await expect(page).toHaveURL(`${base()}/home`);
}

/** The chart drew its first prices: the slip has a rate to bet on. */
async function waitForTheRate(page: Page) {
  await expect(page.locator('[role="group"][data-status="ready"]').first()).toBeVisible();
}

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 900 }]) {
  test(`a new account's first bet needs no deposit and no wallet switch (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpThroughTheForm(page);

    // Lands on the demo wallet with the promised 10 000 $.
    await expect(walletButton(page)).toContainText(text('shell.wallet-demo'));
    await expect(walletButton(page)).toContainText(usd(10_000));

    // The first tap on Up (once the rate is in) places the bet.
    await waitForTheRate(page);
    const placing = page.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
    await upButton(page).click();
    const placed = (await (await placing).json()) as { status: string; payload: { bet: { wallet_type: string } } };
    expect(placed.status).toBe('ok');
    expect(placed.payload.bet.wallet_type).toBe('demo');
    await expect(walletButton(page)).not.toContainText(usd(10_000));

    // A reload keeps the trader where they started.
    await page.reload();
    await expect(walletButton(page)).toContainText(text('shell.wallet-demo'));
  });
}

test('insufficient funds on the main wallet offers the demo wallet and a deposit', async ({ page }) => {
  await signUpThroughTheForm(page);
  // The trader moves to the empty main wallet on purpose.
  await walletButton(page).click();
  await page
    .getByRole('menu', { name: text('shell.wallets') })
    .getByRole('menuitemradio', { name: new RegExp(escapeRegExp(text('shell.wallet-main'))) })
    .click();
  await expect(walletButton(page)).toContainText(usd(0));

  await waitForTheRate(page);
  await upButton(page).click();
  const actions = page.getByRole('group', { name: text('money.funds.actions') });
  await expect(actions).toBeVisible();
  // The slip's own error, not the live region that reads it out.
  await expect(page.locator('p').filter({ hasText: text('trading.slip.error.balance') })).toBeVisible();

  // Deposit leads to the deposit page; back, "switch to demo" makes the same tap a bet.
  await actions.getByRole('button', { name: text('money.funds.deposit') }).click();
  await expect(page).toHaveURL(`${base()}/deposit`);
  await page.goBack();
  await expect(page).toHaveURL(`${base()}/home`);
  await upButton(page).click();
  await page.getByRole('group', { name: text('money.funds.actions') }).getByRole('button', { name: text('money.funds.switch_demo') }).click();
  await expect(walletButton(page)).toContainText(text('shell.wallet-demo'));
  await expect(page.getByRole('group', { name: text('money.funds.actions') })).toHaveCount(0);
  const placing = page.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
  await upButton(page).click();
  expect(((await (await placing).json()) as { status: string }).status).toBe('ok');
});
