/**
 * The trading room's keyboard shortcuts: the one map the room's key handler, the shortcut help
 * dialog and docs/keyboard.md follow.
 *
 * Single keys without Ctrl, Alt or Meta: no browser shortcut uses them (Firefox's quick find is
 * '/' and "'", left alone), and a screen reader in browse mode keeps its own single-letter
 * navigation (the shortcuts reach the page in its focus or forms mode, as every web app's do).
 * Letters match the character first and the physical key second, so they also work on a Russian
 * layout (the U key types 'г' there). A shortcut never fires while the trader types in a field.
 */

export type ShortcutAction =
  | 'bet.up'
  | 'bet.down'
  | 'amount.increase'
  | 'amount.decrease'
  | 'period.next'
  | 'period.previous'
  | 'wallet.next'
  | 'bet.closeEarly'
  | 'chart.focus'
  | 'price.announce'
  | 'help.open';

export interface Shortcut {
  action: ShortcutAction;
  /** The characters (KeyboardEvent.key) that trigger it; the first is the one shown. */
  keys: readonly string[];
  /** Physical keys (KeyboardEvent.code) that also trigger it when the layout types another character. */
  codes: readonly string[];
  /** The text key of what it does (trading namespace). */
  label: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'bet.up', keys: ['u'], codes: ['KeyU'], label: 'trading.keys.up' },
  { action: 'bet.down', keys: ['d'], codes: ['KeyD'], label: 'trading.keys.down' },
  { action: 'amount.increase', keys: ['+', '='], codes: ['Equal', 'NumpadAdd'], label: 'trading.keys.amount_up' },
  { action: 'amount.decrease', keys: ['-', '_'], codes: ['Minus', 'NumpadSubtract'], label: 'trading.keys.amount_down' },
  { action: 'period.next', keys: [']'], codes: ['BracketRight'], label: 'trading.keys.period_next' },
  { action: 'period.previous', keys: ['['], codes: ['BracketLeft'], label: 'trading.keys.period_previous' },
  { action: 'wallet.next', keys: ['w'], codes: ['KeyW'], label: 'trading.keys.wallet' },
  // Sells back the open bet that ends first; the room wires it once early close exists.
  { action: 'bet.closeEarly', keys: ['c'], codes: ['KeyC'], label: 'trading.keys.close_early' },
  { action: 'chart.focus', keys: ['g'], codes: ['KeyG'], label: 'trading.keys.chart' },
  { action: 'price.announce', keys: ['p'], codes: ['KeyP'], label: 'trading.keys.price' },
  { action: 'help.open', keys: ['?'], codes: [], label: 'trading.keys.help' },
];

/** What the handler needs of a key press (a KeyboardEvent has all of it). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** A Latin letter or a sign the map names: matched by character; anything else by physical key. */
const typedInMap = new Set(SHORTCUTS.flatMap((shortcut) => shortcut.keys));

/** The shortcut a key press means, or null (modifiers other than Shift always mean none). */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.altKey || press.metaKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const byKey = SHORTCUTS.find((shortcut) => shortcut.keys.includes(key));
  if (byKey) return byKey.action;
  // A character of another layout (Cyrillic) on a key the map names by position.
  if (key.length !== 1 || typedInMap.has(key) || /[\x20-\x7e]/.test(key)) return null;
  return SHORTCUTS.find((shortcut) => shortcut.codes.includes(press.code))?.action ?? null;
}

/** Input types that take typed text: a letter there is text, never a shortcut. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'password', 'number', 'tel', 'url', 'date', 'time', 'datetime-local', 'month', 'week']);

/** Whether keys pressed on this element are typing (a text field, a list box, editable text). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target.isContentEditable) return true;
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox' || role === 'spinbutton';
}

/** The next (or, with step -1, the previous) of a list after the current one, stopping at its ends. */
export function stepThrough<T>(list: readonly T[], current: T | null, step: 1 | -1): T | null {
  if (list.length === 0) return null;
  const index = current === null ? -1 : list.indexOf(current);
  if (index === -1) return list[0]!;
  return list[Math.min(list.length - 1, Math.max(0, index + step))]!;
}

/** The one after the current, back to the first after the last. */
export function cycleThrough<T>(list: readonly T[], current: T): T | null {
  if (list.length === 0) return null;
  return list[(list.indexOf(current) + 1) % list.length]!;
}
