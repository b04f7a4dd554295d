import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Every line the server logged, newest last. */
  log: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  /**
   * Operator accounts for the back office, made with the operator command
   * (`npm run operator -- create <email> --password <password>`) on the data before the server
   * starts: PGlite allows one process per data directory, so the command cannot run beside the
   * running server. The server itself has no other way to make an operator.
   */
  operators?: Array<{ email: string; password: string }>;
  /** Run the built bundle (build/server/main.js) instead of the sources. */
  built?: boolean;
}

/** The server as `npm start` runs it: bundled by `npm run build` (the test command builds before the e2e tests). */
const BUILT_SERVER = 'build/server/main.js';

/**
 * Starts the real server on port 0 and resolves with the address it prints: from its sources
 * (tsx) by default, as the server tests run before any build, or, with `options.built`, the bundle
 * `npm start` runs (the end-to-end tests). A data directory may be passed to restart on the same data.
 */
export async function startServer(env: Record<string, string> = {}, dataDir?: string, options: StartOptions = {}): Promise<RunningServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'fx-e2e-'));
  const serverEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'info', ...env };
  for (const operator of options.operators ?? []) {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/cli/operator.ts', 'create', operator.email, '--password', operator.password], { env: serverEnv });
  }
  if (options.built && !existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run \`npm run build\` before the end-to-end tests`);
  const entry = options.built ? ['--enable-source-maps', BUILT_SERVER] : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, entry, { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never said where it listens is stopped here: nobody else holds its handle.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${log.join('\n')}`));
    }, 90_000);
    // Output arrives in chunks that may end mid-line: each stream's lines are read whole.
    const lineReader = () => {
      let partial = '';
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines.filter(Boolean)) {
          log.push(line);
          const match = /"address":"(http:\/\/[^"]+)"/.exec(line);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        }
      };
    };
    child.stdout.on('data', lineReader());
    child.stderr.on('data', lineReader());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${log.join('\n')}`)));
  });
  return {
    url,
    dataDir: dir,
    process: child,
    log,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        // A process ended by a signal has a signalCode and no exitCode.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
