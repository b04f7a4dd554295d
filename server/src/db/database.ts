import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';
import { observeQuery } from '../ops/metrics';

// int8 (cents, ids, counts) as JS numbers: every such value here stays far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric as JS numbers too (aggregates over int8 come back as numeric).
pg.types.setTypeParser(1700, (value) => Number(value));

export interface Database {
  db: Kysely<DB>;
  /** 'pglite' serializes every query on one connection; 'postgres' is a real pool. */
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded (tests snapshot and reset through it). */
  pglite: PGlite | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite in `dataDir` ('memory://' keeps it in memory). */
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** A PGlite dump to start from (tests start from a migrated snapshot). */
  loadDataDir?: Blob | File;
  /** Told when PostgreSQL drops an idle pooled connection (a restart, a terminated backend). */
  onConnectionLost?: (error: Error) => void;
  /** false: leaves the migrations to the caller (a test looks at a database not migrated yet). */
  migrate?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // The pool throws away an idle connection the server closed and opens another for the next
    // query; without a listener pg rethrows the loss as an uncaught exception and ends the process.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: observeQuery });
    if (options.migrate !== false) await migrateToLatest(db);
    return { db, kind: 'postgres', pglite: undefined, close: () => db.destroy() };
  }
  const pglite = new PGlite(options.dataDir ?? 'memory://', options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await pglite.waitReady;
  const pool = new pg.Pool(createPgConfig(pglite));
  // Every query's latency reaches the metrics here, at the database layer.
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: observeQuery });
  if (options.migrate !== false) await migrateToLatest(db);
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
