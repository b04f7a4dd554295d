import { createHash } from 'node:crypto';
import type { BrowserCommand } from 'vitest/node';

/**
 * The story's final frame as the reader sees it: the test iframe's visible area at the width the
 * story ran at, with finite animations and transitions run to their end and endless ones (a
 * spinner, a shimmer) at their start, the text caret hidden. Runs in Node next to Playwright, so
 * only a short fingerprint of the picture crosses to the browser, never the picture.
 */
export const storyFrameHash: BrowserCommand<[]> = async (context) => {
  if (context.provider.name !== 'playwright') throw new Error('the story frames need the playwright provider');
  const picture = await context.iframe.owner().screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  return createHash('sha256').update(picture).digest('hex').slice(0, 16);
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    storyFrameHash: () => Promise<string>;
  }
}
