import { expect, test } from '@playwright/test';
import { escapeRegExp, namespace } from './support/env';
import { startServer, type RunningServer } from './support/server';

/**
 * The app installs (issue 20, item 4): Chromium reads the manifest without an error and finds
 * nothing that prevents installing, the service worker takes the page, and without a network the
 * page opens from the stored shell, in the reader's language, saying that it is offline. This
 * spec runs its own server with the service worker on (the shared one has it off).
 */
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ SERVICE_WORKER: '1' }, undefined, { built: true });
});
test.afterAll(async () => {
  await server.stop();
});

test('the app installs and opens its shell without a network', async ({ page, context }) => {
  await page.goto(`${server.url}/`);
  await expect(page.locator('meta[name="service-worker"]')).toHaveAttribute('content', '/sw.js');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as { name: string; icons: { sizes: string }[]; start_url: string; display: string };
  expect(parsed).toMatchObject({ name: 'FX Timed Bets', start_url: '/home', display: 'standalone' });
  expect(parsed.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  // Installability is judged once the worker controls the page. A test's browser context is an
  // incognito one, which Chromium never installs from: that reason is the context's, not the app's.
  await page.reload();
  const installErrors = async () =>
    (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
  await expect.poll(installErrors).toEqual([]);

  // Offline, the page opens from the stored shell and says why the start cannot finish; back
  // online, it starts again by itself.
  await context.setOffline(true);
  await page.reload();
  const shell = namespace('ru', 'shell');
  // Which of the two it says depends on whether the browser reports the lost network at once
  // (under emulation a fresh document may still read navigator.onLine as true).
  const lost = [shell['shell.connectivity.offline'], shell['shell.connectivity.reconnecting']].map((text) => escapeRegExp(text ?? ''));
  await expect(page.getByRole('status').filter({ hasText: new RegExp(lost.join('|')) })).toBeVisible();
  await expect(page.getByRole('button', { name: shell['shell.retry'] ?? '' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: shell['shell.login'] ?? '' }).first()).toBeVisible({ timeout: 30_000 });
});
