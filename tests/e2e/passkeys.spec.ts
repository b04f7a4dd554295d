import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { base, namespace, XHR } from './support/env';

/**
 * Passkeys against the real server (issue 18) with Chromium's virtual authenticator (a platform
 * authenticator that verifies its user): a trader adds a passkey in Settings → Security, signs
 * out, and signs back in with the passkey alone; the history says so. WebAuthn needs a host name,
 * so the page uses localhost, which is the server's public origin on loopback.
 */

const texts = { ...namespace('ru', 'shell'), ...namespace('ru', 'security'), ...namespace('ru', 'auth') };
const ru = (key: string) => {
  const value = texts[key];
  if (!value) throw new Error(`missing translation ${key}`);
  return value;
};

test('a trader adds a passkey and signs in with it, with no password', async ({ page }) => {
  const origin = base().replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  const email = `passkey-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Quiet-harbor-2026';
  const signup = await page.request.post(`${origin}/api/auth/register`, { headers: XHR, data: { email, password, password_confirmation: password, terms: true } });
  expect(signup.ok(), await signup.text()).toBe(true);

  await page.goto(`${origin}/settings/security`);
  const panel = page.getByRole('region', { name: ru('security.passkeys.title') });
  await expect(panel).toContainText(ru('security.passkeys.none'));
  await panel.getByRole('button', { name: ru('security.passkeys.add') }).click();
  await panel.getByLabel(ru('security.passkeys.name')).fill('Ноутбук');
  await panel.getByLabel(ru('security.passkeys.password')).fill(password);
  await panel.getByRole('button', { name: ru('security.passkeys.create') }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel).toContainText('Ноутбук');
  await expect(panel).toContainText(ru('security.passkeys.never_used'));

  const logout = await page.request.post(`${origin}/api/auth/logout`, { headers: XHR, data: {} });
  expect(logout.ok()).toBe(true);
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: ru('auth.login.passkey') }).click();
  await expect(page).toHaveURL(`${origin}/home`);

  await page.goto(`${origin}/settings/security`);
  await expect(page.getByRole('region', { name: ru('security.sessions.title') })).toContainText(ru('security.history.success.passkey'));
  await expect(page.getByRole('region', { name: ru('security.passkeys.title') })).not.toContainText(ru('security.passkeys.never_used'));
});
