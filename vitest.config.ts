import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from './tests/chromium';
import { parkPointer, storyFrame } from './.storybook/story-frame-command';

const browser = {
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
  instances: [{ browser: 'chromium' as const }],
  // Run next to Playwright: the story test run's picture of each story's final frame, compared
  // with its baseline, and the real pointer moved out of the way before each story.
  commands: { storyFrame, parkPointer },
};

export default defineConfig({
  plugins: [react()],
  test: {
    // npm run coverage:stories: how much of src/ui the stories alone run (a measurement, not a
    // gate; bench/README.md keeps the figures). v8 reads Chromium's own counters, nothing is
    // instrumented, so the stories run as they do without it.
    coverage: {
      provider: 'v8',
      include: ['src/ui/**'],
      reporter: ['text-summary', ['text', { file: 'src-ui.txt', maxCols: 200 }], 'json-summary', 'html'],
      reportsDirectory: 'coverage',
      // A story that fails still ran its lines: the figures are kept, the exit code says it failed.
      reportOnFailure: true,
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: ['tests/server/migrated-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A real PostgreSQL gets one database per file; PGlite one instance per file.
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(import.meta.dirname, '.storybook') })],
        test: {
          name: 'storybook',
          browser,
          // Every story also fails on a console error, a failed request or a broken picture, and
          // on anything wider than the viewport or cut off at 320, 375 and 1280px.
          setupFiles: ['.storybook/vitest.setup.ts'],
          // The story files share one page per worker instead of a fresh iframe each: a fresh one
          // loaded React, Storybook's preview, the translations and msw's worker again for every
          // file (about 4.5 s a file on the 2-core CI machine). A story starts as clean as after
          // another story of its own file: msw's handlers reset, storage cleared, the previous
          // story unmounted, the viewport set from its parameters.
          isolate: false,
          testTimeout: 30_000,
          // A story whose picture differs from its baseline is run once more before it fails: a
          // pressed button's focus ring that comes and goes with the machine's timing (docs/testing.md)
          // should not fail the build, but every difference, retried or not, stays in the report
          // test-results/story-baselines/index.html, where it is to be looked at and mended.
          retry: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
