import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, test } from 'vitest';

/**
 * The file length rule of docs/architecture.md "Rules a change keeps", as `npm run lint` applies
 * it: code outside tests and stories past MAX_LINES is refused, blank lines and comments aside,
 * with no list of files excused from it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
/** eslint.config.js is plain JavaScript without types: its limit, as the rule reads it. */
const config = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as Record<string, unknown> & {
  MAX_LINES: { max: number; skipBlankLines: boolean; skipComments: boolean };
};
const { MAX_LINES } = config;

const codeLines = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';

async function lengthProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

describe('the lint keeps files small', () => {
  test.each([
    'server/src/modules/bets/example.ts',
    'src/ui/Example.tsx',
    'shared/backoffice/example.ts',
    'scripts/example.ts',
  ])(
    '%s: one line of code past the limit is refused, the limit itself passes',
    async (file) => {
      expect(await lengthProblems(file, codeLines(MAX_LINES.max + 1))).toHaveLength(1);
      expect(await lengthProblems(file, codeLines(MAX_LINES.max))).toEqual([]);
    },
    60_000,
  );

  test('blank lines and comments do not count; tests and stories are not held to it', async () => {
    const spaced = codeLines(MAX_LINES.max).replaceAll('\n', '\n\n// why this line\n');
    expect(await lengthProblems('server/src/modules/bets/example.ts', spaced)).toEqual([]);
    expect(await lengthProblems('tests/server/example.test.ts', codeLines(MAX_LINES.max * 2))).toEqual([]);
    expect(await lengthProblems('stories/trading/Example.stories.tsx', codeLines(MAX_LINES.max * 2))).toEqual([]);
  }, 60_000);

  test('no file is excused: the config keeps no list of longer files, and every file today is within the limit', async () => {
    expect(Object.keys(config)).not.toContain('OVER_MAX_LINES');
    // Only the length rule, over every file the lint sees outside tests and stories.
    const plain = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          ignores: [
            'tests/**',
            'stories/**',
            'public/**',
            'dist/**',
            'build/**',
            'storybook-static/**',
            'data/**',
            'bench/results/**',
          ],
        },
        {
          files: ['**/*.{ts,tsx,js}'],
          languageOptions: { parser: tseslint.parser },
          rules: { 'max-lines': ['error', MAX_LINES] },
        },
      ],
    });
    const results = await plain.lintFiles(['.']);
    const tooLong = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'max-lines').map((m) => `${path.relative(root, r.filePath)}: ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(500);
    expect(tooLong).toEqual([]);
  }, 120_000);
});
