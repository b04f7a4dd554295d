import { expect, test } from '@playwright/test';
import { base, namespace, placeDemoBetByApi, signUpByApi } from './support/env';

/**
 * A lost connection (issue 20, item 5), at a phone's width and a desktop's: the banner says so,
 * Up and Down wait with the reason while the stake typed stays, and back online the room reads
 * the bets again, so a bet placed meanwhile (here from another device, through the API) shows.
 */
const texts = { ...namespace('ru', 'shell'), ...namespace('ru', 'trading') };
const text = (key: string) => {
  const value = texts[key];
  if (!value) throw new Error(`missing translation ${key}`);
  return value;
};

for (const width of [375, 1280]) {
  test(`offline and back in the trading room at ${width} px`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: width < 992 ? 740 : 900 });
    await signUpByApi(context.request, 'offline', 'ru');
    await page.goto(`${base()}/home`);
    await page.evaluate(() => localStorage.setItem('wallet', 'demo'));
    await page.reload();
    await expect(page.locator('[role="group"][data-status="ready"]').first()).toBeVisible();
    const up = page.getByRole('button', { name: new RegExp(`^▲ ${text('trading.direction.up')}`) });
    await expect(up).toBeEnabled();
    const stake = page.getByLabel(text('trading.amount.label'));
    await stake.fill('7');

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: text('shell.connectivity.offline') })).toBeVisible();
    await expect(up).toBeDisabled();
    await expect(page.getByText(text('trading.slip.offline'))).toBeVisible();
    await expect(stake).toHaveValue('7');

    // Meanwhile a bet is placed from elsewhere (the API request context is not the page's network).
    await placeDemoBetByApi(context.request, 3);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: text('shell.connectivity.back') })).toBeVisible({ timeout: 30_000 });
    await expect(up).toBeEnabled();
    await expect(stake).toHaveValue('7');
    if (width >= 992) {
      await expect(page.getByRole('row', { name: new RegExp(`, ${text('trading.direction.up')}, 3,00`) })).toBeVisible();
    } else {
      await page.getByRole('button', { name: new RegExp(text('trading.bar.open')) }).click();
      await expect(page.getByText(/3,00\s\$/).first()).toBeVisible();
    }
  });
}
