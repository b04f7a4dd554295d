import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { inspectorLeaks } from '../../../scripts/check-bundle';

describe('the production build holds no inspector code', () => {
  test('a built file with the inspector in it is named', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'assets', 'index-1.js'), 'export const a = 1;');
      writeFileSync(path.join(dist, 'assets', 'mount-2.js'), 'const id = "statechart-inspector";');
      expect(inspectorLeaks(dist)).toEqual(['mount-2.js']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  // After `npm run build` (npm test builds before scripts/check-bundle.ts runs the same check).
  test.runIf(existsSync('dist/assets'))('the last build of dist/ is clean', () => {
    expect(inspectorLeaks('dist')).toEqual([]);
  });
});
