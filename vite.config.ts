import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The build version (`fv`): the server puts it on every response and open tabs reload when it
 * differs from theirs. A build writes it to dist/fv.txt (the server reads it from there) and the
 * client gets the same value as import.meta.env.VITE_FV.
 */
const buildVersion = process.env.VITE_FV ?? `${Date.now().toString(36)}`;

function writeBuildVersion(version: string): Plugin {
  return {
    name: 'write-build-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'fv.txt', source: `${version}\n` });
    },
  };
}

/**
 * Zod's JSON Schema output (toJSONSchema and its per-type processors) is a quarter of zod, and
 * the web app never produces JSON Schema; in the web build zod's schemas get a stub that throws
 * if it is ever asked to. Nor does the web app show zod's English default messages (its forms turn
 * an issue into a `validation.*` key: src/machines/session/account-checks.ts), so the English
 * locale zod registers by default is left out too (issues then say "Invalid input"). Validation is
 * untouched. This keeps `/` within its budget (docs/design.md 6).
 */
function withoutZodJsonSchema(): Plugin {
  const stubId = '\0zod-json-schema-stub';
  const localeStubId = '\0zod-default-locale-stub';
  let schemasFile = '';
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.replace(/\\/g, '/').endsWith('/zod/v4/classic/schemas.js')) return null;
      if (source === '../locales/en.js') return localeStubId;
      if (!/\/(json-schema-processors|to-json-schema)\.js$/.test(source)) return null;
      schemasFile = importer;
      return stubId;
    },
    load(id) {
      if (id === localeStubId) return 'export default () => ({});';
      if (id !== stubId) return null;
      // Every processor the schemas refer to, read from the file itself, so a zod update keeps working.
      const processors = new Set([...readFileSync(schemasFile, 'utf8').matchAll(/processors\.(\w+Processor)\b/g)].map((match) => match[1]));
      return [
        "const unavailable = () => { throw new Error('JSON Schema output is not part of the web app'); };",
        'export const aggregateChecks = () => ({});',
        'export const createToJSONSchemaMethod = () => unavailable;',
        'export const createStandardJSONSchemaMethod = () => unavailable;',
        ...[...processors].map((name) => `export const ${name} = unavailable;`),
      ].join('\n');
    },
  };
}

/**
 * The libraries every page needs, in one chunk: one file compresses better than the dozen small
 * shared chunks the bundler would cut them into. Libraries of single pages (d3) stay with them.
 */
const SHARED_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|zod|i18next|react-i18next|xstate|@xstate|@stitches|ky|wouter|regexparam|use-sync-external-store)[\\/]/;

/**
 * The lazy routes' chunks, for the server's modulepreload links (server/src/modules/web/document.ts):
 * dist/route-chunks.json lists, per pattern of src/routes/route-table.tsx in its order, the chunk of
 * its page and the chunks that one imports statically, less those index.html loads already; a page
 * marked `session: true` lists the session's module (which the app imports after its start) too,
 * as its first render waits for it (src/main.tsx).
 */
const ROUTE_TABLE = path.resolve('src/routes/route-table.tsx');
const SESSION_MODULE = path.resolve('src/routes/auth/app-session.ts');

/** The route table's entries as [pattern, module file, session page]: `load: () => import('./x')` or a named loader. */
export function routeModules(source: string): [string, string, boolean][] {
  const loaders = new Map([...source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]]));
  const entries: [string, string, boolean][] = [];
  for (const line of source.split('\n')) {
    const pattern = /\{ path: '([^']+)', load: (?:\(\) => import\('([^']+)'\)|(\w+))/.exec(line);
    const specifier = pattern?.[2] ?? loaders.get(pattern?.[3] ?? '');
    if (pattern?.[1] && specifier) entries.push([pattern[1], specifier, /\bsession: true\b/.test(line)]);
  }
  return entries;
}

function routeChunks(): Plugin {
  return {
    name: 'route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[], known: Set<string> = new Set()) => {
        const seen = new Set<string>();
        const queue = [...start];
        while (queue.length > 0) {
          const name = queue.pop() as string;
          if (seen.has(name) || known.has(name)) continue;
          seen.add(name);
          queue.push(...(byName.get(name)?.imports ?? []));
        }
        return seen;
      };
      const loadedByIndex = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const withoutExtension = (file: string) => file.replace(/\.[jt]sx?$/, '');
      const chunkOf = (module: string, what: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId !== null && withoutExtension(c.facadeModuleId) === withoutExtension(module));
        if (!chunk) this.error(`route-chunks: no chunk for ${what}`);
        return chunk.fileName;
      };
      const sessionChunk = chunkOf(SESSION_MODULE, 'the session module');
      const table = routeModules(readFileSync(ROUTE_TABLE, 'utf8')).map(([pattern, specifier, session]) => {
        const page = chunkOf(path.resolve(path.dirname(ROUTE_TABLE), specifier), `${specifier} (${pattern}) of the route table`);
        return { path: pattern, files: [...closure(session ? [page, sessionChunk] : [page], loadedByIndex)] };
      });
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: `${JSON.stringify(table, null, 1)}\n` });
    },
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of every built text file of 1 kB or more, made
 * once at build time; the server sends them by content negotiation (@fastify/static preCompressed)
 * instead of compressing each answer. index.html is a template the server fills per request.
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;

function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files are written (a build with `write: false` has none to compress).
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The service worker (src/pwa/service-worker.ts) as dist/sw.js, with this build's version and the
 * files it stores on install: the built ones (not the route list, the version file or maps),
 * public/'s except msw's worker (it serves only tests and Storybook), and each language's
 * translations (GET /i18n/<code>), so the shell can speak without a network.
 */
function serviceWorker(version: string): Plugin {
  let publicDir = 'public';
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const walk = (dir: string, prefix = ''): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
        );
      const built = Object.keys(bundle).filter((file) => !/\.map$|^route-chunks\.json$|^fv\.txt$/.test(file));
      const published = walk(publicDir).filter((file) => file !== 'mockServiceWorker.js');
      const languages = readdirSync(path.resolve('server/content/locales')).map((code) => `i18n/${code}`);
      // index.html is the shell (the html plugin emits it after this hook, so it is named here).
      const precache = [...new Set(['index.html', ...built, ...published, ...languages])].sort().map((file) => `/${file}`);
      const { transform } = await import('esbuild');
      const { code } = await transform(readFileSync(path.resolve('src/pwa/service-worker.ts'), 'utf8'), {
        loader: 'ts',
        minify: true,
        target: 'es2022',
        define: { VERSION: JSON.stringify(version), PRECACHE: JSON.stringify(precache) },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}

/** Everything the server answers besides the app's own files. */
const SERVER_PREFIXES = ['/api', '/i18n', '/ws', '/sandbox', '/local', '/backoffice'];
const serverTarget = process.env.VITE_DEV_SERVER ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [withoutZodJsonSchema(), react(), writeBuildVersion(buildVersion), routeChunks(), serviceWorker(buildVersion), precompress()],
  define: {
    'import.meta.env.VITE_FV': JSON.stringify(command === 'build' ? buildVersion : 'dev'),
  },
  server: {
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: serverTarget, changeOrigin: false, ws: prefix === '/ws' }]),
    ),
  },
  build: {
    // Routes are lazy chunks (src/routes/route-table.tsx), so d3 lands only in the trading chunk
    // and `/` stays within its budget (docs/design.md 6).
    target: 'es2022',
    // Every browser of the es2022 target supports modulepreload; the polyfill would only cost bytes on `/`.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // Building a zod schema has no effect besides its value, but the bundler cannot know it: without
    // this a contract module brings every schema it defines to the page that needs one of them.
    // The bundler goes by the name alone, in every module: a call on any binding named `z` whose
    // value is unused is dropped (`z.config(...)`, or a local array's `z.push(x)`: d3-scale's
    // scaleLog ticks would break, and the app uses no scaleLog), so no `z` call may stand as a statement.
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] }, output: { codeSplitting: { groups: [{ name: 'vendor', test: SHARED_LIBRARIES }] } } },
  },
}));
