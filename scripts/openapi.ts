/**
 * Writes docs/openapi.json, the OpenAPI 3.1 description of the /api routes, from the app itself:
 * it is built (on an empty in-memory database, without listening and without jobs) and asked for
 * the document @fastify/swagger made from the routes' zod schemas (server/src/http/api-description.ts).
 * tests/server/openapi.test.ts fails when the checked-in file differs from what the app gives.
 *
 * Usage: npm run docs:openapi
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { apiDescriptionText } from '../server/src/http/api-description';

const OPENAPI_FILE = path.join(import.meta.dirname, '../docs/openapi.json');

const dataDir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
try {
  const database = await openDatabase({});
  const config = loadConfig({}, { sessionSecret: 'openapi', dataDir, runJobs: false, webDist: undefined, dev: false, publicUrl: 'http://localhost' });
  const app = await buildApp({ config, database });
  await app.ready();
  writeFileSync(OPENAPI_FILE, apiDescriptionText(app));
  await app.close();
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
