import { useEffect, useRef } from 'react';

/** How long a page may take (its chunk, its first data) to draw its heading. */
const HEADING_WAIT_MS = 10_000;

const pageHeading = () => document.querySelector<HTMLElement>('#main-content h1');

/**
 * Each page's own title and, after a route change, focus on its heading: the document is titled
 * "<the page's h1> · <the site's name>", and a screen reader reads the new page's heading where
 * focus lands (the change is said; focus does not stay on the link that left the old page). The
 * first page of a visit keeps focus where the browser puts it. A page that put focus inside
 * itself already (a field) keeps it, and so does a trader who moved focus while the heading was
 * still on its way (a menu they opened would close under them).
 */
export function useRouteFocus(path: string) {
  const siteTitle = useRef<string | null>(null);
  const first = useRef(true);
  useEffect(() => {
    siteTitle.current ??= document.title;
    const moveFocus = !first.current;
    first.current = false;
    const focusedAtChange = document.activeElement;
    const focusMovedSince = () => document.activeElement !== focusedAtChange && document.activeElement !== document.body;
    const settle = (heading: HTMLElement) => {
      const name = heading.textContent?.trim();
      if (name) document.title = `${name} · ${siteTitle.current}`;
      if (!moveFocus || focusMovedSince() || document.getElementById('main-content')?.contains(document.activeElement)) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    };
    const now = pageHeading();
    if (now) return settle(now);
    const main = document.getElementById('main-content');
    if (!main) return;
    const observer = new MutationObserver(() => {
      const heading = pageHeading();
      if (!heading) return;
      observer.disconnect();
      settle(heading);
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [path]);
}
