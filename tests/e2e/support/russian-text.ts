import { expect, type Page } from '@playwright/test';
import { LATIN_ALLOWED, russianTextFaults } from '../../russian-text';

/**
 * The page on screen, shown in Russian, has no English word, American date or amount written
 * outside the shared formatter (tests/russian-text.ts, the check the story test run makes too).
 */
export async function expectRussianText(page: Page, where: string): Promise<void> {
  const faults = await page.evaluate(russianTextFaults, LATIN_ALLOWED);
  expect(faults, `text that is not Russian on ${where}`).toEqual([]);
}
