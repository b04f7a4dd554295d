import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../tests/chromium';
import { startServer } from '../tests/e2e/support/server';
import { report, rootDir, run, sessionCookie, type BudgetCheck } from './support';

/**
 * Lighthouse (the `lighthouse` package's CLI, performance only, Debian's Chromium) on `/`,
 * `/login` and `/home` signed in, simulated mobile and desktop, BENCH_RUNS runs each (default 3);
 * records the median score, LCP, CLS, TBT and the JS bytes transferred, against the goals of
 * issue 14; and the accessibility category of `/` in Arabic (right to left, the first visit's
 * language from Accept-Language), against issue 20's 0.95. The server is the real one (`server/src/main.ts`, built web app in dist/, jobs on so
 * the trading page has prices) on port 0 in a fresh data directory; run `npm run build` first.
 *
 * Usage: npx tsx bench/lighthouse.ts   (BENCH_RUNS, BENCH_ONLY='/home mobile' or '/ mobile accessibility': the cases whose name starts so, BENCH_REPORTS_DIR=dir)
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** A directory to keep each run's whole Lighthouse report in (to see what shifted, what blocked). */
const KEEP_REPORTS = process.env.BENCH_REPORTS_DIR;
/** Only the cases whose page and form factor match this (e.g. `/home mobile`). */
const ONLY = process.env.BENCH_ONLY;
const DEMO_PASSWORD = 'Bench-lighthouse-2026';
const lighthouseBin = path.join(rootDir, 'node_modules', '.bin', 'lighthouse');

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
}

interface Case {
  page: string;
  formFactor: 'mobile' | 'desktop';
  signedIn: boolean;
  /** The category scored (performance unless said). */
  category?: 'performance' | 'accessibility';
  /** The first visit's language, sent as Accept-Language (the server's default otherwise). */
  language?: string;
  /** The goals (issue 14), for the simulated mobile runs; desktop: a score of 1.0 on `/`. */
  goal?: { score: number; lcpMs?: number; cls?: number; tbtMs?: number };
}

const CASES: Case[] = [
  { page: '/', formFactor: 'mobile', signedIn: false, goal: { score: 0.98, lcpMs: 1500, cls: 0.01, tbtMs: 50 } },
  { page: '/login', formFactor: 'mobile', signedIn: false, goal: { score: 0.98, lcpMs: 1500, cls: 0.01, tbtMs: 50 } },
  { page: '/home', formFactor: 'mobile', signedIn: true, goal: { score: 0.95, lcpMs: 2000, cls: 0.01, tbtMs: 100 } },
  { page: '/', formFactor: 'desktop', signedIn: false, goal: { score: 1 } },
  { page: '/login', formFactor: 'desktop', signedIn: false },
  { page: '/home', formFactor: 'desktop', signedIn: true },
  { page: '/', formFactor: 'mobile', signedIn: false, category: 'accessibility', language: 'ar', goal: { score: 0.95 } },
  { page: '/', formFactor: 'desktop', signedIn: false, category: 'accessibility', language: 'ar', goal: { score: 0.95 } },
];

const caseName = (item: Case) => `${item.page} ${item.formFactor}${item.category === 'accessibility' ? ` accessibility (${item.language ?? 'ru'})` : ''}`;

type Audit = { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } };
type LighthouseResult = { finalDisplayedUrl: string; categories: Record<'performance' | 'accessibility', { score: number } | undefined>; audits: Record<string, Audit> };

/**
 * A Chromium whose cookie jar holds the session, for Lighthouse to attach to (`--port`). A
 * `Cookie` in Lighthouse's extra headers reaches only the document: Chromium leaves it off the
 * page's own API requests, which then answer 401, and the trading page sends the reader to /login.
 */
async function signedInBrowser(base: string, cookie: string) {
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumArgs.filter((arg) => arg !== '--headless'), '--remote-debugging-port=0'],
  });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
  // Chromium writes the port it chose into the profile, first line.
  const port = Number(readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
  return {
    port,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One Lighthouse run of a URL; the result is read from its JSON report. With `port`, Lighthouse
 * attaches to that Chromium (a signed-in one) instead of starting its own.
 */
async function lighthouseRun(url: string, item: Case, port: number | null): Promise<Figures> {
  const category = item.category ?? 'performance';
  const headers = item.language ? { 'Accept-Language': item.language } : {};
  const dir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  const output = path.join(dir, 'report.json');
  try {
    await promisify(execFile)(
      lighthouseBin,
      [
        url,
        '--quiet',
        `--only-categories=${category}`,
        '--output=json',
        `--output-path=${output}`,
        port === null ? `--chrome-flags=${chromiumArgs.join(' ')}` : `--port=${port}`,
        ...(item.formFactor === 'desktop' ? ['--preset=desktop'] : []),
        ...(Object.keys(headers).length ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
    );
    const result = JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult;
    // A page that sent the reader elsewhere (a lost session: /home to /login) measured the wrong page.
    if (new URL(result.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${result.finalDisplayedUrl}`);
    const scripts = result.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
    return {
      score: result.categories[category]?.score ?? NaN,
      lcpMs: result.audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: result.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbtMs: result.audits['total-blocking-time']?.numericValue ?? NaN,
      jsBytes: scripts?.transferSize ?? NaN,
    };
  } finally {
    if (KEEP_REPORTS && existsSync(output)) {
      mkdirSync(KEEP_REPORTS, { recursive: true });
      const name = `${caseName(item).replace(/\W+/g, '_')}-${Date.now()}.json`;
      copyFileSync(output, path.join(KEEP_REPORTS, name));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * On a busy machine Lighthouse sometimes fails to record its trace (NO_NAVSTART, NO_FCP); such a
 * run is made again, twice at most, and the failure is reported when it keeps failing.
 */
async function withRetries<T>(attempt: () => Promise<T>, retries = 2): Promise<T> {
  for (let i = 0; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= retries) throw error;
      process.stderr.write(`lighthouse run failed, again (${i + 1} of ${retries}): ${String(error).split('\n')[1] ?? error}\n`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Signs the demo account in and answers its session cookie. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: base },
    body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return sessionCookie(response);
}

run(async () => {
  const server = await startServer({ DEMO_PASSWORD, FEED_SEED: '14' });
  try {
    const cookie = await signIn(server.url);
    const rows: (Case & Figures & { runs: Figures[] })[] = [];
    for (const item of CASES.filter((c) => !ONLY || caseName(c).startsWith(ONLY))) {
      const runs: Figures[] = [];
      const browser = item.signedIn ? await signedInBrowser(server.url, cookie) : null;
      try {
        for (let i = 0; i < RUNS; i += 1) runs.push(await withRetries(() => lighthouseRun(`${server.url}${item.page}`, item, browser?.port ?? null)));
      } finally {
        await browser?.close();
      }
      const row = {
        ...item,
        runs,
        score: median(runs.map((r) => r.score)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        jsBytes: median(runs.map((r) => r.jsBytes)),
      };
      rows.push(row);
      process.stdout.write(
        item.category === 'accessibility'
          ? `${caseName(item)}: score ${row.score.toFixed(2)}\n`
          : `${caseName(item)}: score ${row.score.toFixed(2)}, LCP ${(row.lcpMs / 1000).toFixed(2)} s, CLS ${row.cls.toFixed(3)}, TBT ${row.tbtMs.toFixed(0)} ms, JS ${(row.jsBytes / 1000).toFixed(1)} kB\n`,
      );
    }
    const checks: BudgetCheck[] = rows.flatMap((row) => {
      const goal = row.goal;
      if (!goal) return [];
      const name = caseName(row);
      const list: BudgetCheck[] = [{ what: `${name} score`, budget: `>= ${goal.score}`, measured: row.score.toFixed(2), ok: row.score >= goal.score }];
      if (goal.lcpMs !== undefined) list.push({ what: `${name} LCP`, budget: `<= ${goal.lcpMs} ms`, measured: `${row.lcpMs.toFixed(0)} ms`, ok: row.lcpMs <= goal.lcpMs });
      if (goal.cls !== undefined) list.push({ what: `${name} CLS`, budget: `<= ${goal.cls}`, measured: row.cls.toFixed(3), ok: row.cls <= goal.cls });
      if (goal.tbtMs !== undefined) list.push({ what: `${name} TBT`, budget: `<= ${goal.tbtMs} ms`, measured: `${row.tbtMs.toFixed(0)} ms`, ok: row.tbtMs <= goal.tbtMs });
      return list;
    });
    report('lighthouse', { runsPerCase: RUNS, cases: rows }, checks);
  } finally {
    await server.stop();
  }
});
