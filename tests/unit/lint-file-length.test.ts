import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * The file length rule of docs/architecture.md "Rules a change keeps", as `npm run lint` applies
 * it: code in src/ and server/src/ past MAX_LINES is refused, blank lines and comments aside; the
 * files still longer are held at their length today.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
/** eslint.config.js is plain JavaScript without types: its limit and its list of longer files, as the rule reads them. */
const { MAX_LINES, OVER_MAX_LINES } = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as {
  MAX_LINES: { max: number; skipBlankLines: boolean; skipComments: boolean };
  OVER_MAX_LINES: Record<string, number>;
};

const codeLines = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';

async function lengthProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

describe('the lint keeps files small', () => {
  test.each(['server/src/modules/bets/example.ts', 'src/ui/Example.tsx'])(
    '%s: one line of code past the limit is refused, the limit itself passes',
    async (file) => {
      expect(await lengthProblems(file, codeLines(MAX_LINES.max + 1))).toHaveLength(1);
      expect(await lengthProblems(file, codeLines(MAX_LINES.max))).toEqual([]);
    },
    60_000,
  );

  test('blank lines and comments do not count; tests are not held to it', async () => {
    const spaced = codeLines(MAX_LINES.max).replaceAll('\n', '\n\n// why this line\n');
    expect(await lengthProblems('server/src/modules/bets/example.ts', spaced)).toEqual([]);
    expect(await lengthProblems('tests/server/example.test.ts', codeLines(MAX_LINES.max * 2))).toEqual([]);
  }, 60_000);

  test('a file on the list of longer files is held at its length: it may not grow, and a shorter one lowers its number or leaves the list', async () => {
    // The plain limit for every file, to read a listed file's own length from the rule's message.
    const plain = new ESLint({ cwd: root, overrideConfig: { rules: { 'max-lines': ['error', MAX_LINES] } } });
    for (const [file, held] of Object.entries(OVER_MAX_LINES)) {
      const code = readFileSync(path.join(root, file), 'utf8');
      const [result] = await plain.lintText(code, { filePath: path.join(root, file) });
      const message = result?.messages.find((m) => m.ruleId === 'max-lines')?.message ?? `${file} is within the limit: take it off the list`;
      expect(message, file).toContain(`(${held})`);
      expect(await lengthProblems(file, code + codeLines(1)), file).toHaveLength(1);
    }
  }, 120_000);
});
