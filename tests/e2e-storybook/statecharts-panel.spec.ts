import { expect, test } from '@playwright/test';

/**
 * Storybook's "Statecharts" panel on a route story: the bets history's story runs its real
 * machine against msw; the panel opens on the story's actor with its state, its diagram lit, and
 * an event sent by hand moves the story's page.
 */
test('the Statecharts panel shows the story’s actor in its state and drives it', async ({ page }) => {
  const storybook = process.env.STORYBOOK_URL;
  if (!storybook) throw new Error('STORYBOOK_URL is set by tests/e2e-storybook/global-setup.ts');
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`${storybook}/?path=/story/screens-trading-bethistory--as-table`);
  await page.getByRole('tab', { name: 'Statecharts' }).click();
  const panel = page.locator('#statecharts-panel-host');
  const story = page.frameLocator('#storybook-preview-iframe');

  // The story's actor (the one its page started) is chosen, in its state, among the app's actors.
  // Storybook compiles the story's modules at its first request: the first look waits longer.
  const betHistory = panel.locator('button[data-actor="betHistory"]');
  await expect(betHistory).toHaveAttribute('aria-current', 'true', { timeout: 150_000 });
  await expect(betHistory).toContainText('/history/bets');
  await expect(betHistory).toContainText('pairs.done, history.ready');
  await expect(panel.locator('button[data-actor="app"]')).toBeVisible();
  // Its diagram, the active states lit.
  await expect(panel.getByRole('img', { name: 'Statechart betHistory' })).toBeVisible();
  await expect(panel.locator('g.state[data-active="true"][data-state="betHistory.history.ready"]')).toBeAttached();

  // An event sent by hand, once the story's play went to the second page: the page shows the last.
  await expect(story.getByText('Страница 2 из 3')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Event' }).first().selectOption('page.change');
  await panel.getByRole('textbox', { name: 'Payload (JSON)' }).fill('{"page": 3}');
  await panel.getByRole('button', { name: 'Send page.change' }).click();
  await expect(story.getByText('Страница 3 из 3')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Events' }).getByRole('button', { name: 'page.change' }).first()).toBeVisible();
});
