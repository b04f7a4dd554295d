import type { RefObject } from 'react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';

/** How long a changed amount stays highlighted. */
const CHANGE_HIGHLIGHT_MS = 1500;

/**
 * Which way a number just moved ('up' / 'down') for CHANGE_HIGHLIGHT_MS after it changed, else
 * null. The number itself is shown new at once: only a highlight tells that it changed.
 */
export function useChangeHighlight(value: number): 'up' | 'down' | null {
  const [change, setChange] = useState<{ direction: 'up' | 'down'; at: number } | null>(null);
  const previous = useRef(value);
  useEffect(() => {
    if (previous.current === value) return;
    const direction = value > previous.current ? 'up' : 'down';
    previous.current = value;
    setChange({ direction, at: Date.now() });
    const timer = setTimeout(() => setChange(null), CHANGE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return change?.direction ?? null;
}

/**
 * Closes a popup on Escape (focus back to its trigger), on a press outside both, or when focus
 * moves outside both (Tab past its last item), so focus never lands on controls hidden under it.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  refs: { popup: RefObject<HTMLElement | null>; trigger: RefObject<HTMLElement | null> },
) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (refs.popup.current?.contains(target) || refs.trigger.current?.contains(target)) return;
      closeRef.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeRef.current();
      refs.trigger.current?.focus();
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target as Node;
      if (refs.popup.current?.contains(target) || refs.trigger.current?.contains(target)) return;
      closeRef.current();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, refs.popup, refs.trigger]);
}

function subscribeQuery(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

/** Whether a media query matches now, following its changes (layouts that differ in structure, not only in style). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useMemo(() => subscribeQuery(query), [query]);
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/**
 * Focus back to where it was when a dialog or a card closes; when that control is gone or
 * disabled meanwhile, to the page's main region, never to the document's body.
 */
export function returnFocus(previous: HTMLElement | null) {
  if (previous?.isConnected) previous.focus();
  if (previous && document.activeElement === previous) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  document.getElementById('main-content')?.focus();
}

/**
 * A box that closes by itself (a result card, a toast) and may hold focus (its close button):
 * when it goes with focus inside, focus goes back to where it came from instead of to the body.
 */
export function useReturnFocusOnRemoval(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    let cameFrom: HTMLElement | null = null;
    let inside = false;
    const onFocusIn = (event: FocusEvent) => {
      if (!inside && event.relatedTarget instanceof HTMLElement && !node.contains(event.relatedTarget)) cameFrom = event.relatedTarget;
      inside = true;
    };
    // Only a move to another element leaves: losing focus to nothing (the box's removal, the
    // window's blur) keeps it counted as inside.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !node.contains(event.relatedTarget)) inside = false;
    };
    node.addEventListener('focusin', onFocusIn);
    node.addEventListener('focusout', onFocusOut);
    return () => {
      node.removeEventListener('focusin', onFocusIn);
      node.removeEventListener('focusout', onFocusOut);
      const lost = !document.activeElement || document.activeElement === document.body || node.contains(document.activeElement);
      if (inside && lost) returnFocus(cameFrom);
    };
  }, [ref]);
}
