import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { recordBaselineAt, recordFrame, sameFrameProblems, startFile } from './story-frames';
import { overflowAt } from './story-overflow';
import { startRecording, takeProblems } from './story-problems';
import { stopStoryClock } from './story-clock';
import { scanStoryText } from './story-text-scan';

/**
 * Four checks on every story of the story test run, after its play function and a11y check pass:
 * nothing failed on the way (console errors, requests msw let through that failed, broken
 * pictures), nothing sticks out at the widths people use, no two stories of a file end on the
 * same picture, and the picture is its baseline's (./story-frames.ts; a screen is also compared
 * at a phone's 375px). The story is measured where it ended, resized in place: rendering every
 * story again at each width would double the run.
 *
 * Widths (a resize waits about two frames; both checks took 39 s over 706 stories on the 2-core
 * machine under load): the width the story ran at (free; the run's 1280px unless the story names
 * its own), 320px (the narrowest phone; the only breakpoint under 600px is at 300px, so a layout
 * that fits 320px fits 375px too), 375px for a screen (stories/routes: its phone baseline), and
 * 1280px for a story that ran below the desktop layout.
 */
const NARROW = { width: 320, height: 640 };
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const DESKTOP_LAYOUT_FROM = 1200;
const SETTLE_MS = 500;

/**
 * Resolves once the page has been laid out at the new width (the resize observer reports it after
 * layout, past the resize events and media query listeners of that frame) and the renders those
 * started have run.
 */
function laidOutAt(width: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the page did not reach ${width}px`));
    }, 5000);
    const observer = new ResizeObserver(() => {
      if (window.innerWidth !== width) return;
      observer.disconnect();
      clearTimeout(giveUp);
      setTimeout(resolve, 0);
    });
    observer.observe(document.documentElement);
  });
}

/**
 * The faults at this width once the layout has settled: a part that changes structure with the
 * width may wait for its code to load (a lazy chunk) before it draws; only what is still wrong
 * a moment later is a fault. Costs nothing when the first look finds none.
 */
async function settledOverflowAt(width: number): Promise<string[]> {
  const faults = overflowAt(width);
  if (faults.length === 0) return faults;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return overflowAt(width);
}

// A real pointer for the matrix stories, which compare a cell marked as hovered with a real hover
// (stories/support/state-matrix.tsx): the workbench's own events never make an element :hover.
Object.assign(globalThis, { realPointer: userEvent });

beforeAll(() => {
  startFile();
});

beforeEach(async () => {
  startRecording();
  await commands.parkPointer();
});

/** What the story test plugin hands each test: the story it ran. */
type StoryTest = { story?: { id: string; parameters: Record<string, unknown> } };

type TestContext = Parameters<Parameters<typeof afterEach>[0]>[0];

async function checkStory(context: TestContext) {
  const { task } = context;
  if (task.result?.state !== 'pass') return;
  const { story } = context as typeof context & StoryTest;
  // The frame the story ended on, before the width checks resize it.
  const baseline = story ? await recordFrame(story.id, task.name, story.parameters) : null;
  // The width the story ran at (its own, or the run's 1280px) costs no resize: measured first.
  const ranAt = window.innerWidth;
  const faults = await settledOverflowAt(ranAt);
  if (baseline) faults.push(baseline);
  const widths = ranAt < DESKTOP_LAYOUT_FROM ? [NARROW, DESKTOP] : [NARROW];
  const screen = story && task.file.name.startsWith('stories/routes/') && ranAt !== PHONE.width;
  for (const { width, height } of screen ? [PHONE, ...widths] : widths) {
    await page.viewport(width, height);
    await laidOutAt(width);
    faults.push(...(await settledOverflowAt(width)));
    if (screen && width === PHONE.width) {
      const phoneBaseline = await recordBaselineAt(story.id, width);
      if (phoneBaseline) faults.push(phoneBaseline);
    }
  }
  faults.push(...takeProblems());
  if (faults.length > 0) throw new Error(`The story left ${faults.length} problem(s):\n${faults.join('\n')}`);
}

// Registered before the checks below, so it runs after them (vitest runs after-hooks last first),
// as it always has: on the page the story ended on, at the last width checked.
afterEach(scanStoryText);

afterEach(async (context) => {
  try {
    await checkStory(context);
  } finally {
    stopStoryClock();
  }
});

afterAll(() => {
  const problems = sameFrameProblems();
  if (problems.length > 0) throw new Error(`Stories of this file end on the same picture:\n${problems.join('\n')}`);
});
