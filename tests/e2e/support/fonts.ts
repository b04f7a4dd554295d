import { expect, type Page } from '@playwright/test';
import { theme } from '../../../src/ui/stitches.config';

/**
 * The faces the tokens' body stack names, and the metric-compatible faces fontconfig puts in their
 * place (Debian's Chromium draws Arial with Liberation Sans, same widths). A generic family
 * (system-ui, sans-serif) names no face: text drawn by it is in a font the tokens do not name.
 */
const METRIC_ALIASES: Record<string, string> = { Arial: 'Liberation Sans', 'Helvetica Neue': 'Liberation Sans' };
const GENERIC = new Set(['system-ui', 'sans-serif', 'serif', 'monospace', 'ui-sans-serif']);

function facesTheTokensName(): Set<string> {
  const named = theme.fonts.body.value
    .split(',')
    .map((family) => family.trim().replace(/^["']|["']$/g, ''))
    .filter((family) => !GENERIC.has(family));
  return new Set(named.flatMap((family) => [family, ...(METRIC_ALIASES[family] ? [METRIC_ALIASES[family]] : [])]));
}

/**
 * The fonts Chromium really drew the text of the first element matching `selector` with
 * (`CSS.getPlatformFontsForNode`: the faces the glyphs came from, unlike `document.fonts.check`,
 * which says yes for a font that is absent). Looks through same-origin frames too (a story's).
 */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const documents = [root];
    const frames = (node: typeof root): void => {
      if (node.contentDocument) documents.push(node.contentDocument);
      for (const child of node.children ?? []) frames(child);
    };
    frames(root);
    for (const document of documents) {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: document.nodeId, selector });
      if (!nodeId) continue;
      // The faces of the text nodes directly inside the element.
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.filter((font) => font.glyphCount > 0).map((font) => font.familyName);
    }
    throw new Error(`nothing matches ${selector}`);
  } finally {
    await cdp.detach();
  }
}

/** The text of the first element matching each selector is drawn in faces the tokens name, and in some face. */
export async function expectTokenFonts(page: Page, selectors: string[]): Promise<void> {
  const named = facesTheTokensName();
  for (const selector of selectors) {
    const fonts = await renderedFonts(page, selector);
    expect(fonts.length, selector).toBeGreaterThan(0);
    expect(fonts.filter((font) => !named.has(font)), `${selector} drawn in ${fonts.join(', ')}`).toEqual([]);
  }
}
