import { expect, test } from '@playwright/test';
import { base, escapeRegExp, type Language, namespace, signUpByApi, TEST_CARD } from './support/env';
import { HEIGHT, WIDTHS } from './support/layout';

/**
 * Every amount field a trader types into (issue 11, item 9): the bet slip's stake (at 320, 375,
 * 768 and 1280 px), the deposit and the withdrawal, each with "10,5" (as Russian writes it) and
 * "10.5", in Russian and in English.
 * Each is accepted without an error and reaches the server as 10.50.
 */



/** The amount as the web app prints it (src/shared/format.ts). */
const usd = (language: Language, amount: number) =>
  new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(amount);

for (const language of ['ru', 'en'] as const) {
  test(`every amount field takes "10,5" and "10.5" (${language})`, async ({ page, context }) => {
    test.setTimeout(180_000);
    const texts = { ...namespace(language, 'money'), ...namespace(language, 'shell'), ...namespace(language, 'trading') };
    const text = (key: string) => {
      const value = texts[key];
      if (!value) throw new Error(`missing translation ${key}`);
      return value;
    };
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: base() }]);
    await signUpByApi(context.request, 'amounts', language);

    let deposited = 0;
    for (const typed of ['10,5', '10.5']) {
      // The stake: no error under the field, and the bet is placed for 10.50 (on demo, so the
      // main wallet holds exactly what was deposited).
      await page.goto(`${base()}/home`);
      await page.evaluate(() => localStorage.setItem('wallet', 'demo'));
      await page.reload();
      await expect(page.locator('[role="group"][data-status="ready"]').first()).toBeVisible();
      const stake = page.getByLabel(text('trading.amount.label'));
      // The stake is the docked bar's field in one column and the slip's beside the chart: both
      // take it at every width; the bet goes from a phone's width once and a desktop's once.
      for (const width of [...WIDTHS, typed === '10,5' ? 375 : 1280] as const) {
        await page.setViewportSize({ width, height: HEIGHT[width] });
        await stake.fill(typed);
        await expect(stake, `the stake at ${width}px`).not.toHaveAttribute('aria-invalid', 'true');
      }
      const placed = page.waitForResponse((response) => response.url().includes('/api/bet/user/place'));
      await page.getByRole('button', { name: new RegExp(`^▲ ${escapeRegExp(text('trading.direction.up'))}`) }).click();
      const bet = (await (await placed).json()) as { status: string; payload: { bet: { amount: number } } };
      expect(bet.status).toBe('ok');
      expect(bet.payload.bet.amount).toBe(10.5);

      // The deposit: accepted, sent as 10.5, paid through the sandbox checkout.
      await page.goto(`${base()}/deposit`);
      await page.getByRole('button', { name: /Bank card|Банковская карта/ }).click();
      const depositAmount = page.getByLabel(text('money.amount.label'));
      await depositAmount.fill(typed);
      await page.getByRole('button', { name: text('money.deposit.form.submit') }).click();
      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.getByRole('button', { name: text('money.checkout.approve'), exact: true }).click();
      await expect(page.getByText(text('money.deposit.status.completed'))).toBeVisible();
      // 10.50 arrived on the main wallet (the page moves the trader to it).
      deposited += 10.5;
      await expect(page.getByTestId('wallet-amount')).toHaveText(usd(language, deposited));

      // The withdrawal: accepted by the form and by the server's check, which quotes 10.50.
      await page.goto(`${base()}/withdraw`);
      await page.getByRole('button', { name: /Bank card|Банковская карта/ }).click();
      const withdrawAmount = page.getByLabel(text('money.amount.label'));
      await withdrawAmount.fill(typed);
      await page.getByLabel(text('money.field.card_number')).fill(TEST_CARD);
      await page.getByLabel(text('money.field.holder_name')).fill('ANNA PETROVA');
      const check = page.waitForResponse((response) => response.url().endsWith('/api/card/check'));
      await page.getByRole('button', { name: text('money.withdraw.form.submit') }).click();
      const quote = (await (await check).json()) as { status: string; payload: { amount: number } };
      expect(quote.status).toBe('ok');
      expect(quote.payload.amount).toBe(10.5);
      await expect(page.getByRole('button', { name: text('money.withdraw.confirm.submit') })).toBeVisible();
    }

    // What is not money is refused with the message that names both separators.
    await page.goto(`${base()}/home`);
    const stake = page.getByLabel(text('trading.amount.label'));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT[width] });
      await stake.fill('10,505');
      await expect(page.getByText(text('trading.slip.error.amount_invalid')).first(), `the refusal at ${width}px`).toBeVisible();
      await stake.fill('');
    }
  });
}
