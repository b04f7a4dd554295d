import { expect, test } from '@playwright/test';
import { expectTokenFonts } from '../e2e/support/fonts';

/** Storybook draws the stories' text in the face the tokens name, as the app does (tests/e2e/fonts.spec.ts). */
test("a story's headings and body text are drawn in the tokens' font", async ({ page }) => {
  await page.goto(`${process.env.STORYBOOK_URL}/iframe.html?id=screens-auth-login--empty&viewMode=story`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectTokenFonts(page, ['#storybook-root h1', '#storybook-root label']);
});
