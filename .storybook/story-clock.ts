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

class StoryDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as ConstructorParameters<DateConstructor>));
  }

  static override now(): number {
    return RealDate.now() + offset;
  }
}

globalThis.Date = StoryDate as DateConstructor;

/** Sets the clock back to the stories' start; each story calls it before it renders. */
export function restartStoryClock(): void {
  offset = STORY_START - RealDate.now();
}
