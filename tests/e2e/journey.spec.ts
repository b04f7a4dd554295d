import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import enErrors from '../../server/content/locales/en/errors.json' with { type: 'json' };
import enShell from '../../server/content/locales/en/shell.json' with { type: 'json' };
import ruAuth from '../../server/content/locales/ru/auth.json' with { type: 'json' };
import ruErrors from '../../server/content/locales/ru/errors.json' with { type: 'json' };
import ruShell from '../../server/content/locales/ru/shell.json' with { type: 'json' };
import ruValidation from '../../server/content/locales/ru/validation.json' with { type: 'json' };
import { base, chooseLanguage, emailTo } from './support/env';

/**
 * The visitor's journey against the real server (issue 3, point 8): lands in Russian, switches to
 * English and back, signs up, copies the account id, logs out through the modal, logs in, and
 * resets the password through the link of the email (read from the development mailbox).
 */


const textOf = (texts: Record<string, string>) => (key: string) => {
  const value = texts[key];
  if (!value) throw new Error(`missing translation ${key}`);
  return value;
};
const ru = textOf({ ...ruShell, ...ruAuth, ...ruErrors, ...ruValidation });
const en = textOf({ ...enShell, ...enErrors });

/** The header of a visitor: its Log in link in the given language. */
const loginLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

async function logOutThroughTheModal(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: ru('shell.user-menu-tooltip') }).click();
  await page.getByRole('group', { name: ru('shell.user-menu-tooltip') }).getByRole('button', { name: ru('shell.logout') }).click();
  const modal = page.getByRole('dialog', { name: ru('shell.logout-title') });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(ru('shell.logout-text'));
  await modal.getByRole('button', { name: ru('shell.logout-btn') }).click();
  await expect(modal).toBeHidden();
  // docs/product.md 2: after logout the user goes to /.
  await expect(page).toHaveURL(`${base()}/`);
  await expect(loginLink(page, ru('shell.login'))).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: ru('shell.login-title') });
  await form.getByLabel(ru('shell.email')).fill(email);
  await form.getByLabel(ru('shell.password'), { exact: true }).fill(password);
  await form.getByRole('button', { name: ru('shell.login'), exact: true }).click();
}

test('a visitor signs up, copies the account id, logs out, logs in and resets the password from the email', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
  const email = `journey-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Quiet-harbor-2026';
  const newPassword = 'Fresh-meadow-2027';

  // Lands in Russian (the default, no prefix in the URL).
  await page.goto(`${base()}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(loginLink(page, ru('shell.login'))).toBeVisible();

  // Switches to English and back; the server and the cookie remember the choice.
  await chooseLanguage(page, ru('shell.language'), 'English');
  await expect(loginLink(page, en('shell.login'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies(base())).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('en');
  await chooseLanguage(page, en('shell.language'), 'Русский');
  await expect(loginLink(page, ru('shell.login'))).toBeVisible();
  expect((await context.cookies(base())).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('ru');

  // Signs up: the client checks first, then the real account.
  await page.getByRole('banner').getByRole('link', { name: ru('shell.signup'), exact: true }).click();
  await expect(page).toHaveURL(`${base()}/signup`);
  const signup = page.getByRole('form', { name: ru('shell.signup-title') });
  await signup.getByLabel(ru('shell.email')).fill(email);
  await signup.getByLabel(ru('shell.password'), { exact: true }).fill('short');
  await signup.getByRole('button', { name: ru('shell.signup') }).click();
  await expect(signup.getByText(ru('validation.terms'))).toBeVisible();
  await signup.getByLabel(ru('shell.password'), { exact: true }).fill(password);
  await signup.getByLabel(ru('shell.password-confirmation')).fill(password);
  await signup.getByRole('checkbox').check();
  await signup.getByRole('button', { name: ru('shell.signup') }).click();
  await expect(page).toHaveURL(`${base()}/home`);

  // Copies the account id from the user menu: the clipboard holds it and the copied toast shows.
  await page.getByRole('banner').getByRole('button', { name: ru('shell.user-menu-tooltip') }).click();
  const menu = page.getByRole('group', { name: ru('shell.user-menu-tooltip') });
  await expect(menu).toContainText(email);
  await menu.getByRole('button', { name: ru('shell.copy').replace('{{what}}', ru('shell.account-id')) }).click();
  await expect(page.getByText(ru('shell.copied-toast'))).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^\d+$/);
  await expect(menu).toContainText(copied);
  await page.keyboard.press('Escape');

  // Logs out through the confirmation modal: Close keeps the session, Logout ends it.
  await page.getByRole('banner').getByRole('button', { name: ru('shell.user-menu-tooltip') }).click();
  await page.getByRole('group', { name: ru('shell.user-menu-tooltip') }).getByRole('button', { name: ru('shell.logout') }).click();
  await page.getByRole('dialog', { name: ru('shell.logout-title') }).getByRole('button', { name: ru('shell.close-btn') }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(`${base()}/home`);
  await logOutThroughTheModal(page);

  // Logs in: a wrong password is refused at the form, the right one opens the platform.
  await loginLink(page, ru('shell.login')).click();
  await expect(page).toHaveURL(`${base()}/login`);
  await logIn(page, email, 'Not-the-password-1');
  await expect(page.getByRole('alert')).toHaveText(ru('errors.invalid_credentials'));
  await logIn(page, email, password);
  await expect(page).toHaveURL(`${base()}/home`);

  // Forgets the password: asks for the link, follows it from the email, sets a new password.
  await logOutThroughTheModal(page);
  await page.goto(`${base()}/login`);
  await page.getByRole('link', { name: ru('shell.forgot-link') }).click();
  await expect(page).toHaveURL(`${base()}/forgot-password`);
  await page.getByLabel(ru('shell.email')).fill(email);
  await page.getByRole('button', { name: ru('shell.forgot-submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: ru('shell.forgot-success') })).toBeVisible();

  const resetEmail = await emailTo(page.request, email, ru('auth.email.reset.subject'));
  const link = resetEmail.links.find((href) => href.includes('/reset-password?token='));
  expect(link, JSON.stringify(resetEmail)).toBeDefined();
  const target = new URL(link!);
  await page.goto(`${base()}${target.pathname}${target.search}`);
  await page.getByRole('textbox', { name: ru('shell.new-password') }).fill(newPassword);
  await page.getByLabel(ru('shell.password-confirmation')).fill(newPassword);
  await page.getByRole('button', { name: ru('shell.reset-submit') }).click();
  await expect(page).toHaveURL(`${base()}/home`);
  await expect(page.getByText(ru('auth.reset_token.done'))).toBeVisible();

  // The link worked once; the old password no longer does, the new one does.
  await logOutThroughTheModal(page);
  await page.goto(`${base()}${target.pathname}${target.search}`);
  await page.getByRole('textbox', { name: ru('shell.new-password') }).fill('Another-river-2028');
  await page.getByLabel(ru('shell.password-confirmation')).fill('Another-river-2028');
  await page.getByRole('button', { name: ru('shell.reset-submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(ru('errors.invalid_token'));
  await page.goto(`${base()}/login`);
  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toHaveText(ru('errors.invalid_credentials'));
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(`${base()}/home`);
});
