import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The files the server reads at run time (the content, the locales, the back office's stylesheet)
 * live in the repository, not beside the code: the same code runs from its sources (tsx, in
 * development and tests) and bundled into build/server (`npm start`), so they are found from the
 * project's root, the nearest directory above this module that holds package.json.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the repository, given from its root. */
export const projectFile = (...parts: string[]): string => path.join(projectRoot, ...parts);
