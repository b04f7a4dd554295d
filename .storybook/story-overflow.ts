/**
 * What sticks out of a story at the width the browser has now: the page wider than the viewport,
 * an element reaching past the viewport's edges, or a box whose content is wider than the box
 * (cut off by `overflow: hidden`, or text spilling over its neighbours). Allowed where the product
 * means it: a container that scrolls sideways (`overflow-x: auto | scroll`) and everything inside
 * it, text cut on purpose with an ellipsis, form fields (their text scrolls inside them), boxes of
 * at most 1px (visually hidden text for screen readers), and things placed over a box's edge on
 * purpose (an absolutely positioned badge or panel), which only the viewport's edges limit.
 */

/** Rounding: a box 0.5px over its container is a subpixel, not a layout fault. */
const TOLERANCE = 1;

function scrollsSideways(style: CSSStyleDeclaration): boolean {
  return style.overflowX === 'auto' || style.overflowX === 'scroll';
}

/**
 * Text for screen readers only, with all it holds: a box of at most 1px that hides its overflow,
 * or a positioned box clipped to nothing (a table keeps its width whatever its `width` says).
 */
function visuallyHidden(element: Element, style: CSSStyleDeclaration): boolean {
  return (element.clientWidth <= 1 && style.overflowX !== 'visible') || style.clip === 'rect(0px, 0px, 0px, 0px)';
}

/** What an element or its closest telling ancestor makes of it: reachable by scrolling, or hidden. */
function enclosure(element: Element): 'scroller' | 'hidden' | null {
  if (visuallyHidden(element, getComputedStyle(element))) return 'hidden';
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    if (visuallyHidden(parent, style)) return 'hidden';
    if (scrollsSideways(style)) return 'scroller';
  }
  return null;
}

function describe(element: HTMLElement): string {
  const testId = element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : '';
  const role = element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : '';
  const label = element.getAttribute('aria-label') ? `[aria-label="${element.getAttribute('aria-label')}"]` : '';
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  return `<${element.localName}${testId}${role}${label}> "${text}"`;
}

function isExempt(element: HTMLElement): boolean {
  if (/^(input|textarea|select)$/.test(element.localName)) return true;
  return !element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
}

/** A spinner or a shimmer: its turning box is wider than what it draws, and it moves on purpose. */
function moving(element: Element): boolean {
  return element.getAnimations().length > 0;
}

/**
 * Whether what reaches past a box's edge is something a reader sees there: text, or an element
 * that is neither text for screen readers only nor a turning spinner (whose box is wider than what
 * it draws). A box that shows its overflow may also hold something placed over its edge on purpose
 * (an absolutely positioned badge or panel), which only the viewport's edges limit.
 */
function spillsContent(element: HTMLElement, clips: boolean): boolean {
  const box = element.getBoundingClientRect();
  const left = box.left + element.clientLeft - TOLERANCE;
  const right = box.left + element.clientLeft + element.clientWidth + TOLERANCE;
  const range = document.createRange();
  for (const child of element.childNodes) {
    let rect: DOMRect;
    if (child instanceof Element) {
      const style = getComputedStyle(child);
      if (visuallyHidden(child, style) || moving(child)) continue;
      if (!clips && /^(absolute|fixed)$/.test(style.position)) continue;
      rect = child.getBoundingClientRect();
    } else if (child.nodeType === Node.TEXT_NODE) {
      range.selectNodeContents(child);
      rect = range.getBoundingClientRect();
    } else continue;
    if (rect.width > 0 && (rect.left < left || rect.right > right)) return true;
  }
  return false;
}

/** Faults past this many at one width are counted, not listed: the first ones name the cause. */
const LISTED = 8;

/**
 * Every fault at this width: of elements that reach past the viewport the outermost (the one that
 * takes the others along), of boxes whose content spills the innermost (the one that spills).
 */
export function overflowAt(width: number): string[] {
  const faults: string[] = [];
  const page = document.documentElement;
  const viewport = page.clientWidth;
  if (page.scrollWidth > viewport + TOLERANCE) faults.push(`${width}px: the page is ${page.scrollWidth}px wide`);
  const outside: HTMLElement[] = [];
  const spilling: HTMLElement[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (!(element instanceof HTMLElement)) continue;
    const { clientWidth, scrollWidth } = element;
    const rect = element.getBoundingClientRect();
    const pastViewport = rect.width > 0 && (rect.left < -TOLERANCE || rect.right > viewport + TOLERANCE);
    const spills = clientWidth > 1 && scrollWidth > clientWidth + TOLERANCE;
    if ((!pastViewport && !spills) || isExempt(element)) continue;
    const around = enclosure(element);
    if (around === 'hidden') continue;
    if (pastViewport && around !== 'scroller' && !moving(element)) outside.push(element);
    if (!spills) continue;
    // Content wider than a box that does not scroll: cut off (hidden, clip), or spilling over
    // its neighbours (visible) unless a sideways scroller around it lets the reader reach it.
    const style = getComputedStyle(element);
    if (scrollsSideways(style) || style.textOverflow === 'ellipsis') continue;
    const clips = style.overflowX !== 'visible';
    if ((clips || around !== 'scroller') && spillsContent(element, clips)) spilling.push(element);
  }
  for (const element of outside) {
    if (outside.some((other) => other !== element && other.contains(element))) continue;
    const { left, right } = element.getBoundingClientRect();
    faults.push(`${width}px: ${describe(element)} reaches from ${Math.round(left)} to ${Math.round(right)}px`);
  }
  for (const element of spilling) {
    if (spilling.some((other) => other !== element && element.contains(other))) continue;
    faults.push(`${width}px: ${describe(element)} holds ${element.scrollWidth}px in ${element.clientWidth}px`);
  }
  return faults.length > LISTED ? [...faults.slice(0, LISTED), `${width}px: and ${faults.length - LISTED} more`] : faults;
}
