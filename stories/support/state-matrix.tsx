import type { ReactNode } from 'react';
import { useLayoutEffect, useRef } from 'react';
import { expect, waitFor } from 'storybook/test';

/**
 * The pointer and keyboard states a matrix shows at once. A browser hovers one element and focuses
 * one, so the matrix marks its cells with `data-preview-state` instead, and the component's own
 * Stitches rules for `:hover`, `:focus-visible` and `:active` are repeated for that attribute (an
 * addon that rewrites stylesheets once never sees the rules Stitches inserts as components render).
 */
export type PreviewState = 'hover' | 'focus-visible' | 'active';

const marked = (state: PreviewState) => `[data-preview-state~="${state}"]`;
/** Hover and press hold for the element and every element around it, as the pointer's do. */
const heldWithAncestors = (state: PreviewState) => `:is(${marked(state)}, :has(${marked(state)}))`;
const PSEUDO_CLASS: Record<string, string> = {
  hover: heldWithAncestors('hover'),
  active: heldWithAncestors('active'),
  'focus-visible': marked('focus-visible'),
  // Focus from the keyboard is focus too (the inputs draw their ring on :focus).
  focus: marked('focus-visible'),
  'focus-within': heldWithAncestors('focus-visible'),
};
const PSEUDO = /:(hover|active|focus-visible|focus-within|focus)(?![\w-])/g;

/**
 * Stitches' sheet again, in its order, each rule with a pointer or focus state followed by the same
 * rule for the marked cells: copying every rule keeps the cascade of the original (a later rule of
 * equal weight still wins over a hover rule before it), and nothing in the components changes.
 */
function previewRules(rules: CSSRuleList): string {
  return [...rules]
    .map((rule) => {
      if (rule instanceof CSSMediaRule) return `@media ${rule.media.mediaText}{${previewRules(rule.cssRules)}}`;
      if (!(rule instanceof CSSStyleRule)) return '';
      const selector = rule.selectorText.replace(PSEUDO, (_, name: string) => PSEUDO_CLASS[name]!);
      return selector === rule.selectorText ? rule.cssText : `${rule.cssText}${selector}{${rule.style.cssText}}`;
    })
    .join('');
}

/** Stitches marks its sheet with `--sxs` rules; other sheets (the workbench's own) stay out. */
const isStitchesSheet = (sheet: CSSStyleSheet) =>
  sheet.ownerNode instanceof HTMLStyleElement && [...sheet.cssRules].some((rule) => rule.cssText.startsWith('--sxs'));

/** The copied sheet, for as long as a matrix is shown (later stories keep Stitches' cascade alone). */
function usePreviewSheet() {
  useLayoutEffect(() => {
    const style = document.createElement('style');
    style.dataset.previewStates = '';
    style.textContent = [...document.styleSheets].filter(isStitchesSheet).map((sheet) => previewRules(sheet.cssRules)).join('');
    document.head.append(style);
    return () => style.remove();
  }, []);
}

const INTERACTIVE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * One cell of a matrix in a state: the first interactive element inside it is marked, so its own
 * rules for that state apply while the pointer and focus are elsewhere.
 */
export function InState({ state, children }: { state?: PreviewState | undefined; children: ReactNode }) {
  const cell = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = cell.current?.querySelector(INTERACTIVE);
    if (!state || !element) return;
    // A press is under the pointer, so a pressed element is hovered too.
    element.setAttribute('data-preview-state', state === 'active' ? 'hover active' : state);
    return () => element.removeAttribute('data-preview-state');
  }, [state]);
  return (
    <span ref={cell} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

/**
 * A matrix story's frame (as primer/react's feature stories): one row per variant, its sizes (or
 * states) side by side, wrapping at a phone's width.
 */
export function StateMatrix({ rows }: { rows: { key: string; cells: ReactNode[] }[] }) {
  usePreviewSheet();
  return (
    <div style={{ display: 'grid', gap: 12, padding: 16 }}>
      {rows.map((row) => (
        <div key={row.key} data-variant={row.key} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {row.cells}
        </div>
      ))}
    </div>
  );
}

/**
 * A matrix story's parameters: its docs page's code snippet is the story's source as written.
 * Storybook's snippet from the rendered JSX prints the `rows` prop's elements as plain objects,
 * React's internals with them; in the development build (`npm run storybook`) that string outgrows
 * the browser's limit ("Invalid string length"), and the docs page shows the error's stack, grey
 * on dark and scrolling, in place of the matrix.
 */
export const MATRIX_PARAMETERS = { docs: { source: { type: 'code' } } } as const;

/**
 * Checks that a marked cell shows what the browser shows in the real state: `property` changes
 * when the mark is taken off, and comes back once `enter` (a real hover, a Tab) puts it in the state.
 */
type StateProperty = 'backgroundColor' | 'borderColor' | 'color' | 'boxShadow' | 'outlineStyle';

async function expectRealState(element: HTMLElement, property: StateProperty, enter: () => Promise<void>) {
  const previewed = getComputedStyle(element)[property];
  const mark = element.getAttribute('data-preview-state');
  element.removeAttribute('data-preview-state');
  // The components ease their colours in, so each value is awaited rather than read at once.
  await waitFor(() => expect(getComputedStyle(element)[property]).not.toBe(previewed));
  await enter();
  await waitFor(() => expect(getComputedStyle(element)[property]).toBe(previewed));
  // Marked again, the cell keeps its look once the real state has gone.
  if (mark !== null) element.setAttribute('data-preview-state', mark);
}

/**
 * The story test run's real pointer (.storybook/vitest.setup.ts): only it makes an element :hover,
 * so the workbench, which has none, shows the matrix without the check.
 */
const realPointer = () => (globalThis as { realPointer?: { hover: (element: Element) => Promise<void> } }).realPointer;

/** A cell marked as hovered against the same element under the real pointer. */
export async function expectRealHover(element: HTMLElement, property: StateProperty) {
  const pointer = realPointer();
  if (pointer) await expectRealState(element, property, () => pointer.hover(element));
}

/** A cell marked as focused from the keyboard against the same element focused by a Tab (its ring: a shadow or an outline). */
export async function expectRealFocus(element: HTMLElement, ring: 'boxShadow' | 'outlineStyle', tab: () => Promise<void>) {
  await expectRealState(element, ring, async () => {
    // Tab by Tab through the cells before it, as a keyboard reaches it.
    for (let stops = 0; stops < 100 && document.activeElement !== element; stops++) await tab();
  });
}
