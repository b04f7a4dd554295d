/**
 * The unit project's setup (jsdom): DOM matchers for component tests, and a clean slate of
 * storage between tests, since machines keep choices (wallet, pair, sound) in localStorage, and
 * Intl.DurationFormat, which Node 20 lacks (the server loads the same polyfill, server/src/i18n.ts).
 */
import '@formatjs/intl-durationformat/polyfill.js';
import { afterEach } from 'vitest';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
