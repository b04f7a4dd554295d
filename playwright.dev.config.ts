import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium';

/**
 * End-to-end tests of what exists in development only (the statechart inspector): Vite's
 * development server in front of the API server from its sources, both started on port 0 by
 * tests/e2e-dev/global-setup.ts. Run: npx playwright test -c playwright.dev.config.ts
 */
export default defineConfig({
  testDir: 'tests/e2e-dev',
  timeout: 180_000,
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalSetup: './tests/e2e-dev/global-setup.ts',
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    locale: 'en-US',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
