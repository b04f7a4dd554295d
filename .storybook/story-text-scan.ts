import type { afterEach } from 'vitest';
import { LATIN_ALLOWED, russianTextFaults } from '../tests/russian-text';
import { storyI18n } from './i18n';

/**
 * Every story the test run shows in Russian (the workbench's start language) is read for English
 * words, American dates and amounts written outside the shared formatter (tests/russian-text.ts).
 * The Foundations pages and the statechart inspector are the workbench's own documentation and
 * developer tools, written in English on purpose.
 */
const ENGLISH_ON_PURPOSE = ['/stories/foundations/', '/stories/inspector/'];

/**
 * Stories whose Russian still shows what the scan finds, each with what it found (issue 23, to
 * fix, then to take off this list): the scan runs on them and reports, but does not fail them yet.
 */
const NOT_YET_RUSSIAN: Record<string, string> = {
  'stories/backoffice/BackOffice.stories.tsx':
    'file sizes in "KB" (the conversation), payment system names in English ("Bank card (test)": the server shows the table\'s one-language name, not money.ps.<code>)',
};

type TestContext = Parameters<Parameters<typeof afterEach>[0]>[0];

/**
 * The scan of one story, an afterEach hook of .storybook/vitest.setup.ts. The setup file runs again
 * before every story file, but the modules it imports do not (isolate: false keeps them loaded
 * across the files of a worker): a hook registered here, on import, ran for the first story file
 * of each worker only, and every later file went unscanned.
 */
export function scanStoryText({ task }: TestContext): void {
  if (task.result?.state !== 'pass' || storyI18n.language !== 'ru') return;
  const file = task.file.filepath;
  if (ENGLISH_ON_PURPOSE.some((folder) => file.includes(folder))) return;
  const faults = russianTextFaults(LATIN_ALLOWED);
  if (faults.length === 0) return;
  const report = `The story shows ${faults.length} text(s) that are not Russian:\n${faults.join('\n')}`;
  if (Object.keys(NOT_YET_RUSSIAN).some((pending) => file.endsWith(pending))) console.warn(report);
  else throw new Error(report);
}
