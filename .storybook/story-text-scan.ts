import type { TestContext } from 'vitest';
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
  'stories/StatusPage.stories.tsx':
    'the last-resort error page in English ("An error occurred while showing the error page"), a route guard\'s code name ("Unknown middleware guest-only")',
  'stories/routes/shell/StatusScreens.stories.tsx':
    'a route guard\'s code name ("Неизвестная проверка маршрута admin")',
  'stories/routes/shell/ShellPages.stories.tsx':
    'the start failure\'s English half ("The app could not be loaded.")',
  'stories/trading/PairSelector.stories.tsx':
    'the msw pairs\' English long names ("Euro against the United States Dollar, …")',
  'stories/trading/LiveAnnouncer.stories.tsx':
    'a price written with a decimal point',
  'stories/Feedback.stories.tsx':
    'the tone names of the matrix ("primary", "success") as labels',
};

/**
 * An afterEach hook of the story test run. The setup file registers it: the runner imports the
 * setup file afresh for every story file, but a module it imports only once per page, so a hook
 * registered here would check the first story file of a run and no other.
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
