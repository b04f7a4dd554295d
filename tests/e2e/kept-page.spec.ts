import { expect, test, type Page } from '@playwright/test';
import enShell from '../../server/content/locales/en/shell.json' with { type: 'json' };
import { base, signUpByApi, XHR } from './support/env';

/**
 * A page stays mounted across a change of its query or path params (src/routes/shell/route-outlet.tsx):
 * its statecharts (the actor registry's, owned by the page) carry on with what the trader did,
 * and the page's own elements are the same ones. A remount would show the page's first screen
 * again, in new elements. The session is the app's one actor (src/routes/auth/app-session.ts), kept
 * across every page: a sign-in's failure does not follow the trader to the next visit of the form,
 * and a logout from any page goes to /.
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

test('from one article to the next, the article page stays: its actor opens the new one', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: base() }]);
  await page.goto(`${base()}/company/license`);
  const title = page.locator('main article h1');
  await expect(title).toBeVisible();
  const first = await title.textContent();
  // The page's own element: a remount would render a new one.
  await page.locator('main article').evaluate((article) => article.setAttribute('data-kept', 'yes'));

  await pushPath(page, '/company/payment');
  await expect(title).toBeVisible();
  await expect(title).not.toHaveText(first ?? '');
  await expect(page.locator('main article')).toHaveAttribute('data-kept', 'yes');

  // Another kind of article is the same page too.
  await pushPath(page, '/strategy/trend-following');
  await expect(title).not.toHaveText(first ?? '');
  await expect(page).toHaveTitle(await title.textContent() ?? '');
  await expect(page.locator('main article')).toHaveAttribute('data-kept', 'yes');
});

test('the app keeps one session: a failed sign-in is not on the next visit of the form; a logout goes to /', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: base() }]);
  const email = await signUpByApi(context.request, 'kept-session', 'en');
  const logout = await context.request.post(`${base()}/api/auth/logout`, { headers: XHR, data: {} });
  expect(logout.ok()).toBe(true);

  await page.goto(`${base()}/login`);
  const form = page.getByRole('form', { name: enShell['shell.login-title'] });
  const logIn = async (password: string) => {
    await form.getByLabel(enShell['shell.email']).fill(email);
    await form.getByLabel(enShell['shell.password'], { exact: true }).fill(password);
    await form.getByRole('button', { name: enShell['shell.login'], exact: true }).click();
  };
  await logIn('Wrong-password-2026');
  await expect(form.getByRole('alert')).toBeVisible();
  await pushPath(page, '/signup');
  await expect(form).toBeHidden();
  await pushPath(page, '/login');
  await expect(form).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);

  await logIn('Quiet-harbor-2026');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('banner').getByRole('button', { name: enShell['shell.user-menu-tooltip'] }).click();
  await page.getByRole('group', { name: enShell['shell.user-menu-tooltip'] }).getByRole('button', { name: enShell['shell.logout'] }).click();
  const modal = page.getByRole('dialog', { name: enShell['shell.logout-title'] });
  await modal.getByRole('button', { name: enShell['shell.logout-btn'] }).click();
  await expect(modal).toBeHidden();
  // docs/product.md 2: after logout the trader is on /, signed out.
  await expect(page).toHaveURL(`${base()}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: enShell['shell.login'], exact: true })).toBeVisible();
});
