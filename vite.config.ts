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

/** Everything the server answers besides the app's own files. */
const SERVER_PREFIXES = ['/api', '/i18n', '/ws', '/sandbox', '/local', '/backoffice'];
const serverTarget = process.env.VITE_DEV_SERVER ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [react(), writeBuildVersion(buildVersion)],
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
    // and `/` stays within its budget (DESIGN.md 6).
    target: 'es2022',
    sourcemap: false,
  },
}));
