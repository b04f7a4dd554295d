import type { FocusEvent, KeyboardEvent, RefObject } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from './hooks';

const ITEM = '[role="menuitemradio"], [role="menuitem"]';

/** A menu's items in their order, and which of them keys may move to (a disabled one is skipped). */
function menuItems(menu: HTMLElement | null) {
  const all = menu ? [...menu.querySelectorAll<HTMLElement>(ITEM)] : [];
  return { all, reachable: all.filter((item) => !item.matches(':disabled')) };
}

/**
 * A menu's keys (WAI-ARIA APG, menu): one Tab stop that roves with focus (at first the item at
 * `start`, the chosen one), Up and Down to the previous and next item and round at the ends, Home
 * and End to the first and the last. Enter and Space press the focused item: a button's own keys,
 * and Space on a link is added here. Up and Down do not depend on the writing direction, so they
 * are the same in Arabic.
 */
export function useMenuKeys(menuRef: RefObject<HTMLElement | null>, start: number) {
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? Math.max(start, 0);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === ' ' && event.target instanceof HTMLAnchorElement) {
      event.preventDefault();
      event.target.click();
      return;
    }
    const { reachable } = menuItems(menuRef.current);
    const from = reachable.indexOf(event.target as HTMLElement);
    const last = reachable.length - 1;
    const to =
      event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : event.key === 'ArrowDown' ? (from === last ? 0 : from + 1)
      : event.key === 'ArrowUp' ? (from <= 0 ? last : from - 1)
      : null;
    if (to === null || last < 0) return;
    event.preventDefault();
    reachable[to]?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const index = menuItems(menuRef.current).all.indexOf(event.target as HTMLElement);
    if (index !== -1) setFocused(index);
  };
  return {
    menuProps: { onKeyDown, onFocus },
    /** The tabIndex of the item at `index` among the menu's items (0 for the one Tab stop). */
    tabIndexOf: (index: number) => (index === tabStop ? 0 : -1),
  };
}

/**
 * A button that opens a menu (WAI-ARIA APG, menu button): a click, Enter, Space or Down opens it
 * with focus on the chosen item, Up opens it with focus on the last; Escape closes it and hands
 * focus back to the button, as do a press outside and Tab (focus leaving it), which close it only.
 */
export function useMenuButton({ chosen, defaultOpen = false }: { chosen: number; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const [focusOnOpen, setFocusOnOpen] = useState<'chosen' | 'last'>('chosen');
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  useDismiss(open, () => setOpen(false), { popup: menuRef, trigger: triggerRef });
  const keys = useMenuKeys(menuRef, chosen);

  // An item that stops being focusable under focus (the demo refill going busy, then gone when its
  // answer comes) drops focus to the page; the menu takes it back before anything else runs, so it
  // stays open: focus moving out closes it, and a page that catches dropped focus (the trading
  // room's fallback to the slip) would move it out when the answer came before its next frame.
  useEffect(() => {
    const panel = menuRef.current;
    if (!open || !panel) return;
    const onFocusOut = (event: globalThis.FocusEvent) => {
      const item = event.target;
      if (event.relatedTarget || !(item instanceof HTMLElement)) return;
      queueMicrotask(() => {
        const gone = !item.isConnected || item.matches(':disabled');
        const dropped = !document.activeElement || document.activeElement === document.body;
        if (gone && dropped && panel.isConnected) panel.focus({ preventScroll: true });
      });
    };
    panel.addEventListener('focusout', onFocusOut);
    return () => panel.removeEventListener('focusout', onFocusOut);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const { all, reachable } = menuItems(menuRef.current);
    const target = focusOnOpen === 'last' ? reachable.at(-1) : (all[chosen] ?? reachable[0]);
    target?.focus();
    // Only an opening moves focus; later changes of the chosen item leave it where the trader is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const openAt = (where: 'chosen' | 'last') => {
    setFocusOnOpen(where);
    setOpen(true);
  };
  /** Closes the menu with focus back on its button (after a choice). */
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  return {
    open,
    close,
    tabIndexOf: keys.tabIndexOf,
    triggerProps: {
      ref: triggerRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? setOpen(false) : openAt('chosen')),
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        openAt(event.key === 'ArrowUp' ? 'last' : 'chosen');
      },
    },
    // Focusable itself (not a Tab stop) to hold focus while no item can.
    menuProps: { ref: menuRef, id: menuId, role: 'menu' as const, tabIndex: -1, ...keys.menuProps },
  };
}
