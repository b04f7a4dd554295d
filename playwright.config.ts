import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium';

/**
 * End-to-end tests run the real server (built SPA, PGlite in a temporary directory) started on
 * port 0 by the global setup, in Debian's Chromium.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Two tests at a time: most of a test's time is waiting (a bet's 30 s, a page settling), so two
  // workers overlap the waits on the two cores. Tests never share a trader; those that change
  // server-wide settings (risk, support) start their own server, and support's run in order.
  fullyParallel: true,
  workers: 2,
  // One more try marks a test flaky in the report instead of failing the run on one slow moment of
  // a loaded machine; a test that fails twice fails.
  retries: 1,
  reporter: [['list']],
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    locale: 'ru-RU',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
