import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { MACHINES, regenerate, renderMachine, STATECHARTS_DOC } from '../../../scripts/statechart-docs';

/** docs/statecharts.md shows the machines as they are: regenerating its blocks changes nothing. */
test('the statechart diagrams match the machine definitions (npm run docs:statecharts to update)', () => {
  const doc = readFileSync(STATECHARTS_DOC, 'utf8');
  expect(regenerate(doc)).toBe(doc);
});

test('a block shows every state of its machine and the events it accepts', () => {
  const session = renderMachine(MACHINES.session!);
  expect(session).toMatch(/^```mermaid\nstateDiagram-v2\n/);
  for (const state of [
    'session_anonymous_loggingIn',
    'session_authenticated_account_confirmingLogout',
    'session_authenticated_profile',
  ]) {
    expect(session).toContain(`as ${state}`);
  }
  expect(session).toMatch(/Events: .*`logout\.confirm`/);
});
