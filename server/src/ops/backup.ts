import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database';
import { requireBearer } from './metrics';

/**
 * A consistent dump of an open PGlite database (a gzipped tar of its data directory). PGlite has
 * one connection, lent by a pool of one: holding it keeps every other query and transaction
 * waiting, so no transaction is half-done inside the dump; the checkpoint first writes what
 * memory holds to the files the dump reads.
 */
async function dumpPglite(database: Database): Promise<Blob> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('a PostgreSQL database is backed up with pg_dump');
  return database.db.connection().execute(async (connection) => {
    await sql`checkpoint`.execute(connection);
    return pglite.dumpDataDir('gzip');
  });
}

/** Whether a directory holds a PGlite (PostgreSQL) data directory. */
const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Opens a stopped server's data directory itself and dumps it. PGlite allows one process per data
 * directory: the caller makes sure no server runs on it.
 */
export async function dumpDataDir(dataDir: string): Promise<Blob> {
  if (!holdsDatabase(dataDir)) throw new Error(`no database in ${dataDir}`);
  const pglite = await PGlite.create(dataDir);
  try {
    await pglite.query('checkpoint');
    return await pglite.dumpDataDir('gzip');
  } finally {
    await pglite.close();
  }
}

export interface RestoredCounts {
  users: number;
  wallets: number;
  ledger_entries: number;
  bets: number;
}

/**
 * Restores a dump into `dataDir`, which must not hold a database yet (a restore never overwrites
 * one), and answers what it holds.
 */
export async function restoreDataDir(archive: Blob, dataDir: string): Promise<RestoredCounts> {
  if (holdsDatabase(dataDir)) throw new Error(`${dataDir} already holds a database: restore into an empty or new directory`);
  const pglite = await PGlite.create(dataDir, { loadDataDir: archive });
  try {
    const { rows } = await pglite.query<RestoredCounts>(
      `select (select count(*) from users)::int as users, (select count(*) from wallets)::int as wallets,
        (select count(*) from ledger_entries)::int as ledger_entries, (select count(*) from bets)::int as bets`,
    );
    return rows[0]!;
  } finally {
    await pglite.close();
  }
}

/**
 * GET /admin/backup, on PGlite with BACKUP_TOKEN set (Bearer): the consistent dump of the running
 * server's database, which `npm run backup` fetches. Off otherwise (PostgreSQL: pg_dump).
 */
export async function backupRoutes(app: FastifyInstance) {
  const token = app.config.ops.backupToken;
  if (!token || app.database.kind !== 'pglite') return;
  app.get('/admin/backup', { preHandler: requireBearer(token) }, async (request, reply) => {
    const archive = await dumpPglite(app.database);
    request.log.info({ bytes: archive.size }, 'backup dumped');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="fx-backup.tar.gz"')
      .type('application/gzip')
      .send(Buffer.from(await archive.arrayBuffer()));
  });
}
