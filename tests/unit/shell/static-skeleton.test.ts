import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import en from '../../../server/content/locales/en/shell.json';
import ru from '../../../server/content/locales/ru/shell.json';

/**
 * index.html draws the page's shape before any script runs (issue 11, 8): a static skeleton in
 * #root that React replaces when it mounts. The CSP allows inline styles only, so the document
 * holds no inline script; the skeleton's label is said in the document's language.
 */
const html = readFileSync(path.join(import.meta.dirname, '../../../index.html'), 'utf8');
const document = new DOMParser().parseFromString(html, 'text/html');

describe('the static skeleton of index.html', () => {
  test('sits in #root, busy, with the shapes of the app\'s start skeleton', () => {
    const root = document.getElementById('root')!;
    const skeleton = root.firstElementChild!;
    expect(root.children).toHaveLength(1);
    expect(skeleton.getAttribute('role')).toBe('status');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.querySelector('.boot-bar')?.getAttribute('aria-hidden')).toBe('true');
    expect(skeleton.querySelectorAll('.boot-block').length).toBe(8);
  });

  test('says "loading" in both languages, as the app does', () => {
    const label = document.querySelector('.boot-label')!;
    expect(label.querySelector('[lang="ru"]')?.textContent).toBe(ru['shell.loading']);
    expect(label.querySelector('[lang="en"]')?.textContent).toBe(en['shell.loading']);
  });

  test('has no inline script: only the module entry, which the CSP allows', () => {
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('src')).toBe('/src/main.tsx');
    expect(scripts[0]!.textContent).toBe('');
  });
});
