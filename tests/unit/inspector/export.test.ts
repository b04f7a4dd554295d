import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { exportJson, exportVitest, replays } from '../../../src/inspector/export';
import { Recorder } from '../../../src/inspector/recorder';
import { burgerMachine } from '../../../src/machines/burger/burger.machine';
import { lampMachine } from './fixture-machine';

const root = path.resolve(import.meta.dirname, '../../..');

function recordSession() {
  const recorder = new Recorder();
  const lamp = createActor(lampMachine, { input: { level: 4 }, inspect: recorder.record }).start();
  const burger = createActor(burgerMachine, { inspect: recorder.record }).start();
  lamp.send({ type: 'switch' });
  burger.send({ type: 'burger.toggle' });
  lamp.send({ type: 'dim', by: 1 });
  burger.send({ type: 'route.changed' });
  burger.send({ type: 'burger.open' });
  lamp.stop();
  return recorder.recording();
}

const modules = {
  lamp: { importPath: path.join(root, 'tests/unit/inspector/fixture-machine.ts'), exportName: 'lampMachine' },
  burger: { importPath: path.join(root, 'src/machines/burger/burger.machine.ts'), exportName: 'burgerMachine' },
};
const moduleOf = (id: string) => modules[id as keyof typeof modules] ?? null;

describe('exporting a recorded session', () => {
  test('each machine actor replays from its input to where it ended, without the stop', () => {
    const found = replays(recordSession());
    expect(found.map((replay) => [replay.actor.name, replay.input, replay.events.map((event) => event.type), replay.finalValue])).toEqual([
      ['lamp', { level: 4 }, ['switch', 'dim'], { on: { light: 'dimmed', fan: 'still' } }],
      ['burger', null, ['burger.toggle', 'route.changed', 'burger.open'], 'open'],
    ]);
  });

  test('as JSON it is the recording itself', () => {
    const recording = recordSession();
    expect(JSON.parse(exportJson(recording))).toEqual(recording);
  });

  test('as a Vitest file that passes when Vitest runs it', { timeout: 120_000 }, async () => {
    const source = exportVitest(recordSession(), moduleOf);
    expect(source).toContain("import { lampMachine } from '");
    expect(source).toContain('expect(snapshot.value).toEqual("open")');
    const folder = await mkdtemp(path.join(tmpdir(), 'recorded-session-'));
    try {
      await symlink(path.join(root, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
      await writeFile(path.join(folder, 'vitest.config.mjs'), "export default { test: { include: ['*.test.ts'] } };\n");
      await writeFile(path.join(folder, 'recorded.test.ts'), source);
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', folder, '--reporter', 'verbose'], { cwd: folder });
      expect(stdout).toContain('2 passed');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('a session without a machine it can import still makes a valid file', () => {
    expect(exportVitest(recordSession(), () => null)).toContain('test.todo(');
  });
});
