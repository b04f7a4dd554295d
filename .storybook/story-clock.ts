/**
 * Every story starts at the same instant, 27 November 2026 07:30 UTC, and its clock runs on in
 * real time from there: what the fixtures and the msw handlers date from `Date.now()` (a price
 * history, a bet's expiry, a message), and what the screens write of it, is the same in every
 * build and every run, so the visual baselines can hold (.storybook/story-frame-command.ts).
 * Time still passes, so countdowns, expiries and timeouts behave as they do in the app.
 *
 * Loaded first by the preview, before any module keeps a reference to `Date`.
 */
const STORY_START = Date.UTC(2026, 10, 27, 7, 30, 0);

const RealDate = Date;
// From the first module on: a fixture made when its file loads dates from the same start.
let offset = STORY_START - RealDate.now();
// The instant a story's clock stands still at (holdStoryClock), or null while it runs.
let held: number | null = null;

class StoryDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(StoryDate.now());
    else super(...(args as ConstructorParameters<DateConstructor>));
  }

  static override now(): number {
    return held ?? RealDate.now() + offset;
  }
}

globalThis.Date = StoryDate as DateConstructor;

let storyRunning = false;

/**
 * Sets the clock back to the stories' start; each story calls it before it renders. In the story
 * test run the previous story's clock must have been stopped by its checks
 * (.storybook/vitest.setup.ts): a story that ran without them is a fault of the run.
 */
export function restartStoryClock(): void {
  const testRun = '__vitest_browser__' in globalThis;
  if (testRun && storyRunning) throw new Error('the checks of the story before this one did not run (.storybook/vitest.setup.ts)');
  storyRunning = true;
  held = null;
  offset = STORY_START - RealDate.now();
}

/**
 * Stops the story's clock `seconds` after its start, until the next story: a story whose last
 * picture shows a running countdown ends on the one the trader sees at that instant, whenever the
 * machine got there.
 */
export function holdStoryClock(seconds: number): void {
  held = STORY_START + seconds * 1000;
}

/**
 * Real time again once a story has been checked, until the next one starts: the test runner
 * tells each file's fresh import of its setup file by `Date.now()`, and a clock set back for
 * every story would give two files the same one (the second then runs without the checks).
 */
export function stopStoryClock(): void {
  storyRunning = false;
  held = null;
  offset = 0;
}
