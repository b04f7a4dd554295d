/**
 * Accepts the story pictures of this run as the new baselines (stories/__baselines__): runs the
 * story tests with STORY_BASELINES=accept. Given story files, only theirs are written again;
 * given none, every baseline is made anew, so the pictures of removed stories go too.
 *   npm run baselines:accept [-- stories/Button.stories.tsx ...]
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) rmSync('stories/__baselines__', { recursive: true, force: true });
const run = spawnSync('npx', ['vitest', 'run', '--project', 'storybook', ...files], {
  stdio: 'inherit',
  env: { ...process.env, STORY_BASELINES: 'accept' },
});
process.exit(run.status ?? 1);
