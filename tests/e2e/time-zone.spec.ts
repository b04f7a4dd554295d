import { expect, test, type Page } from '@playwright/test';
import { base, namespace, signUpByApi } from './support/env';

/**
 * The trader's time zone writes every time of the app: in a browser on UTC, a trader who chooses
 * São Paulo in the personal data sees the bet slip's end times in São Paulo time, after a reload
 * too (the server keeps the choice; the start's envelope brings it back), and back on UTC once the
 * choice returns to the device's own.
 */

test.use({ timezoneId: 'UTC' });

const texts: Record<string, string> = { ...namespace('en', 'shell'), ...namespace('en', 'auth'), ...namespace('en', 'trading') };
const text = (key: string): string => {
  const value = texts[key];
  if (value === undefined) throw new Error(`missing translation ${key}`);
  return value;
};
const clockIn = (zone: string) => (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(iso));

async function endTimeLabels(page: Page) {
  await page.goto(`${base()}/home`);
  await page.getByRole('radio', { name: text('trading.slip.mode.endTime') }).first().click();
  const select = page.getByLabel(text('trading.endTime.label')).first();
  await expect(select).toBeEnabled();
  return select.locator('option').evaluateAll((options) =>
    options.filter((option) => (option as HTMLOptionElement).value).map((option) => ({ value: (option as HTMLOptionElement).value, label: option.textContent ?? '' })),
  );
}

test("a trader's time zone writes the times of the app, kept across visits", async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpByApi(context.request, 'time-zone', 'en');

  await page.goto(`${base()}/settings/personal`);
  const zone = page.getByLabel(text('auth.profile.time_zone'));
  await expect(zone).toHaveValue('');
  await expect(zone.locator('option').first()).toHaveText(text('auth.profile.time_zone_device').replace('{{zone}}', 'UTC'));
  await zone.selectOption('America/Sao_Paulo');
  await page.getByRole('button', { name: text('shell.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('shell.personal-success') })).toBeVisible();

  const saoPaulo = clockIn('America/Sao_Paulo');
  for (const visit of ['after saving', 'after a reload']) {
    if (visit === 'after a reload') await page.reload();
    const options = await endTimeLabels(page);
    expect(options.length, visit).toBeGreaterThan(0);
    for (const option of options) expect(option.label, visit).toBe(saoPaulo(option.value));
  }

  // Back to the device's own zone.
  await page.goto(`${base()}/settings/personal`);
  await page.getByLabel(text('auth.profile.time_zone')).selectOption('');
  await page.getByRole('button', { name: text('shell.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('shell.personal-success') })).toBeVisible();
  const utc = clockIn('UTC');
  for (const option of await endTimeLabels(page)) expect(option.label).toBe(utc(option.value));
});
