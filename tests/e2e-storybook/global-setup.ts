import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port nobody listens on now (Storybook's CLI takes a port, not 0). */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Storybook's development server (`storybook dev`, as `npm run storybook` runs it) on a free port,
 * in a process group of its own that the teardown stops by its id. Ready once it serves the story
 * index.
 */
export default async function globalSetup() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const storybook = spawn(
    process.execPath,
    ['node_modules/storybook/dist/bin/dispatcher.js', 'dev', '--ci', '--no-version-updates', '--quiet', '--exact-port', '--host', '127.0.0.1', '--port', String(port)],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  storybook.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  storybook.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = () => {
    if (storybook.pid && storybook.exitCode === null) process.kill(-storybook.pid, 'SIGTERM');
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (storybook.exitCode !== null) throw new Error(`Storybook stopped at its start:\n${output.join('')}`);
    const ready = await fetch(`${url}/index.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      stop();
      throw new Error(`Storybook did not start in 90 s:\n${output.join('')}`);
    }
    await sleep(500);
  }
  process.env.STORYBOOK_URL = url;
  return async () => {
    stop();
    await Promise.race([once(storybook, 'exit'), sleep(10_000)]);
  };
}
