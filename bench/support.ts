import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * What every benchmark shares: percentiles, the report format (one JSON line, one line for
 * people, a copy in bench/results/<name>.json), a server on PGlite on disk, trader sign-up and
 * load-generating child processes. Each benchmark is otherwise one file run with `npx tsx`.
 */

export interface Summary {
  count: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((total, v) => total + v, 0);
  return {
    count: sorted.length,
    min: round(sorted[0] ?? NaN),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    mean: round(sorted.length ? sum / sorted.length : NaN),
  };
}

/** A figure compared with its docs/design.md 6 budget. */
export interface BudgetCheck {
  what: string;
  budget: string;
  measured: string;
  ok: boolean;
}

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const rootDir = path.dirname(benchDir);

/** The machine the figures were taken on: they mean little without it. */
export function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    load1: round(loadavg()[0] ?? 0),
    node: process.version,
  };
}

/**
 * Prints the result as one JSON line (for scripts) and one line per budget (for people), and
 * keeps a copy in bench/results/<name>.json. A missed budget is reported, never an exit code.
 */
export function report(name: string, results: Record<string, unknown>, checks: BudgetCheck[]): void {
  const record = { bench: name, at: new Date().toISOString(), machine: machine(), ...results, budgets: checks };
  const json = JSON.stringify(record);
  process.stdout.write(`${json}\n`);
  for (const check of checks) {
    process.stdout.write(
      `${name}: ${check.what}: ${check.measured} (budget ${check.budget}) ${check.ok ? 'OK' : 'MISSED'}\n`,
    );
  }
  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
}

/** Runs the benchmark's main and exits 1 only when it crashed. */
export function run(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

export interface BenchServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> when listening, else undefined. */
  baseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * The real platform server on PGlite in a fresh directory on disk (the deployment the budgets
 * name; on PostgreSQL with BENCH_DATABASE_URL), with the background jobs off so that each benchmark drives the feed and the settler
 * itself and knows when each tick or settlement happened. `listen` starts it on port 0;
 * `webDist` serves a build of the web app.
 */
export async function startBenchServer(options: { listen?: boolean; webDist?: string } = {}): Promise<BenchServer> {
  const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([
    import('../server/src/app'),
    import('../server/src/config'),
    import('../server/src/db/database'),
  ]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-db-'));
  // BENCH_DATABASE_URL: PostgreSQL instead (a database of the bench's own: its rows stay).
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), databaseUrl });
  const config = loadConfig(
    {},
    {
      sessionSecret: 'bench-secret',
      dataDir,
      databaseUrl,
      runJobs: false,
      webDist: options.webDist,
      dev: true,
      publicUrl: 'http://localhost',
      port: 0,
    },
  );
  const { readFrontendVersion } = await import('../server/src/modules/web/routes');
  const version = readFrontendVersion(options.webDist);
  const app = await buildApp({ config, database, frontendVersion: () => version });
  await app.ready();
  const baseUrl = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : undefined;
  return {
    app,
    baseUrl,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers the web app sends on every call. */
export const XHR = { 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'en' } as const;

export interface Trader {
  userId: number;
  /** The Cookie header of the signed-in session. */
  cookie: string;
}

/**
 * The address trader `index` signs up from: each its own (in 10.0.0.0/8), as real traders are, so
 * that the per-address sign-up limit (SIGNUP_LIMIT_PER_ADDRESS) sees many clients, not one flood.
 */
const traderAddress = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** Registers traders through POST /api/auth/register (demo wallet 10 000.00), a few at a time. */
export async function signUpTraders(app: FastifyInstance, count: number, parallel = 8): Promise<Trader[]> {
  const traders: Trader[] = [];
  const stamp = Date.now().toString(36);
  let next = 0;
  const one = async () => {
    while (next < count) {
      const index = next++;
      const email = `bench-${stamp}-${index}@example.com`;
      const password = 'Orchid-Falcon-42';
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: XHR,
        remoteAddress: traderAddress(index),
        payload: { email, password, password_confirmation: password, terms: true },
      });
      if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
      const setCookie = response.headers['set-cookie'];
      const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
      const cookie = lines.map((line) => line.split(';')[0]).join('; ');
      const user = await app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      traders.push({ userId: user.id, cookie });
    }
  };
  await Promise.all(Array.from({ length: parallel }, one));
  return traders;
}

/**
 * Starts this same script again as a child process (`node --import tsx <file> <role>`), so that
 * the load (HTTP or WebSocket clients) runs on its own event loop and does not slow the server
 * it measures, or so that a second API node runs in a process of its own.
 */
export function forkChild(file: string, role = 'child'): ChildProcess {
  return fork(fileURLToPath(file), [role], {
    execArgv: ['--import', 'tsx'],
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
}

export const isChild = (role = 'child') => process.argv[2] === role;

/** Resolves with the child's next message that passes `accept`. */
export function nextMessage<T>(child: ChildProcess, accept: (message: unknown) => message is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`load process exited early (${code})`));
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** How many API nodes the bench runs: BENCH_NODES, 1 or 2 (2 on PostgreSQL only, BENCH_DATABASE_URL). */
export function apiNodes(): 1 | 2 {
  const nodes = process.env.BENCH_DATABASE_URL ? Number(process.env.BENCH_NODES ?? 1) : 1;
  if (nodes !== 1 && nodes !== 2) throw new Error('BENCH_NODES is 1 or 2 (2 with BENCH_DATABASE_URL only)');
  return nodes;
}

/** What the bench runs on, for its report. */
export const databaseName = () =>
  process.env.BENCH_DATABASE_URL ? `postgresql, ${apiNodes() === 2 ? 'two nodes' : 'one node'}` : 'pglite on disk';

/** The role of a bench script's process that runs a second API node (BENCH_NODES=2). */
export const SECOND_NODE = 'node';

type NodeMessage = { type: 'listening'; baseUrl: string } | { type: 'cpu'; usage: NodeJS.CpuUsage };
const isNodeMessage =
  <T extends NodeMessage['type']>(type: T) =>
  (message: unknown): message is Extract<NodeMessage, { type: T }> =>
    (message as NodeMessage | null)?.type === type;

/**
 * In the child process: the same server on the same database (BENCH_DATABASE_URL), listening on
 * port 0, with what `setup` adds (a settler, say); answers the parent's questions for its CPU.
 */
export async function runSecondNode(setup?: (server: BenchServer) => void | Promise<void>): Promise<void> {
  const server = await startBenchServer({ listen: true });
  await setup?.(server);
  process.on('message', (message: unknown) => {
    if (message === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() } satisfies NodeMessage);
    else if (message === 'stop') void server.close().then(() => process.exit(0));
  });
  process.send!({ type: 'listening', baseUrl: server.baseUrl! } satisfies NodeMessage);
}

export interface SecondNode {
  child: ChildProcess;
  baseUrl: string;
  /** The second node's CPU time so far, in ms. */
  cpuMs(): Promise<number>;
  stop(): void;
}

/** The CPU time of the API nodes so far, in ms: this process's and the second node's. */
export async function nodesCpuMs(second: SecondNode | undefined): Promise<number> {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000 + (second ? await second.cpuMs() : 0);
}

/** In the parent: forks the script as its second node (runSecondNode) and waits until it listens. */
export async function startSecondNode(file: string): Promise<SecondNode> {
  if (!process.env.BENCH_DATABASE_URL) throw new Error('a second node shares PostgreSQL: set BENCH_DATABASE_URL');
  const child = forkChild(file, SECOND_NODE);
  const { baseUrl } = await nextMessage(child, isNodeMessage('listening'));
  return {
    child,
    baseUrl,
    cpuMs: async () => {
      const reply = nextMessage(child, isNodeMessage('cpu'));
      child.send('cpu');
      const { usage } = await reply;
      return (usage.user + usage.system) / 1000;
    },
    stop: () => child.send('stop'),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer to one placement: accepted with its latency, or the reason it was not. */
export type Placement = { accepted: true; ms: number } | { accepted: false; reason: string };

/**
 * Places one demo bet of 1.00 over HTTP exactly as the web app does (POST /api/bet/user/place
 * with a fresh Idempotency-Key and the pair's latest rate). A refusal is named by the envelope's
 * code (or the status), a failure to answer by 'timeout' or its network error.
 */
export async function placeBet(
  baseUrl: string,
  cookie: string,
  bet: { pair: string; rateId: number; direction: 'up' | 'down'; interval: number },
  timeoutMs: number,
): Promise<Placement> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/bet/user/place`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ wallet_type: 'demo', pair_id: bet.pair, rate_id: bet.rateId, amount: 1, direction: bet.direction, interval: bet.interval }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (response.status === 200) return { accepted: true, ms: performance.now() - started };
    return { accepted: false, reason: (JSON.parse(text) as { payload?: { code?: string } }).payload?.code ?? String(response.status) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { accepted: false, reason: (error as Error).name === 'TimeoutError' ? 'timeout' : `network: ${cause ?? (error as Error).message}` };
  }
}

/** Where the CPU of a profiled stretch went, in ms of self time per group of code. */
export type CpuBreakdown = Record<string, number>;

/** The group a profile node's code belongs to, for CpuBreakdown. */
function cpuGroup(url: string, functionName: string): string {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (url.startsWith('wasm://') || url.includes('@electric-sql/pglite')) return 'PGlite (WebAssembly Postgres and its JS)';
  if (url.includes('/kysely/')) return 'kysely (query building, results)';
  if (url.includes('/node_modules/pg') || url.includes('/pg-protocol/') || url.includes('/pg-pool/')) return 'pg driver (wire protocol)';
  if (/\/(fastify|find-my-way|light-my-request|avvio|@fastify)\b/.test(url)) return 'fastify (routing, hooks, serialization)';
  if (url.includes('/pino')) return 'logging (pino)';
  if (url.includes('/zod/')) return 'zod (validation)';
  if (url.includes('/prom-client/')) return 'metrics (prom-client)';
  if (url.includes('/server/src/') || url.includes('/src/api/')) return 'our code (server/src, src/api)';
  if (url === '' || url.startsWith('node:')) return 'Node.js (HTTP, sockets, streams, timers)';
  return 'other libraries';
}

/**
 * Runs `during` under the V8 sampling profiler of this process (the server's own thread, PGlite
 * included) and answers the CPU time by group of code, busiest first, idle left out. The samples
 * are spaced in wall-clock time, so on a machine where the process waits for a core they
 * overstate; the shares are then scaled to the process's measured CPU time of the stretch.
 */
export async function profileCpu<T>(during: () => Promise<T>): Promise<{ result: T; breakdown: CpuBreakdown }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const stop = async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    return profile;
  };
  const cpuBefore = process.cpuUsage();
  let result: T;
  try {
    result = await during();
  } catch (error) {
    await stop();
    throw error;
  }
  const profile = await stop();
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples!.forEach((id, i) => {
    const node = nodes.get(id)!;
    const group = cpuGroup(node.callFrame.url, node.callFrame.functionName);
    totals.set(group, (totals.get(group) ?? 0) + (profile.timeDeltas![i] ?? 0) / 1000);
  });
  totals.delete('idle');
  const sampled = [...totals.values()].reduce((a, b) => a + b, 0);
  const scale = sampled > 0 ? cpuMs / sampled : 0;
  const breakdown = Object.fromEntries([...totals].sort((a, b) => b[1] - a[1]).map(([group, ms]) => [group, round(ms * scale, 0)]));
  return { result, breakdown };
}

/** The session cookie a sign-up or sign-in answer sets, as a Cookie header ('name=value; ...'). */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
