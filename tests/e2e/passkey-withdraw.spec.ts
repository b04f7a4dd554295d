import { expect, test } from '@playwright/test';
import { TEST_CARD, translator, XHR } from './support/env';
import { addFirstPasskey, addVirtualAuthenticator, passkeyOrigin, signUpOnPasskeyOrigin } from './support/passkeys';

/**
 * A withdrawal from an account whose only second factor is a passkey, against the real server with
 * Chromium's virtual authenticator: the review asks for the passkey, a closed prompt is said so and
 * holds nothing, and the passkey's answer confirms the withdrawal (set-up: support/passkeys.ts).
 */

const ru = translator('ru', 'shell', 'security', 'money');

test('a passkey-only account confirms a withdrawal with its passkey', async ({ page }) => {
  const origin = passkeyOrigin();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signUpOnPasskeyOrigin(page, 'passkey-withdraw');
  // A passkey in Settings → Security; no authenticator app.
  await addFirstPasskey(page, 'Ноутбук');

  // 100.00 on the main wallet through the sandbox checkout.
  await page.goto(`${origin}/deposit`);
  await page.getByRole('button', { name: /Банковская карта/ }).click();
  await page.getByLabel(ru('money.amount.label')).fill('100.00');
  await page.getByRole('button', { name: ru('money.deposit.form.submit') }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: ru('money.checkout.approve'), exact: true }).click();
  await expect(page.getByText(ru('money.deposit.status.completed'))).toBeVisible();

  await page.goto(`${origin}/withdraw`);
  await page.getByRole('button', { name: /Банковская карта/ }).click();
  await page.getByLabel(ru('money.amount.label')).fill('50.00');
  await page.getByLabel(ru('money.field.card_number')).fill(TEST_CARD);
  await page.getByLabel(ru('money.field.holder_name')).fill('ANNA PETROVA');
  await page.getByRole('button', { name: ru('money.withdraw.form.submit') }).click();
  await page.getByRole('button', { name: ru('money.withdraw.confirm.submit') }).click();

  // The server asks for the passkey: the plain button gives way to the passkey's.
  const withPasskey = page.getByRole('button', { name: ru('money.withdraw.confirm.with_passkey') });
  await expect(withPasskey).toBeVisible();
  await expect(page.getByRole('button', { name: ru('money.withdraw.confirm.submit') })).toHaveCount(0);

  // The authenticator cannot verify its user: the browser says no, the review says why, nothing is held.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await withPasskey.click();
  await expect(page.getByRole('alert')).toHaveText(ru('security.error.passkey_cancelled'));
  const held = await page.request.get(`${origin}/api/withdraw/history`, { headers: XHR });
  expect((await held.json()).payload.items ?? []).toHaveLength(0);

  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await withPasskey.click();
  await expect(page).toHaveURL(/\/withdraw\/\d+\/cancel$/);
  await expect(page.getByTestId('wallet-amount')).toHaveText(/50[,.]00/);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials[0]?.signCount).toBeGreaterThan(0);
});
