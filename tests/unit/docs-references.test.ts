import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * No comment or document may send a reader to a file the repository does not hold: every mention
 * of a Markdown file and every repository path (src/..., server/..., docs/...) in the tracked text
 * files must exist, relative to the repository or to the mentioning file.
 */
const root = path.resolve(import.meta.dirname, '../..');

// This file names dead references on purpose, to show the checker finds them; the boundary and the
// file length lint tests lint code as if it were in files that do not exist.
const SKIPPED = new Set([
  'package-lock.json',
  'public/mockServiceWorker.js',
  'tests/unit/docs-references.test.ts',
  'tests/unit/lint-boundaries.test.ts',
  'tests/unit/lint-file-length.test.ts',
]);
/** Folders the tools make (ignored by git): a reference to them is to what a run leaves there. */
const GENERATED = ['bench/results'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|yml|yaml|txt)$|(^|\/)(\.ci\/run|\.gitignore|\.prettierignore)$/;

/** The top folders whose paths are checked; a path elsewhere (URLs, packages) is not ours to check. */
const ROOTS = [
  'src',
  'server',
  'shared',
  'stories',
  'tests',
  'bench',
  'scripts',
  'docs',
  'public',
  '.storybook',
  '.ci',
];
const PATH = new RegExp(
  `(?<![\\w./:@-])((?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/[\\w./-]*[\\w-])`,
  'g',
);
const MARKDOWN = /(?<![\w/:@-])((?:\.{1,2}\/)?[\w./-]*[\w-]\.md)\b/g;

/** Placeholders and patterns name no file: `<name>`, `{id}`, globs. */
const isPattern = (text: string, end: number) =>
  /^[<{*[]/.test(text.slice(end, end + 1)) || /[*<{[]/.test(text.slice(end - 1, end));

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && TEXT.test(file) && !SKIPPED.has(file) && existsSync(path.join(root, file)));
}

function exists(reference: string, from: string): boolean {
  const clean = reference.replace(/[?#].*$/, '');
  if (GENERATED.some((folder) => clean === folder || clean.startsWith(`${folder}/`))) return true;
  return existsSync(path.join(root, clean)) || existsSync(path.join(root, path.dirname(from), clean));
}

/** The references of one file's text that name nothing in the repository. */
export function deadReferences(file: string, text: string): string[] {
  const dead = new Set<string>();
  for (const pattern of [PATH, MARKDOWN]) {
    for (const match of text.matchAll(pattern)) {
      const reference = match[1]!;
      const end = match.index! + match[0].length;
      if (isPattern(text, end)) continue;
      if (!exists(reference, file)) dead.add(reference);
    }
  }
  return [...dead];
}

describe('references to files', () => {
  test('the checker catches a dead reference and passes a live one', () => {
    expect(deadReferences('src/x.ts', '// see DESIGN.md 3 and docs/nowhere.md')).toEqual([
      'docs/nowhere.md',
      'DESIGN.md',
    ]);
    expect(
      deadReferences(
        'src/x.ts',
        '// see docs/design.md 3.1, src/api/contract/envelope.ts and server/src/modules/<domain>',
      ),
    ).toEqual([]);
  });

  test('every path and Markdown file a tracked file mentions exists', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      for (const reference of deadReferences(file, readFileSync(path.join(root, file), 'utf8')))
        found.push(`${file}: ${reference}`);
    }
    expect(found).toEqual([]);
  });
});
