import type { KnipConfig } from 'knip';

/**
 * Dead-code check (`npm run lint` runs it): unused files, exports, types and dependencies.
 * Knip's plugins find the entries of Vite (index.html -> src/main.tsx), Vitest (tests/unit,
 * tests/server, the storybook project), Storybook (.storybook, stories/), Playwright (both
 * configs and their specs) and ESLint; the entries below are the ones no plugin knows.
 */
const config: KnipConfig = {
  entry: [
    // The server's command-line tools (package.json scripts run them with tsx).
    'server/src/cli/*.ts',
    // Scripts and benchmarks, run with tsx; bench/chart is the page bench/chart.ts serves.
    'scripts/*.ts',
    'bench/*.ts',
    'bench/chart/index.html',
    // vite.config.ts compiles the service worker from its path into dist/sw.js.
    'src/pwa/service-worker.ts',
  ],
  project: [
    'src/**/*.{ts,tsx}',
    'server/**/*.ts',
    'shared/**/*.ts',
    'stories/**/*.{ts,tsx}',
    'tests/**/*.{ts,tsx}',
    'bench/**/*.{ts,tsx}',
    'scripts/**/*.ts',
    '.storybook/**/*.{ts,tsx}',
  ],
  ignoreIssues: {
    // Requests of the same shape keep a name each (passkey removal and options, a fresh second factor and TOTP set-up).
    'src/api/contract/security.ts': ['duplicates'],
    // Kysely calls each migration's up/down: server/src/db/migrate.ts hands it the module namespaces.
    'server/src/db/migrations/*.ts': ['exports'],
  },
  ignoreDependencies: [
    // bench/lighthouse.ts runs node_modules/.bin/lighthouse by its path.
    'lighthouse',
  ],
};

export default config;
