import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump of a freshly migrated database, when the files run on PGlite. */
    migratedDatabase: string | undefined;
  }
}

/**
 * The server project's global setup: migrates one PGlite database and dumps it, so that each test
 * file's database starts from that dump (under a second) instead of an empty cluster it must make
 * and migrate itself (seconds). On PostgreSQL each file still makes and migrates its own database.
 */
export default async function migrateOnce(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('migratedDatabase', undefined);
    return;
  }
  const database = await openDatabase({});
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'fx-migrated-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedDatabase', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** What a test file's PGlite starts from: the migrated dump (the migrations then find nothing to do). */
export function migratedDump(): Blob | undefined {
  const file = inject('migratedDatabase');
  return file ? new Blob([readFileSync(file)]) : undefined;
}
