import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium';

/**
 * Storybook's "Statecharts" panel (.storybook/manager.ts) against Storybook's development server,
 * started on a free port by tests/e2e-storybook/global-setup.ts. Run:
 * npx playwright test -c playwright.storybook.config.ts (`npm run test:inspector` runs it).
 */
export default defineConfig({
  testDir: 'tests/e2e-storybook',
  timeout: 240_000,
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalSetup: './tests/e2e-storybook/global-setup.ts',
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    locale: 'en-US',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
