/**
 * The JavaScript `/` loads, gzipped (DESIGN.md 6: at most 160 kB; `/home` adds at most 60 kB).
 *
 * Builds the web app with the project's Vite config to /tmp/dist-bench (never dist/; kept for a look) with
 * a manifest, then follows what the browser fetches: index.html's module script and its
 * modulepreloads, then the lazy route chunk src/routes/route-table.tsx names for the path, with
 * its static imports. Dynamic imports inside a route (loaded on demand) are not counted. Each
 * file is gzipped at zlib's default level, as a server compresses it on the fly.
 *
 * Run: npx tsx bench/bundle.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { build, type Manifest } from 'vite';
import { report, rootDir, run, type BudgetCheck } from './support';

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
    },
    checks,
  );
}

run(main);
