import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The workbench's sidebar is for designers: a story's name says the state it shows, and the
 * toolbar decides language, theme and width. A story that sets `globals` locks the toolbar, and
 * a name such as "EnglishMobile" repeats what the toolbar already says.
 */
const storiesDir = path.join(import.meta.dirname, '../../stories');
const roots = ['Foundations', 'Components', 'Patterns', 'Screens', 'Back office'];
/** Words (camel-case parts of an export name) that name a language or a width instead of a state. */
const toolbarWords =
  /^(ru|en|eng|english|russian|rus|phone|phones|narrow|tablet|laptop|desktop|mobile|wide|\d{3,4}(px)?)$/i;

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return storyFiles(full);
    return /\.(stories\.tsx|mdx)$/.test(entry.name) || entry.name.endsWith('.ts') ? [full] : [];
  });
}

const files = storyFiles(storiesDir).map((file) => ({
  name: path.relative(storiesDir, file),
  text: readFileSync(file, 'utf8'),
}));
const storyModules = files.filter((file) => file.name.endsWith('.stories.tsx'));

/** "LargeReturnMobile" -> ["Large", "Return", "Mobile"]; "At375" -> ["At", "375"]. */
function nameWords(name: string): string[] {
  return name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [];
}

function metaTitle(text: string): string | undefined {
  return /(?:const meta\b[^=]*= |export default |<Meta )\{?[^}]*?\btitle[:=] ?["']([^"']+)["']/s.exec(text)?.[1];
}

describe('story sidebar', () => {
  it('finds the story files', () => {
    expect(storyModules.length).toBeGreaterThan(50);
  });

  it('no story, meta or shared story helper sets globals', () => {
    const locking = files.filter((file) => /\bglobals\s*:/.test(file.text)).map((file) => file.name);
    expect(locking).toEqual([]);
  });

  it('story export names say the state, never a language or a width', () => {
    const offending = storyModules.flatMap((file) =>
      [...file.text.matchAll(/^export const (\w+)/gm)]
        .map((match) => match[1] as string)
        .filter((name) => nameWords(name).some((word) => toolbarWords.test(word)))
        .map((name) => `${file.name}: ${name}`),
    );
    expect(offending).toEqual([]);
  });

  it('every title sits under one of the layer roots, and no title repeats', () => {
    const titles = storyModules.map((file) => ({ file: file.name, title: metaTitle(file.text) }));
    expect(titles.filter((entry) => !entry.title).map((entry) => entry.file)).toEqual([]);
    const outside = titles.filter((entry) => !roots.includes(entry.title?.split('/')[0] ?? ''));
    expect(outside.map((entry) => `${entry.file}: ${entry.title}`)).toEqual([]);
    const seen = new Map<string, string>();
    const repeated: string[] = [];
    for (const { file, title } of titles) {
      const key = (title ?? '').toLowerCase();
      if (seen.has(key)) repeated.push(`${title} in ${seen.get(key)} and ${file}`);
      seen.set(key, file);
    }
    expect(repeated).toEqual([]);
  });

  it('tells state words from toolbar words', () => {
    expect(nameWords('LargeReturnMobile')).toEqual(['Large', 'Return', 'Mobile']);
    expect(nameWords('PhoneBurgerOpen').some((word) => toolbarWords.test(word))).toBe(true);
    expect(nameWords('RunningRules').some((word) => toolbarWords.test(word))).toBe(false);
    expect(nameWords('At1280').some((word) => toolbarWords.test(word))).toBe(true);
  });
});
