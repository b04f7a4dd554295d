import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { generateSync } from 'otplib';
import { base, namespace, XHR } from './support/env';

/**
 * Two-factor sign-in against the real server (issue 18): a trader turns TOTP on in Settings →
 * Security (the test computes the app's code from the secret shown), keeps the recovery codes,
 * signs out and signs back in with the password and a code; the new session shows in the list.
 */

const texts = { ...namespace('ru', 'shell'), ...namespace('ru', 'security') };
const ru = (key: string) => {
  const value = texts[key];
  if (!value) throw new Error(`missing translation ${key}`);
  return value;
};

/** A code of the secret for a time step from now (the server takes each step once). */
const codeOf = (secret: string, stepsAhead = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: ru('shell.login-title') });
  await form.getByLabel(ru('shell.email')).fill(email);
  await form.getByLabel(ru('shell.password'), { exact: true }).fill(password);
  await form.getByRole('button', { name: ru('shell.login'), exact: true }).click();
}

test('a trader turns on TOTP, signs out and signs back in with a code', async ({ page }) => {
  const email = `security-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Quiet-harbor-2026';
  const signup = await page.request.post(`${base()}/api/auth/register`, {
    headers: XHR,
    data: { email, password, password_confirmation: password, terms: true },
  });
  expect(signup.ok(), await signup.text()).toBe(true);

  await page.goto(`${base()}/settings`);
  await page.getByRole('link', { name: ru('security.title') }).click();
  await expect(page).toHaveURL(`${base()}/settings/security`);
  const totp = page.getByRole('region', { name: ru('security.totp.title') });
  await expect(totp).toContainText(ru('security.totp.off').slice(0, 20));
  // This browser's session is listed and marked.
  await expect(page.getByRole('region', { name: ru('security.sessions.title') })).toContainText(ru('security.sessions.current'));

  await totp.getByRole('button', { name: ru('security.totp.start') }).click();
  await expect(totp.getByRole('img', { name: ru('security.totp.qr') })).toBeVisible();
  const secret = (await totp.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const confirm = totp.getByRole('form', { name: ru('security.totp.confirm') });
  await confirm.getByLabel(ru('security.second_factor.code')).fill(codeOf(secret));
  await confirm.getByRole('button', { name: ru('security.totp.confirm') }).click();
  const codes = totp.getByRole('list', { name: ru('security.codes.title') });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await totp.getByRole('button', { name: ru('security.codes.done') }).click();
  await expect(totp.getByRole('button', { name: ru('security.totp.disable') })).toBeVisible();

  // Signs out (the API's logout, as the header's modal does) and back in.
  const logout = await page.request.post(`${base()}/api/auth/logout`, { headers: XHR, data: {} });
  expect(logout.ok()).toBe(true);
  await page.goto(`${base()}/login`);
  await logIn(page, email, password);
  const step = page.getByRole('form', { name: ru('security.second_factor.title') });
  await expect(step).toBeVisible();
  await step.getByLabel(ru('security.second_factor.code')).fill(codeOf(secret, 1));
  await step.getByRole('button', { name: ru('security.second_factor.submit') }).click();
  await expect(page).toHaveURL(`${base()}/home`);

  await page.goto(`${base()}/settings/security`);
  const history = page.getByRole('region', { name: ru('security.sessions.title') });
  await expect(history).toContainText(ru('security.history.success.totp'));
});
