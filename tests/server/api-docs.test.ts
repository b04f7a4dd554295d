import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { useTestServer as testServer } from './harness';
import { routeTable } from './app-routes';

/**
 * docs/api.md lists every route of the app under a heading "#### `METHOD /path`": a route added
 * without its description, or a description left behind by a removed route, fails here. The
 * routes come from the app's own route table (HEAD routes are Fastify's automatic twins of GET).
 */
const server = testServer({ resetEachTest: false });

const documented = () =>
  [
    ...readFileSync(path.join(import.meta.dirname, '../../docs/api.md'), 'utf8').matchAll(/^#### `([A-Z]+) (\S+)`$/gm),
  ].map((match) => `${match[1]} ${match[2]}`);

test('docs/api.md describes every route of the app, and no route that is gone', () => {
  const routes = routeTable(server.app)
    .filter((route) => route.method !== 'HEAD')
    // printRoutes writes the catch-all of the web app as '*'.
    .map((route) => `${route.method} ${route.url === '*' ? '/*' : route.url}`);
  expect(routes.length).toBeGreaterThan(60);
  expect([...new Set(documented())].sort()).toEqual([...new Set(routes)].sort());
  expect(documented().length, 'a route is described twice').toBe(new Set(documented()).size);
});
