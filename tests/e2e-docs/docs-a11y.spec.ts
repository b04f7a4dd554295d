import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The docs pages (addon-docs: a component's description, props table and stories) pass the same
 * accessibility check as the stories do: axe-core on every page of type 'docs' in Storybook's
 * index, with no violation. The pages come from the static Storybook (storybook-static/, which
 * `npm run test:docs` builds), so a new component's page is checked without being listed here.
 */
const axeScript = path.join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');

/**
 * Rules a docs page breaks by what it is, one page showing a component in each of its states: the
 * same form or section several times over (landmark-unique), a page-level component's own main
 * inside the page's (landmark-no-duplicate-main, landmark-main-is-top-level), and a component's
 * h1 or h2 between the page's story titles, which are h3 (heading-order). The stories' own check
 * (addon-a11y, `a11y: { test: 'error' }`) runs them on each component alone.
 */
const samePageRules = Object.fromEntries(
  ['landmark-unique', 'landmark-no-duplicate-main', 'landmark-main-is-top-level', 'heading-order'].map((rule) => [
    rule,
    { enabled: false },
  ]),
);

/** What this test reads of axe.run's result (axe-core comes with addon-a11y, its types unlisted here). */
interface AxeResults {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

interface IndexEntry {
  id: string;
  type: 'docs' | 'story';
  title: string;
}

/** Until the page's markup stops changing: its stories render, load their data and run their play. */
async function settled(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const size = await page.evaluate(() => document.getElementById('storybook-docs')?.innerHTML.length ?? 0);
        const same = size === last;
        last = size;
        return same;
      },
      { intervals: [1_000], timeout: 60_000 },
    )
    .toBe(true);
}

/**
 * The docs pages of the static Storybook's index, read when the tests are listed so that each page
 * is a test of its own (the pages then run side by side, and a failure names its page).
 */
const indexFile = path.resolve('storybook-static/index.json');
if (!existsSync(indexFile))
  throw new Error('No static Storybook in storybook-static/: `npm run test:docs` builds it first');
const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> };
const docs = Object.values(index.entries).filter((entry) => entry.type === 'docs');

test("the index lists the components' docs pages", () => {
  expect(docs.length).toBeGreaterThan(50);
});

for (const entry of docs) {
  test(`${entry.title} docs page has no accessibility violation`, async ({ page }) => {
    const storybook = process.env.STORYBOOK_URL;
    if (!storybook) throw new Error('STORYBOOK_URL is set by tests/e2e-docs/global-setup.ts');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${storybook}/iframe.html?id=${entry.id}&viewMode=docs`);
    await expect(page.locator('#storybook-docs .sbdocs-content')).toBeVisible();
    await settled(page);
    await page.addScriptTag({ path: axeScript });
    const result = await page.evaluate(
      (rules) => (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({ rules }),
      samePageRules,
    );
    const violations = result.violations.map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
      return `${violation.id} (${violation.help}) at ${targets.join(', ')}`;
    });
    expect(violations).toEqual([]);
  });
}
