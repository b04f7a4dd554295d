import { expect, test } from '@playwright/test';
import { translator, XHR } from './support/env';
import { addFirstPasskey, addVirtualAuthenticator, passkeyOrigin, signUpOnPasskeyOrigin } from './support/passkeys';

/**
 * Passkeys against the real server (issue 18) with Chromium's virtual authenticator (a platform
 * authenticator that verifies its user): a trader adds a passkey in Settings → Security, signs
 * out, and signs back in with the passkey alone; the history says so (set-up: support/passkeys.ts).
 */

const ru = translator('ru', 'shell', 'security', 'auth');

test('a trader adds a passkey and signs in with it, with no password', async ({ page }) => {
  const origin = passkeyOrigin();
  await addVirtualAuthenticator(page);
  await signUpOnPasskeyOrigin(page, 'passkey');

  await addFirstPasskey(page, 'Ноутбук');
  const panel = page.getByRole('region', { name: ru('security.passkeys.title') });
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
