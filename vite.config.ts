import { readFileSync } from 'node:fs';
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
 * if it is ever asked to. Validation is untouched. This keeps `/` within its budget (docs/design.md 6).
 */
function withoutZodJsonSchema(): Plugin {
  const stubId = '\0zod-json-schema-stub';
  let schemasFile = '';
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.replace(/\\/g, '/').endsWith('/zod/v4/classic/schemas.js')) return null;
      if (!/\/(json-schema-processors|to-json-schema)\.js$/.test(source)) return null;
      schemasFile = importer;
      return stubId;
    },
    load(id) {
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

/** Everything the server answers besides the app's own files. */
const SERVER_PREFIXES = ['/api', '/i18n', '/ws', '/sandbox', '/local', '/backoffice'];
const serverTarget = process.env.VITE_DEV_SERVER ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [withoutZodJsonSchema(), react(), writeBuildVersion(buildVersion)],
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
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: SHARED_LIBRARIES }] } } },
  },
}));
