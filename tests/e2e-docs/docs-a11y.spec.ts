import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
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
  ['landmark-unique', 'landmark-no-duplicate-main', 'landmark-main-is-top-level', 'heading-order'].map((rule) => [rule, { enabled: false }]),
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

test('every docs page has no accessibility violation', async ({ page }) => {
  const storybook = process.env.STORYBOOK_URL;
  if (!storybook) throw new Error('STORYBOOK_URL is set by tests/e2e-docs/global-setup.ts');
  const index = (await (await fetch(`${storybook}/index.json`)).json()) as { entries: Record<string, IndexEntry> };
  const docs = Object.values(index.entries).filter((entry) => entry.type === 'docs');
  expect(docs.length).toBeGreaterThan(50);
  // Each page renders all its component's stories, loads their data and runs their play functions.
  test.setTimeout(docs.length * 20_000);
  await page.setViewportSize({ width: 1280, height: 800 });

  const violations: string[] = [];
  for (const entry of docs) {
    await test.step(entry.title, async () => {
      await page.goto(`${storybook}/iframe.html?id=${entry.id}&viewMode=docs`);
      await expect(page.locator('#storybook-docs .sbdocs-content')).toBeVisible();
      await settled(page);
      await page.addScriptTag({ path: axeScript });
      const result = await page.evaluate(
        (rules) => (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({ rules }),
        samePageRules,
      );
      for (const violation of result.violations) {
        const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
        violations.push(`${entry.id}: ${violation.id} (${violation.help}) at ${targets.join(', ')}`);
      }
    });
  }
  expect(violations).toEqual([]);
});
