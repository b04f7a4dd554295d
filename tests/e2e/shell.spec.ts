import { expect, test } from '@playwright/test';
import enApp from '../../server/content/locales/en/app.json' with { type: 'json' };
import enShell from '../../server/content/locales/en/shell.json' with { type: 'json' };
import ruApp from '../../server/content/locales/ru/app.json' with { type: 'json' };
import ruShell from '../../server/content/locales/ru/shell.json' with { type: 'json' };
import { base, chooseLanguage } from './support/env';

/** The shell against the real server: landing, language switch, 404, health check. */



test('a visitor lands in Russian, switches to English and back; the choice survives a reload', async ({ page }) => {
  await page.goto(`${base()}/`);
  await expect(page.getByRole('heading', { level: 1, name: ruShell['shell.landing-hero-title'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Лицензия' })).toBeVisible();

  await chooseLanguage(page, ruShell['shell.language'], 'English');
  await expect(page.getByRole('heading', { level: 1, name: enShell['shell.landing-hero-title'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Menus come in the request's language, so they load again.
  await expect(footer.getByRole('link', { name: 'License' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: enShell['shell.landing-hero-title'] })).toBeVisible();

  await chooseLanguage(page, enShell['shell.language'], 'Русский');
  await expect(page.getByRole('heading', { level: 1, name: ruShell['shell.landing-hero-title'] })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Лицензия' })).toBeVisible();
});

test('an unknown path shows the 404 page with the header and the footer, in both languages', async ({ page }) => {
  await page.goto(`${base()}/no/such/page`);
  await expect(page.getByRole('heading', { name: ruShell['shell.not-found'] })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await chooseLanguage(page, ruShell['shell.language'], 'English');
  await expect(page.getByRole('heading', { name: enShell['shell.not-found'] })).toBeVisible();
  await page.getByRole('link', { name: enShell['shell.go-home'] }).click();
  await expect(page).toHaveURL(`${base()}/`);
  await expect(page.getByRole('heading', { level: 1, name: enShell['shell.landing-hero-title'] })).toBeVisible();
});

test('a page whose params fail its validation shows the 404 page', async ({ page }) => {
  await page.goto(`${base()}/company/no-such-article-name`);
  await expect(page.getByRole('heading', { name: ruShell['shell.not-found'] })).toBeVisible();
});

test('a signed-in-only page sends a visitor to the login page', async ({ page }) => {
  await page.goto(`${base()}/finances`);
  await expect(page).toHaveURL(`${base()}/login`);
});

test('/local/healthcheck reports the server and its database up', async ({ page }) => {
  await page.goto(`${base()}/local/healthcheck`);
  await expect(page.locator('[data-health="ok"]')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(ruApp['app.health-ok']);
  expect(enApp['app.health-ok']).not.toBe('');
});
