import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { BrowserCommand } from 'vitest/node';

/**
 * The story's final frame as the reader sees it: the test iframe's visible area at the width the
 * story ran at, with finite animations and transitions run to their end and endless ones (a
 * spinner, a shimmer) at their start, the text caret hidden. Runs in Node next to Playwright, so
 * only a short fingerprint of the picture and the baseline's verdict cross to the browser, never
 * the picture.
 *
 * Each picture is also compared with its baseline in stories/__baselines__ (the visual test, no
 * network needed), in every story run, so `npm test` gates on it: a picture that differs fails its
 * story, and the old, the new and the difference are put side by side in
 * test-results/story-baselines/index.html; a story without a baseline fails too, naming the command
 * that takes it. `npm run baselines:accept` (STORY_BASELINES=accept) writes the pictures of the run
 * as the new baselines instead. The stories end on pictures that hold from run to run
 * (docs/testing.md says how), which is what lets the comparison gate the build.
 */

const BASELINES = path.resolve('stories/__baselines__');
const REPORT = path.resolve('test-results/story-baselines');
/**
 * How different a pixel must be to count (pixelmatch's YIQ distance, 0 to 1; anti-aliased edges
 * never count), and how many may differ: a glyph's hinting may move a few pixels between runs, a
 * token's change moves hundreds.
 */
const PIXEL_THRESHOLD = 0.1;
const ALLOWED_PIXELS = 24;
const SETTLE_MS = 500;
const accepting = process.env.STORY_BASELINES === 'accept';

type ReportRow = { name: string; old: string; new: string; diff: string; pixels: number };
const differences: ReportRow[] = [];

const fileName = (name: string) => `${name.replace(/[^a-z0-9@_-]+/gi, '-')}.png`;

/** The report page: one row per story whose picture moved, old, new and the difference side by side. */
function writeReport(): void {
  const rows = differences
    .map(
      (d) =>
        `<tr><th scope="row">${d.name}<br><small>${d.pixels} px</small></th><td><img src="${d.old}" alt="baseline"></td><td><img src="${d.new}" alt="this run"></td><td><img src="${d.diff}" alt="difference"></td></tr>`,
    )
    .join('\n');
  writeFileSync(
    path.join(REPORT, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Story baselines: ${differences.length} changed</title>
<style>body{font:14px system-ui;background:#111;color:#eee}img{max-width:30vw;border:1px solid #444}th{text-align:left;vertical-align:top;max-width:12vw}</style>
<h1>${differences.length} stories changed</h1><p>Accept them with <code>npm run baselines:accept</code>.</p>
<table><thead><tr><th>Story</th><th>Baseline</th><th>This run</th><th>Difference</th></tr></thead><tbody>
${rows}
</tbody></table></html>`,
  );
}

const baselinePath = (name: string) => path.join(BASELINES, fileName(name));

/** How a picture differs from its baseline: null when it matches (byte for byte, or within the allowance). */
type Difference = { old: Buffer | null; pixels: number; diff: PNG | null; size: string };

function differenceFrom(name: string, picture: Buffer): Difference | null {
  if (!existsSync(baselinePath(name))) return { old: null, pixels: Number.POSITIVE_INFINITY, diff: null, size: 'no baseline' };
  const old = readFileSync(baselinePath(name));
  if (old.equals(picture)) return null;
  const before = PNG.sync.read(old);
  const after = PNG.sync.read(picture);
  const { width, height } = after;
  if (before.width !== width || before.height !== height) {
    return { old, pixels: Number.POSITIVE_INFINITY, diff: null, size: `the size changed from ${before.width}x${before.height} to ${width}x${height}` };
  }
  const diff = new PNG({ width, height });
  const pixels = pixelmatch(before.data, after.data, diff.data, width, height, { threshold: PIXEL_THRESHOLD });
  return pixels <= ALLOWED_PIXELS ? null : { old, pixels, diff, size: `${pixels} pixels differ` };
}

/** Puts the old, the new and the difference in the report; returns the story's failure. */
function reportDifference(name: string, storyFile: string, picture: Buffer, difference: Difference): string {
  if (!difference.old) return `no baseline for ${name}: run npm run baselines:accept -- ${storyFile} and review the new picture`;
  mkdirSync(REPORT, { recursive: true });
  const stem = fileName(name).slice(0, -4);
  const files = { old: `${stem}.old.png`, new: `${stem}.new.png`, diff: `${stem}.diff.png` };
  writeFileSync(path.join(REPORT, files.old), difference.old);
  writeFileSync(path.join(REPORT, files.new), picture);
  if (difference.diff) writeFileSync(path.join(REPORT, files.diff), PNG.sync.write(difference.diff));
  differences.push({ name, ...files, pixels: difference.pixels });
  writeReport();
  return `${name} no longer looks like its baseline (${difference.size}): see test-results/story-baselines/index.html, and run npm run baselines:accept -- ${storyFile} if the change is meant`;
}

/**
 * The frame's fingerprint (when `fingerprint`), and what its baseline says (null: it matches). A
 * picture unlike its baseline is taken once more a moment later before it counts, and a baseline is
 * written from that second picture: a part that waits for its code (a lazy chunk) or a font may
 * not have drawn yet. A frame that matches costs nothing more.
 */
export const storyFrame: BrowserCommand<[name: string, fingerprint: boolean]> = async (context, name, fingerprint) => {
  if (context.provider.name !== 'playwright') throw new Error('the story frames need the playwright provider');
  const take = () => context.iframe.owner().screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  const picture = await take();
  const hash = fingerprint ? createHash('sha256').update(picture).digest('hex').slice(0, 16) : '';
  if (!accepting && differenceFrom(name, picture) === null) return { hash, baseline: null };
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const settled = await take();
  if (accepting) {
    mkdirSync(BASELINES, { recursive: true });
    const baseline = baselinePath(name);
    if (!existsSync(baseline) || !readFileSync(baseline).equals(settled)) writeFileSync(baseline, settled);
    return { hash, baseline: null };
  }
  const difference = differenceFrom(name, settled);
  const storyFile = context.testPath ? path.relative(process.cwd(), context.testPath) : '<stories file>';
  return { hash, baseline: difference && reportDifference(name, storyFile, settled, difference) };
};

/**
 * Moves the real pointer out of the story's frame, just past its right edge: a story that hovered
 * for real (the matrices) leaves the pointer where it was, and the next story must not start with
 * whatever it draws there hovered.
 */
export const parkPointer: BrowserCommand<[]> = async (context) => {
  if (context.provider.name !== 'playwright') throw new Error('the story frames need the playwright provider');
  const frame = await context.iframe.owner().boundingBox();
  if (frame) await context.page.mouse.move(frame.x + frame.width + 1, frame.y + 1);
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    parkPointer: () => Promise<void>;
    storyFrame: (name: string, fingerprint: boolean) => Promise<{ hash: string; baseline: string | null }>;
  }
}
