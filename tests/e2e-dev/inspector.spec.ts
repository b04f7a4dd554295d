import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { base, signUpByApi } from '../e2e/support/env';

/**
 * The offline statechart inspector on the development server: signed in, /home?inspect=local
 * opens the panel with the trading room's actors; the bet slip's diagram lights its state; an
 * event sent by hand changes the page, shows in the log and marks its transition; the session
 * exports as a Vitest file.
 */
const panel = (page: Page) => page.locator('#statechart-inspector');

test('the inspector follows the trading room and drives it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signUpByApi(page.request, 'inspector', 'en');
  await page.goto(`${base()}/home?inspect=local`);
  const inspector = panel(page);
  await expect(inspector.getByRole('complementary', { name: 'Statechart inspector' })).toBeVisible();

  // The tree: the root actor and its children, the app's session, the trading room's actors under `trading`.
  for (const name of ['app', 'session', 'trading', 'market', 'betSlip', 'bets', 'connectivity']) {
    await expect(inspector.locator(`button[data-actor="${name}"]`).first()).toBeVisible();
  }
  await expect(inspector.locator('button[data-actor="trading"]')).toContainText('/home');

  // The bet slip is chosen: its diagram is drawn with its active states lit.
  await inspector.locator('button[data-actor="betSlip"]').click();
  await expect(inspector.getByRole('img', { name: 'Statechart betSlip' })).toBeVisible();
  await expect(inspector.locator('g.state[data-active="true"]').first()).toBeAttached();
  const litBefore = await inspector.locator('g.state[data-active="true"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));

  expect(litBefore.length).toBeGreaterThan(0);
  // README's picture of the panel: INSPECTOR_SCREENSHOT=docs/inspector-home.png renews it.
  if (process.env.INSPECTOR_SCREENSHOT) await page.screenshot({ path: process.env.INSPECTOR_SCREENSHOT });

  // By hand: a toast sent to the toasts actor shows on the page; the log has the event and the
  // toasts diagram marks the transition it took.
  await inspector.locator('button[data-actor="toasts"]').click();
  await expect(inspector.getByRole('img', { name: 'Statechart toasts' })).toBeVisible();
  await inspector.getByRole('combobox', { name: 'Event' }).first().selectOption('toast.show');
  // A toast closes after its delay (1 s by default, a transition of its own): this one stays a minute.
  await inspector.getByRole('textbox', { name: 'Payload (JSON)' }).fill('{"msg": "Sent from the inspector", "delay": 60000}');
  await inspector.getByRole('button', { name: 'Send toast.show' }).click();
  // The page's toast (the panel shows the payload, the context and its diff too).
  await expect(page.getByText('Sent from the inspector', { exact: true })).toBeVisible();
  await expect(inspector.getByRole('table', { name: 'Events' }).getByRole('button', { name: 'toast.show' }).first()).toBeVisible();
  await expect(inspector.locator('g.transition.last')).toHaveAttribute('data-event', 'toast.show');

  // Time travel: choosing the first event shows the snapshots as they were then.
  await inspector.getByRole('table', { name: 'Events' }).getByRole('button').first().click();
  await expect(inspector.getByText(/Showing the snapshots after event #\d+/)).toBeVisible();
  await inspector.getByRole('button', { name: 'Back to now' }).click();

  // The session as a Vitest file that replays it.
  const downloading = page.waitForEvent('download');
  await inspector.getByRole('button', { name: 'Export test' }).click();
  const exported = await readFile((await (await downloading).path()) ?? '', 'utf8');
  expect(exported).toContain("import { betSlipMachine } from '../../../src/machines/betSlip/betSlip.machine';");
  expect(exported).toContain('transition(machine, snapshot, event)');
});
