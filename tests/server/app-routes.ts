import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/src/db/database';

export interface Route {
  method: string;
  url: string;
}

/**
 * The app's own route table, read from `printRoutes()`'s tree (each line's segment appended to its
 * parent's path), so that a route added later is covered by the tests that walk it.
 */
export function routeTable(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]!.split(', ')) routes.push({ method, url: stack.join('') });
  }
  return routes;
}

/** Plausible values for the path parameters, so that the bad part of a request is the one under test. */
const PARAMS: Record<string, string> = { token: 'A'.repeat(43), id: '1', name: 'license', pair: 'eurusd', interval: '1m', chart: 'line', slug: 'card', code: 'en', decision: 'approve' };
export const withParams = (url: string, value?: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value ?? (Object.hasOwn(PARAMS, name) ? PARAMS[name]! : '1')));

/** A fingerprint of every table's content (the sessions' activity clock aside, which a request may move), in one query. */
export function databaseSnapshot(server: { database: Database }): () => Promise<Record<string, string>> {
  let query: ReturnType<typeof sql.join> | undefined;
  return async () => {
    const db = server.database.db;
    if (!query) {
      const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' order by tablename`.execute(db);
      query = sql.join(
        tables.rows.map(({ tablename }) => {
          const projection = tablename === 'sessions' ? sql.raw('t.id_hash') : sql.raw('t.*');
          return sql`select ${tablename} as name, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest
            from (select ${projection} from ${sql.table(tablename)} t) x`;
        }),
        sql` union all `,
      );
    }
    const rows = await sql<{ name: string; n: number; digest: string }>`${query}`.execute(db);
    return Object.fromEntries(rows.rows.map((row) => [row.name, `${row.n}:${row.digest}`]));
  };
}
