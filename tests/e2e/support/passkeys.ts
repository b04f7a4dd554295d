import { expect, type CDPSession, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { base, translator, XHR } from './env';

/**
 * What the passkey specs share: Chromium's virtual authenticator (a platform authenticator that
 * verifies its user), a trader signed up on the passkey origin, and a passkey added in Settings →
 * Security. WebAuthn needs a host name, so the pages use localhost, the server's public origin on
 * loopback.
 */

const PASSWORD = 'Quiet-harbor-2026';

/** The server's address with a host name WebAuthn accepts. */
export const passkeyOrigin = (): string => base().replace('127.0.0.1', 'localhost');

/** Turns on the page's virtual authenticator; `authenticatorId` lets a test make it refuse (setUserVerified). */
export async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** A new trader signed up through the API on the passkey origin (the page's cookies are its session). */
export async function signUpOnPasskeyOrigin(page: Page, emailPrefix: string): Promise<{ email: string }> {
  const email = `${emailPrefix}-${randomUUID().slice(0, 8)}@example.com`;
  const signup = await page.request.post(`${passkeyOrigin()}/api/auth/register`, {
    headers: XHR,
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  return { email };
}

const ru = translator('ru', 'security');

/** Adds the trader's first passkey in Settings → Security (the account has no other factor yet). */
export async function addFirstPasskey(page: Page, name: string): Promise<void> {
  await page.goto(`${passkeyOrigin()}/settings/security`);
  const panel = page.getByRole('region', { name: ru('security.passkeys.title') });
  await expect(panel).toContainText(ru('security.passkeys.none'));
  await panel.getByRole('button', { name: ru('security.passkeys.add') }).click();
  await panel.getByLabel(ru('security.passkeys.name')).fill(name);
  await panel.getByLabel(ru('security.passkeys.password')).fill(PASSWORD);
  await panel.getByRole('button', { name: ru('security.passkeys.create') }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
}
