import { expect, test, type Page } from '@playwright/test';
import { base, signUpByApi } from './support/env';

/**
 * A page stays mounted across a change of its query or path params (src/routes/shell/route-outlet.tsx):
 * its statecharts (the actor registry's, owned by the page) carry on with what the trader did,
 * and the page's own elements are the same ones. A remount would show the page's first screen
 * again, in new elements.
 */

/** Marks the page's heading, so a remount (a new heading) is told from the same page. */
const markHeading = (page: Page) => page.locator('main h1').evaluate((heading) => heading.setAttribute('data-kept', 'yes'));

/** Changes the address inside the app, as a link would (wouter follows pushState). */
const pushPath = (page: Page, path: string) => page.evaluate((to) => history.pushState(null, '', to), path);

test('a change of query keeps the deposit form the trader was filling, on the same page', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: base() }]);
  await signUpByApi(context.request, 'kept', 'en');
  await page.goto(`${base()}/deposit`);
  await page.getByRole('button', { name: /Bank card/ }).click();
  await page.getByLabel('Amount, USD').fill('123');
  await markHeading(page);

  await pushPath(page, '/deposit?from=menu');
  await expect(page).toHaveURL(/\/deposit\?from=menu$/);
  await expect(page.getByLabel('Amount, USD')).toHaveValue('123');
  await expect(page.locator('main h1')).toHaveAttribute('data-kept', 'yes');
});

test("the withdraw flow's paths are one page: a link to another of them takes its flow there, on the same page", async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: base() }]);
  await signUpByApi(context.request, 'kept', 'en');
  await page.goto(`${base()}/withdraw`);
  await page.getByRole('button', { name: /Bank card/ }).click();
  // The flow writes its step into the path (replacing the address, so Back leaves the flow).
  await expect(page).toHaveURL(/\/withdraw\/form\/\d+$/);
  await expect(page.getByLabel('Amount, USD')).toBeVisible();
  await markHeading(page);

  await pushPath(page, '/withdraw');
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByRole('button', { name: /Bank card/ })).toBeVisible();
  await expect(page.locator('main h1')).toHaveAttribute('data-kept', 'yes');
});
