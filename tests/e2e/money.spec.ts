import { expect, test } from '@playwright/test';
import { base, escapeRegExp, type Language, namespace, placeDemoBetByApi, signUpByApi, TEST_CARD } from './support/env';

/**
 * The money journey against the real server (WITHDRAW_DELAY=5, see the global setup), in Russian
 * and in English: deposit through the sandbox checkout, withdraw and cancel for a refund, withdraw
 * and see it paid, reset the demo wallet after losing demo money, join the weekly tournament.
 */


/** The texts the trader reads, from the server's translations. */
const TEXTS: Record<Language, Record<string, string>> = {
  ru: { ...namespace('ru', 'money'), ...namespace('ru', 'shell') },
  en: { ...namespace('en', 'money'), ...namespace('en', 'shell') },
};
/** The amount as the web app prints it (src/ui/format.ts). */
const usd = (language: Language, amount: number) =>
  new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(amount);


for (const language of ['ru', 'en'] as const) {
  test(`money journey (${language})`, async ({ page, context }) => {
    const texts = TEXTS[language];
    const text = (key: string) => {
      const value = texts[key];
      if (!value) throw new Error(`missing translation ${key}`);
      return value;
    };
    const money = (amount: number) => usd(language, amount);
    /** An accessible name that starts with the text (a wallet's button starts with its type). */
    const startingWith = (key: string) => new RegExp(`^${escapeRegExp(text(key))}`);
    /** The header's wallet switcher shows the chosen wallet's amount (the new value at once). */
    const headerAmount = () => page.getByTestId('wallet-amount');
    const mainBalanceOnFinances = async (amount: number) => {
      await page.goto(`${base()}/finances`);
      await expect(page.getByTestId('finances-summary').locator('[data-name="balance"] dd')).toHaveText(money(amount));
    };

    await context.addCookies([{ name: 'i18n_redirected', value: language, url: base() }]);
    await signUpByApi(context.request, 'money', language);

    /** The header's deposit and withdraw buttons, as a trader reaches the money pages. */
    const openFromHeader = (key: string) => page.getByRole('banner').getByRole('link', { name: text(key), exact: true }).click();

    // Deposit 100.00 with the test card through the sandbox checkout page.
    await page.goto(`${base()}/home`);
    await openFromHeader('shell.deposit');
    await page.getByRole('button', { name: /Bank card|Банковская карта/ }).click();
    await page.getByLabel(text('money.amount.label')).fill('100.00');
    await page.getByRole('button', { name: text('money.deposit.form.submit') }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: text('money.checkout.approve'), exact: true }).click();
    await page.waitForURL(/\/deposit\?deposit_id=\d+/);
    await expect(page.getByText(text('money.deposit.status.completed'))).toBeVisible();
    // The check call's envelope carries the new wallets: the header shows them without a reload.
    await expect(headerAmount()).toHaveText(money(100));
    await mainBalanceOnFinances(100);

    // Withdraw 50.00 to a test card; the amount is held at once.
    const withdraw = async () => {
      await openFromHeader('shell.withdraw');
      await page.getByRole('button', { name: /Bank card|Банковская карта/ }).click();
      await page.getByLabel(text('money.amount.label')).fill('50.00');
      await page.getByLabel(text('money.field.card_number')).fill(TEST_CARD);
      await page.getByLabel(text('money.field.holder_name')).fill('ANNA PETROVA');
      await page.getByRole('button', { name: text('money.withdraw.form.submit') }).click();
      // The card's fee is 2.5%: 50.00 leaves the wallet, 48.75 reaches the card.
      await expect(page.getByText(money(48.75), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: text('money.withdraw.confirm.submit') }).click();
      await expect(page).toHaveURL(/\/withdraw\/\d+\/cancel$/);
    };
    await withdraw();

    // Cancel it at once (the sandbox pays out after 5 s): the 50.00 comes back.
    await page.getByRole('button', { name: text('money.withdraw.cancel.open') }).click();
    await page.getByRole('button', { name: text('money.withdraw.cancel.submit') }).click();
    await expect(page.getByText(text('money.withdraw.cancel.done'))).toBeVisible();
    await expect(headerAmount()).toHaveText(money(100));
    await mainBalanceOnFinances(100);

    // Withdraw again: the header shows the amount held, and the sandbox pays it out (WITHDRAW_DELAY=5).
    await withdraw();
    await expect(headerAmount()).toHaveText(money(50));
    await expect(page.getByText(text('money.withdraw.outcome.completed'))).toBeVisible({ timeout: 30_000 });
    await mainBalanceOnFinances(50);

    // Lose some demo money (a bet through the API), then refill the demo wallet from the switcher.
    await placeDemoBetByApi(context.request, 25);
    await page.goto(`${base()}/home`);
    const switcher = page.getByRole('button', { name: new RegExp(`${text('shell.wallet-switch')}$`) });
    await switcher.click();
    const wallets = page.getByRole('menu', { name: text('shell.wallets') });
    await expect(wallets.getByRole('menuitemradio', { name: startingWith('shell.wallet-demo') })).toContainText(money(9975));
    await wallets.getByRole('menuitem', { name: text('shell.demo-reset') }).click();
    await expect(wallets.getByRole('menuitemradio', { name: startingWith('shell.wallet-demo') })).toContainText(money(10000));
    await expect(wallets.getByRole('menuitem', { name: text('shell.demo-reset') })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Join the weekly tournament on /home: the tournament wallet holds its start balance and is chosen.
    await page.getByRole('button', { name: text('money.tournament.join'), exact: true }).click();
    await expect(page.getByText(text('money.tournament.joined'))).toBeVisible();
    await expect(switcher).toContainText(text('shell.wallet-badge-tournament'));
    await expect(headerAmount()).toHaveText(money(1000));
  });
}
