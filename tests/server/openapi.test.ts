import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { apiDescriptionText } from '../../server/src/http/api-description';
import { useTestServer as testServer } from './harness';

/**
 * docs/openapi.json is the API description the app itself makes from its routes' zod schemas: a
 * route, a schema or a contract change that is not written to the file fails here.
 */
const server = testServer({ resetEachTest: false });

test('docs/openapi.json is the description the app makes from its schemas', () => {
  const checkedIn = readFileSync(path.join(import.meta.dirname, '../../docs/openapi.json'), 'utf8');
  const generated = apiDescriptionText(server.app);
  const outOfDate = 'docs/openapi.json is out of date: run `npm run docs:openapi` and commit the file';
  expect(JSON.parse(generated).openapi).toBe('3.1.0');
  expect(JSON.parse(checkedIn), outOfDate).toEqual(JSON.parse(generated));
  expect(checkedIn === generated, outOfDate).toBe(true);
});
