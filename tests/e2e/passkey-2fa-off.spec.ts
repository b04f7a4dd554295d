import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { translator, XHR } from './support/env';
import { addFirstPasskey, addVirtualAuthenticator, passkeyOrigin, signUpOnPasskeyOrigin } from './support/passkeys';

/**
 * Settings → Security with a passkey as the fresh second factor (issue 18), against the real server
 * with Chromium's virtual authenticator (set-up: support/passkeys.ts): an account whose only factor
 * is a passkey turns the authenticator app on with that passkey first; with the app and the passkey,
 * the passkey alone turns two-factor sign-in off: a closed prompt says so and leaves it on, a
 * verified one turns it off, and no code is typed.
 */

const ru = translator('ru', 'security');

test('an account with TOTP and a passkey turns 2FA off with the passkey only', async ({ page }) => {
  const origin = passkeyOrigin();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signUpOnPasskeyOrigin(page, 'passkey-2fa-off');
  await addFirstPasskey(page, 'Ноутбук');

  // The passkey is the account's only factor: turning the app on asks for it first, then the app's code.
  const totp = page.getByRole('region', { name: ru('security.totp.title') });
  await expect(totp).toContainText(ru('security.totp.start_passkey'));
  await totp.getByRole('button', { name: ru('security.totp.start') }).click();
  const secret = (await totp.getByTestId('totp-secret').textContent())!.trim();
  const confirm = totp.getByRole('form', { name: ru('security.totp.confirm') });
  await confirm.getByLabel(ru('security.second_factor.code')).fill(generateSync({ secret }));
  await confirm.getByRole('button', { name: ru('security.totp.confirm') }).click();
  await totp.getByRole('button', { name: ru('security.codes.done') }).click();
  const disable = totp.getByRole('form', { name: ru('security.totp.disable') });
  await expect(disable).toBeVisible();
  await expect(totp).toContainText(ru('security.totp.fresh_passkey'));

  // The authenticator cannot verify its user: the browser says no, the panel says why, 2FA stays on.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await disable.getByRole('button', { name: ru('security.second_factor.use_passkey') }).click();
  await expect(totp.getByRole('alert')).toHaveText(ru('security.error.passkey_cancelled'));
  await expect(disable).toBeVisible();
  const before = await page.request.get(`${origin}/api/auth/security`, { headers: XHR });
  expect((await before.json()).payload.totp.enabled).toBe(true);

  // The passkey alone, no code: two-factor sign-in is off.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await disable.getByRole('button', { name: ru('security.second_factor.use_passkey') }).click();
  await expect(totp.getByRole('button', { name: ru('security.totp.start') })).toBeVisible();
  await expect(disable).toHaveCount(0);
  const after = await page.request.get(`${origin}/api/auth/security`, { headers: XHR });
  expect((await after.json()).payload.totp.enabled).toBe(false);
  // Turning it on, then off: the passkey signed twice.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials[0]?.signCount).toBeGreaterThanOrEqual(2);
});
