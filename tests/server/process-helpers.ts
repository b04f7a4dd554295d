import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server';
import { createPostgresDatabase } from './harness';

/**
 * Real server processes for one test file: each runs on a data directory (or, with DATABASE_URL,
 * on a PostgreSQL database of the file's own) and every one still running is killed after the file.
 * `start(dataDir?)` starts one with `env` added; passing the same dataDir starts it on the same data.
 * `databaseUrl()` is that PostgreSQL database's address (undefined on PGlite), for a test that
 * opens the data itself.
 */
export function serverProcesses(env: Record<string, string> = {}) {
  const running: RunningServer[] = [];
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    if (process.env.DATABASE_URL) postgres = await createPostgresDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    for (const server of running) await server.stop('SIGKILL');
    await postgres?.drop();
  });
  return {
    async start(dataDir?: string): Promise<RunningServer> {
      const server = await startServer({ ...env, ...(postgres ? { DATABASE_URL: postgres.url } : {}) }, dataDir);
      running.push(server);
      return server;
    },
    databaseUrl: (): string | undefined => postgres?.url,
  };
}
