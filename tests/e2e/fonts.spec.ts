import { expect, test } from '@playwright/test';
import { base } from './support/env';
import { expectTokenFonts } from './support/fonts';
import { expectRussianText } from './support/russian-text';

/**
 * The app's text is drawn in a face the tokens name (src/ui/stitches.config.ts `fonts.body`), read
 * from the fonts Chromium really used, in Russian (Cyrillic) and in English (Latin); in Russian the
 * sign-in page and the landing are also read for text that is not Russian.
 */
for (const language of ['ru', 'en'] as const) {
  test(`headings and body text are drawn in the tokens' font (${language})`, async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: base() }]);
    await page.goto(`${base()}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTokenFonts(page, ['h1', 'label']);
    // The same pages in Russian show no English text, American date or English amount.
    if (language === 'ru') {
      await expectRussianText(page, '/login');
      await page.goto(`${base()}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectRussianText(page, '/');
    }
  });
}
