import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium';

/**
 * The docs pages' accessibility check against the static Storybook (storybook-static/), served on
 * port 0 by tests/e2e-docs/global-setup.ts. `npm run test:docs` (part of `npm test`) builds it and
 * runs: npx playwright test -c playwright.docs.config.ts
 */
export default defineConfig({
  testDir: 'tests/e2e-docs',
  // A page renders all its component's stories, loads their data and runs their play functions.
  timeout: 60_000,
  expect: { timeout: 30_000 },
  // The pages are independent: two at a time, one per core.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  globalSetup: './tests/e2e-docs/global-setup.ts',
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    locale: 'en-US',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
