import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { openDatabase } from '../../server/src/db/database';
import { createPostgresDatabase } from './migrated-database';

// Only a real PostgreSQL can drop a connection under the pool (a restart, a terminated backend).
describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  test('a connection the server ends is reported, not thrown, and the next query gets a new one', async () => {
    const { url, drop } = await createPostgresDatabase(process.env.DATABASE_URL!);
    drops.push(drop);
    const onConnectionLost = vi.fn();
    const database = await openDatabase({ databaseUrl: url, onConnectionLost });
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before.rows[0]!.pid]);
      await admin.end();

      await expect.poll(() => onConnectionLost.mock.calls.length, { timeout: 5000 }).toBe(1);
      expect((onConnectionLost.mock.calls[0]![0] as Error).message).toMatch(/terminating connection/);
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(after.rows[0]!.pid).not.toBe(before.rows[0]!.pid);
    } finally {
      await database.close();
    }
  });
});
