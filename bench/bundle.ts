/**
 * The JavaScript `/` loads, gzipped (docs/design.md 6: at most 160 kB; `/home` adds at most 60 kB).
 *
 * Builds the web app with the project's Vite config to /tmp/dist-bench (never dist/; kept for a look) with
 * a manifest, then follows what the browser fetches: index.html's module script and its
 * modulepreloads, then the lazy route chunk src/routes/route-table.tsx names for the path, with
 * its static imports. Dynamic imports inside a route (loaded on demand) are not counted. Each
 * file is gzipped at zlib's default level, as a server compresses it on the fly. Then the real
 * server serves the build and Chromium opens both pages, counting every script really fetched.
 *
 * Run: npx tsx bench/bundle.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { build, type Manifest } from 'vite';
import { chromiumArgs, chromiumPath } from '../tests/chromium';
import { report, rootDir, run, startBenchServer, XHR, type BudgetCheck } from './support';

const OUT_DIR = process.env.BENCH_OUT_DIR ?? '/tmp/dist-bench';
const ROOT_BUDGET_KB = 160;
const HOME_BUDGET_KB = 60;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The modules route-table.tsx loads per path, as manifest keys (src/routes/...). */
function routeModules(): Map<string, string> {
  const file = path.join(rootDir, 'src/routes/route-table.tsx');
  const routes = new Map<string, string>();
  if (!existsSync(file)) return routes;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/path:\s*['"]([^'"]+)['"][^}]*?import\(\s*['"]([^'"]+)['"]\s*\)/gs)) {
    const [, routePath, specifier] = match as unknown as [string, string, string];
    const base = path.posix.join('src/routes', specifier);
    const key = ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((ext) => base + ext)
      .find((candidate) => existsSync(path.join(rootDir, candidate)));
    if (key && !routes.has(routePath)) routes.set(routePath, key);
  }
  return routes;
}

/** Gzipped size of each same-origin script a page fetched, by path. */
async function scriptsLoaded(
  context: BrowserContext,
  url: string,
): Promise<{ files: Map<string, number>; landedOn: string }> {
  const page = await context.newPage();
  const files = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const target = new URL(response.url());
    if (response.request().resourceType() !== 'script' || target.origin !== new URL(url).origin) return;
    pending.push(
      response.body().then(
        (body) => void files.set(target.pathname, gzipSync(body).length),
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const landedOn = new URL(page.url()).pathname;
  await page.close();
  return { files, landedOn };
}

/**
 * The same figures the way a visitor gets them: the real server serves the build, Chromium opens
 * `/` as a visitor and `/home` as a freshly registered trader, each in a new profile, and every
 * script fetched is counted. This catches chunks loaded at start by code rather than by the
 * route table.
 */
async function loadedInChromium() {
  const server = await startBenchServer({ listen: true, webDist: OUT_DIR });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  try {
    const base = server.baseUrl!;
    const visitor = await browser.newContext();
    const root = await scriptsLoaded(visitor, `${base}/`);
    const trader = await browser.newContext();
    const password = 'Orchid-Falcon-42';
    const registered = await trader.request.post(`${base}/api/auth/register`, {
      headers: XHR,
      data: { email: `bench-${Date.now()}@example.com`, password, password_confirmation: password, terms: true },
    });
    if (!registered.ok()) throw new Error(`sign-up failed: ${registered.status()}`);
    const home = await scriptsLoaded(trader, `${base}/home`);
    const sum = (files: Iterable<number>) => [...files].reduce((total, bytes) => total + bytes, 0);
    const homeAdds = [...home.files].filter(([file]) => !root.files.has(file));
    return {
      rootKb: kb(sum(root.files.values())),
      homeAddsKb: kb(sum(homeAdds.map(([, bytes]) => bytes))),
      homeLandedOn: home.landedOn,
      rootFiles: Object.fromEntries([...root.files].map(([file, bytes]) => [file, kb(bytes)])),
      homeAddedFiles: Object.fromEntries(homeAdds.map(([file, bytes]) => [file, kb(bytes)])),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

async function main() {
  await build({
    root: rootDir,
    logLevel: 'warn',
    build: { outDir: OUT_DIR, emptyOutDir: true, manifest: 'manifest.json' },
  });
  const manifest = JSON.parse(readFileSync(path.join(OUT_DIR, 'manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(OUT_DIR, file))).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };

  // What index.html makes the browser fetch before anything runs.
  const html = readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
  const initial = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g)) initial.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)) initial.add(match[1]!);

  /** The chunk files a manifest entry loads: itself and its static imports, transitively. */
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const routes = routeModules();
  const routeFiles = (routePath: string, already: Set<string>) => {
    const key = routes.get(routePath);
    if (!key) return null;
    return [...closure(key)].filter((file) => !already.has(file));
  };

  const rootRoute = routeFiles('/', initial) ?? [];
  const rootSet = new Set([...initial, ...rootRoute]);
  // A trader often opens /home straight away (after sign-in): count what it needs beyond the
  // app shell, whether or not the landing route happened to load a shared chunk first.
  const homeRoute = routeFiles('/home', initial);
  const homeAfterRoot = routeFiles('/home', rootSet);
  const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + size(file), 0);
  const rootBytes = total(rootSet);
  const homeBytes = homeRoute ? total(homeRoute) : NaN;
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, i, files) => file.endsWith('.js') && files.indexOf(file) === i);

  const describe = (files: Iterable<string>) => Object.fromEntries([...files].map((file) => [file, kb(size(file))]));
  const checks: BudgetCheck[] = [
    {
      what: 'JS loaded by / (gzip)',
      budget: `<= ${ROOT_BUDGET_KB} kB`,
      measured: `${kb(rootBytes)} kB (index.html ${kb(total(initial))} kB + route ${routes.has('/') ? `${kb(total(rootRoute))} kB` : 'not in the route table'})`,
      ok: kb(rootBytes) <= ROOT_BUDGET_KB,
    },
    {
      what: 'JS /home adds (gzip)',
      budget: `<= ${HOME_BUDGET_KB} kB`,
      measured: homeRoute
        ? `${kb(homeBytes)} kB beyond index.html (${kb(total(homeAfterRoot ?? []))} kB after /)`
        : 'not measured: /home is not in the route table',
      ok: homeRoute !== null && kb(homeBytes) <= HOME_BUDGET_KB,
    },
  ];
  // The app may not start (a broken build of someone's work in progress): the build's own figures
  // above still stand, and the reason is reported.
  const browser = await loadedInChromium().catch((error: unknown) => ({ error: String(error) }));
  if ('error' in browser) {
    checks.push({ what: 'JS loaded in Chromium', budget: '-', measured: `not measured: ${browser.error}`, ok: false });
  } else {
    checks.push(
      {
        what: 'JS loaded by / in Chromium (gzip)',
        budget: `<= ${ROOT_BUDGET_KB} kB`,
        measured: `${browser.rootKb} kB in ${Object.keys(browser.rootFiles).length} scripts`,
        ok: browser.rootKb <= ROOT_BUDGET_KB,
      },
      {
        what: 'JS /home adds in Chromium (gzip)',
        budget: `<= ${HOME_BUDGET_KB} kB`,
        measured:
          browser.homeLandedOn === '/home'
            ? `${browser.homeAddsKb} kB in ${Object.keys(browser.homeAddedFiles).length} scripts`
            : `not measured: a signed-in trader landed on ${browser.homeLandedOn}`,
        ok: browser.homeLandedOn === '/home' && browser.homeAddsKb <= HOME_BUDGET_KB,
      },
    );
  }
  report(
    'bundle',
    {
      outDir: OUT_DIR,
      gzipLevel: 'zlib default (6)',
      rootKb: kb(rootBytes),
      homeAddsKb: homeRoute ? kb(homeBytes) : null,
      homeAddsAfterRootKb: homeAfterRoot ? kb(total(homeAfterRoot)) : null,
      rootFiles: describe(rootSet),
      homeFiles: homeRoute ? describe(homeRoute) : null,
      allJsKb: kb(total(allJs)),
      chunks: allJs.length,
      chromium: browser,
    },
    checks,
  );
}

run(main);
