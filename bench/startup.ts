import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { report, rootDir, run, summarize } from './support';

/**
 * How long the server takes from its process start until it listens and until /api/ready says
 * ready, as `npm start` runs it after the build (node on build/server/main.js) and, for
 * comparison, from its sources through tsx (`npm run serve`, development). Each way starts on an
 * empty data directory (migrations, seeding, the price history's back-fill) and then again on
 * the same directory (a restart), BENCH_RUNS times (default 3).
 *
 * Run: npm run build:server && npx tsx bench/startup.ts
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUNDLE = path.join(rootDir, 'build/server/main.js');

const commands = {
  bundle: [process.execPath, '--enable-source-maps', BUNDLE],
  tsx: [process.execPath, '--import', 'tsx', path.join(rootDir, 'server/src/main.ts')],
} as const;

interface Start {
  listeningMs: number;
  readyMs: number;
}

/** Starts the server once on dataDir, waits until it is ready, stops it by its own handle. */
async function timeStart(command: readonly string[], dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: rootDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const address = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /"address":"(http:\/\/[^"]+)"/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
    });
    const listeningMs = performance.now() - started;
    while ((await fetch(`${address}/api/ready`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    return { listeningMs, readyMs: performance.now() - started };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

run(async () => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build:server\` first`);
  const results: Record<string, unknown> = { runs: RUNS };
  const readyP50: Record<string, number> = {};
  for (const [way, command] of Object.entries(commands)) {
    const first: Start[] = [];
    const restart: Start[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fx-bench-start-'));
      try {
        first.push(await timeStart(command, dataDir));
        restart.push(await timeStart(command, dataDir));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const summary = (starts: Start[]) => ({
      listeningMs: summarize(starts.map((s) => s.listeningMs)),
      readyMs: summarize(starts.map((s) => s.readyMs)),
    });
    results[way] = { firstStart: summary(first), restart: summary(restart) };
    readyP50[way] = summarize(restart.map((s) => s.readyMs)).p50;
  }
  report('startup', results, [
    {
      what: 'restart until ready, built server (p50)',
      budget: 'faster than from the sources (tsx)',
      measured: `${Math.round(readyP50.bundle!)} ms (tsx ${Math.round(readyP50.tsx!)} ms)`,
      ok: readyP50.bundle! < readyP50.tsx!,
    },
  ]);
});
