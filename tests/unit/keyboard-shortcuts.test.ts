import { describe, expect, test } from 'vitest';
import {
  cycleThrough,
  isTypingTarget,
  SHORTCUTS,
  shortcutFor,
  stepThrough,
} from '../../src/shared/keyboard-shortcuts';
import type { KeyPress } from '../../src/shared/keyboard-shortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: '',
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...extra,
});

describe('the trading shortcut map', () => {
  test('each documented key means its action', () => {
    expect(shortcutFor(press('u'))).toBe('bet.up');
    expect(shortcutFor(press('U', { code: 'KeyU' }))).toBe('bet.up');
    expect(shortcutFor(press('d'))).toBe('bet.down');
    expect(shortcutFor(press('+'))).toBe('amount.increase');
    expect(shortcutFor(press('='))).toBe('amount.increase');
    expect(shortcutFor(press('-'))).toBe('amount.decrease');
    expect(shortcutFor(press(']'))).toBe('period.next');
    expect(shortcutFor(press('['))).toBe('period.previous');
    expect(shortcutFor(press('w'))).toBe('wallet.next');
    expect(shortcutFor(press('c'))).toBe('bet.closeEarly');
    expect(shortcutFor(press('g'))).toBe('chart.focus');
    expect(shortcutFor(press('p'))).toBe('price.announce');
    expect(shortcutFor(press('?', { code: 'Slash' }))).toBe('help.open');
  });

  test('a Russian layout reaches the same shortcuts by the physical key', () => {
    expect(shortcutFor(press('г', { code: 'KeyU' }))).toBe('bet.up');
    expect(shortcutFor(press('в', { code: 'KeyD' }))).toBe('bet.down');
    expect(shortcutFor(press('ъ', { code: 'BracketRight' }))).toBe('period.next');
    expect(shortcutFor(press('х', { code: 'BracketLeft' }))).toBe('period.previous');
  });

  test('browser and screen reader keys are never taken: any Ctrl, Alt or Meta, and keys the map does not name', () => {
    expect(shortcutFor(press('u', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('d', { altKey: true }))).toBeNull();
    expect(shortcutFor(press('p', { metaKey: true }))).toBeNull();
    for (const key of ['/', "'", 'h', 'Tab', 'Enter', ' ', 'Escape', 'ArrowUp', 'F6', 'Insert', 'CapsLock']) {
      expect(shortcutFor(press(key, { code: 'KeyU' }))).toBeNull();
    }
  });

  test('one action per key, and every action has a text', () => {
    const keys = SHORTCUTS.flatMap((shortcut) => shortcut.keys);
    expect(new Set(keys).size).toBe(keys.length);
    const codes = SHORTCUTS.flatMap((shortcut) => shortcut.codes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const shortcut of SHORTCUTS) expect(shortcut.label).toMatch(/^trading\.keys\./);
  });

  test('keys typed into a field are text, not shortcuts', () => {
    const field = (tag: string, type?: string) => {
      const element = document.createElement(tag);
      if (type) element.setAttribute('type', type);
      return element;
    };
    expect(isTypingTarget(field('input', 'text'))).toBe(true);
    expect(isTypingTarget(field('input'))).toBe(true);
    expect(isTypingTarget(field('input', 'number'))).toBe(true);
    expect(isTypingTarget(field('textarea'))).toBe(true);
    expect(isTypingTarget(field('select'))).toBe(true);
    const combo = field('div');
    combo.setAttribute('role', 'combobox');
    expect(isTypingTarget(combo)).toBe(true);
    expect(isTypingTarget(field('input', 'checkbox'))).toBe(false);
    expect(isTypingTarget(field('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  test('the bet times step and stop at their ends; the wallets go round', () => {
    expect(stepThrough([30, 60, 120], 60, 1)).toBe(120);
    expect(stepThrough([30, 60, 120], 120, 1)).toBe(120);
    expect(stepThrough([30, 60, 120], 30, -1)).toBe(30);
    expect(stepThrough([30, 60, 120], null, 1)).toBe(30);
    expect(stepThrough([], 30, 1)).toBeNull();
    expect(cycleThrough(['main', 'demo', 'tournament'], 'tournament')).toBe('main');
    expect(cycleThrough(['main', 'demo'], 'main')).toBe('demo');
  });
});
