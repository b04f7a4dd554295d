import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { base, type Language, LANGUAGES, XHR } from './env';

/** The widths issue 11 asks for: a small phone, a phone, a tablet, a desktop. */
export const WIDTHS = [320, 375, 768, 1280] as const;
export type Width = (typeof WIDTHS)[number];
export const HEIGHT: Record<Width, number> = { 320: 640, 375: 740, 768: 1024, 1280: 900 };
/** Below this the room is one column with the trade bar docked at the bottom. */
export const COMPACT_BELOW = 992;

/** Every width in every language, the order a looping test walks them. */
export const COMBINATIONS: readonly { language: Language; width: Width }[] = LANGUAGES.flatMap((language) =>
  WIDTHS.map((width) => ({ language, width })),
);

/**
 * Moves a context to `language` as the app's own language menu does: the cookie the server reads
 * for a visitor, and the signed-in trader's saved language (refused for a visitor, which is fine).
 */
async function switchLanguage(context: BrowserContext, language: Language): Promise<void> {
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: base() }]);
  await context.request.post(`${base()}/api/lang`, { headers: { ...XHR, 'Accept-Language': language }, data: { lang: language } });
}

/** Sets the page to one width (with its height) and language; the next navigation shows them. */
export async function atCombination(page: Page, { language, width }: { language: Language; width: Width }): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT[width] });
  await switchLanguage(page.context(), language);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator.toString()}`);
  return box;
}

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box lies wholly inside the viewport (half a pixel of rounding allowed). */
export async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  // A panel is measured where it comes to rest, after its slide or fade (a badge's endless pulse
  // inside it never finishes, and moves nothing).
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  const box = await boxOf(locator);
  const viewport = page.viewportSize()!;
  const inside =
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= viewport.width + 0.5 &&
    box.y + box.height <= viewport.height + 0.5;
  expect(inside, `${what} ${JSON.stringify(box)} lies outside the ${viewport.width}x${viewport.height} viewport`).toBe(
    true,
  );
}

/** Nothing on the page is wider than the viewport: the page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} at ${width}px is wider than the screen`).toBeLessThanOrEqual(width);
}

/** The sound switch is on screen, and it turns and turns back (the menu holding it is open). */
export async function expectSoundSwitches(page: Page, sound: Locator): Promise<void> {
  await expectInViewport(page, sound, 'the sound switch');
  const before = await sound.getAttribute('aria-checked');
  await sound.click();
  await expect(sound).not.toHaveAttribute('aria-checked', before ?? '');
  await sound.click();
  await expect(sound).toHaveAttribute('aria-checked', before ?? '');
}
