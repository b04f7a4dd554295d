import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/** One rule of the layers (docs/architecture.md "Rules a change keeps"): `target` may not import `from`. */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

/** A file outside tests and stories holds at most this many lines of code (blank lines and comments aside). */
export const MAX_LINES = { max: 350, skipBlankLines: true, skipComments: true };

export default tseslint.config(
  { ignores: ['dist', 'build', 'storybook-static', 'node_modules', 'public/mockServiceWorker.js', 'data', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The layers of docs/architecture.md, checked on the resolved files, and no import cycles.
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [
        zone('./src/ui', ['./src/machines', './src/routes', './src/api'], 'src/ui is pure: take props and call callbacks.'),
        zone('./src/machines', ['./src/ui', './src/routes'], 'A machine knows no components and no routes.'),
        zone('./src/api', ['./src/machines', './src/ui', './src/routes'], 'The api layer is below the machines.'),
        zone('./src/shared', ['./src/api', './src/machines', './src/ui', './src/routes'], 'src/shared is pure code every layer may use.'),
        zone('./server', './src', 'The server shares only the contract with the web app.', ['./api/contract']),
        zone('./src', ['./server', './shared'], 'The web app does not run server code.'),
        zone('./shared', ['./server', './src/machines', './src/ui', './src/routes', './src/api/client.ts', './src/api/endpoints'], 'shared/ is pure code the server and the stories both use.'),
        zone('./server/src/http', './server/src/modules', 'The HTTP plumbing is below the domain modules; a module hands it what it needs.'),
        zone('./server/src/modules/tournaments', './server/src/modules/payments', 'Payments depend on tournaments (a purchase enters one), never the reverse.'),
        zone('./stories', './server', 'Stories render the web app and shared views, never server code.'),
      ] }],
    },
  },
  {
    // Presentational components: props in, callbacks out. No machines, no API, no routes.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/machines/**', '**/api/**', '**/routes/**', 'ky', 'xstate', '@xstate/*', 'wouter'], message: 'src/ui is pure: take props and call callbacks.' },
      ] }],
    },
  },
  {
    // Statecharts declare side effects in setup() and get them through .provide().
    // Their actors and selectors too: the endpoints reach them only as types, filled in by the root.
    files: ['src/machines/**/*.ts', 'src/**/*.machine.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { group: ['ky', 'wouter', '**/api/client', 'react', 'react-dom', 'react/*', '@xstate/react'], message: 'A machine gets its effects through .provide().' },
        { group: ['**/api/endpoints/**'], allowTypeImports: true, message: 'A machine gets its effects through .provide().' },
      ] }],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'],
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.type='MetaProperty']", message: 'A machine reads no environment; the composition root provides it.' }],
    },
  },
  {
    // Small files: one job each, with no exception (tests and stories may be longer: they list cases).
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['tests/**', 'stories/**'],
    rules: { 'max-lines': ['error', MAX_LINES] },
  },
);
