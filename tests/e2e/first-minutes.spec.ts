import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { formatUsd } from '../../src/shared/format';
import { base, escapeRegExp, type Language, LANGUAGES, translator } from './support/env';
import { atCombination, COMBINATIONS, COMPACT_BELOW, expectInViewport, expectNoSidewaysScroll, HEIGHT, WIDTHS } from './support/layout';

/**
 * A new trader's first minutes (issue 11, item 6): from the sign-up form straight to a placed bet
 * on the demo wallet the sign-up page promises, with no deposit and no wallet switch, at every
 * width in Russian and English; and a stake the wallet cannot pay offers the demo wallet and a
 * deposit instead of a dead end.
 */

const say = (language: Language) => translator(language, 'shell', 'trading', 'money');
const walletButton = (page: Page, language: Language) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(escapeRegExp(say(language)('shell.wallet-switch'))) });
const upButton = (page: Page, language: Language) =>
  page.getByRole('button', { name: new RegExp(`^▲ ${escapeRegExp(say(language)('trading.direction.up'))}`) });

async function signUpThroughTheForm(page: Page, language: Language) {
  const t = say(language);
  const email = `first-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Quiet-harbor-2026';
  await page.goto(`${base()}/signup`);
  const signup = page.getByRole('form', { name: t('shell.signup-title') });
  await signup.getByLabel(t('shell.email')).fill(email);
  await signup.getByLabel(t('shell.password'), { exact: true }).fill(password);
  await signup.getByLabel(t('shell.password-confirmation')).fill(password);
  await signup.getByRole('checkbox').check();
  await signup.getByRole('button', { name: t('shell.signup') }).click();
  await expect(page).toHaveURL(`${base()}/home`);
}

/** The chart drew its first prices: the slip has a rate to bet on. */
async function waitForTheRate(page: Page) {
  await expect(page.locator('[role="group"][data-status="ready"]').first()).toBeVisible();
}

test(`a new account's first bet needs no deposit and no wallet switch, at every width and language`, async ({ page, context }) => {
  test.setTimeout(180_000);
  for (const combination of COMBINATIONS) {
    const { language, width } = combination;
    const t = say(language);
    await context.clearCookies();
    await atCombination(page, combination);
    await signUpThroughTheForm(page, language);

    // Lands on the demo wallet with the promised 10 000 $.
    const wallet = walletButton(page, language);
    await expect(wallet).toContainText(t('shell.wallet-demo'));
    await expect(wallet).toContainText(formatUsd(10_000, language));

    // The first tap on Up (once the rate is in) places the bet.
    await waitForTheRate(page);
    await expectInViewport(page, upButton(page, language), `Up (${language}, ${width}px)`);
    const placing = page.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
    await upButton(page, language).click();
    const placed = (await (await placing).json()) as { status: string; payload: { bet: { wallet_type: string } } };
    expect(placed.status).toBe('ok');
    expect(placed.payload.bet.wallet_type).toBe('demo');
    await expect(wallet).not.toContainText(formatUsd(10_000, language));
    await expectNoSidewaysScroll(page, '/home after the first bet');
  }
  // A reload keeps the trader where they started.
  await page.reload();
  await expect(walletButton(page, 'en')).toContainText(say('en')('shell.wallet-demo'));
});

for (const language of LANGUAGES) {
  test(`insufficient funds on the main wallet offers the demo wallet and a deposit (${language}, every width)`, async ({ page }) => {
    const t = say(language);
    await atCombination(page, { language, width: 1280 });
    await signUpThroughTheForm(page, language);
    // The trader moves to the empty main wallet on purpose.
    await walletButton(page, language).click();
    await page
      .getByRole('menu', { name: t('shell.wallets') })
      .getByRole('menuitemradio', { name: new RegExp(escapeRegExp(t('shell.wallet-main'))) })
      .click();
    await expect(walletButton(page, language)).toContainText(formatUsd(0, language));

    // At every width the refusal says why and offers both ways on, in view.
    const actions = page.getByRole('group', { name: t('money.funds.actions') });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT[width] });
      await page.goto(`${base()}/home`);
      await waitForTheRate(page);
      await upButton(page, language).click();
      await expectInViewport(page, actions, `the ways on from insufficient funds (${language}, ${width}px)`);
      // Why is read out; the slip writes it beside the stake, or in one column marks the stake
      // (its status line holds the ways on).
      await expect(page.getByRole('status').filter({ hasText: t('trading.slip.error.balance') }).first()).toBeAttached();
      if (width < COMPACT_BELOW) await expect(page.getByLabel(t('trading.amount.label'))).toHaveAttribute('aria-invalid', 'true');
      else await expect(page.locator('p').filter({ hasText: t('trading.slip.error.balance') }).first()).toBeVisible();
      await expectNoSidewaysScroll(page, '/home with insufficient funds');
    }

    // Deposit leads to the deposit page; back, "switch to demo" makes the same tap a bet.
    await actions.getByRole('button', { name: t('money.funds.deposit') }).click();
    await expect(page).toHaveURL(`${base()}/deposit`);
    await page.goBack();
    await expect(page).toHaveURL(`${base()}/home`);
    await waitForTheRate(page);
    await upButton(page, language).click();
    await actions.getByRole('button', { name: t('money.funds.switch_demo') }).click();
    await expect(walletButton(page, language)).toContainText(t('shell.wallet-demo'));
    await expect(actions).toHaveCount(0);
    const placing = page.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
    await upButton(page, language).click();
    expect(((await (await placing).json()) as { status: string }).status).toBe('ok');
  });
}
