/**
 * The unit project's setup (jsdom): DOM matchers for component tests, and a clean slate of
 * storage between tests, since machines keep choices (wallet, pair, sound) in localStorage.
 */
import { afterEach } from 'vitest';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
