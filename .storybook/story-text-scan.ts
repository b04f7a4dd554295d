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
  throw new Error(`The story shows ${faults.length} text(s) that are not Russian:\n${faults.join('\n')}`);
}
