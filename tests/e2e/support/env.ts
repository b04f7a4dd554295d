import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What every spec of the shared server needs: its address, the XHR header, the translations. */

/** The address of the run's server (tests/e2e/support/global-setup.ts). */
export const base = (): string => {
  const url = process.env.BASE_URL;
  if (!url) throw new Error('BASE_URL is set by the global setup');
  return url;
};

/** API calls from the tests say they are the app's (the server's CSRF rule). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/** The sandbox card that the checkout approves. */
export const TEST_CARD = '4242 4242 4242 4242';

export type Language = 'ru' | 'en';
export const LANGUAGES: readonly Language[] = ['ru', 'en'];

const localesDir = path.join(import.meta.dirname, '../../../server/content/locales');

/** One namespace of the server's translations (server/content/locales/<language>/<name>.json). */
export const namespace = (language: Language, name: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${name}.json`), 'utf8')) as Record<string, string>;
