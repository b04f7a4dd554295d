import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'node_modules', 'public/mockServiceWorker.js', 'data', 'test-results', 'playwright-report', 'bench/results'] },
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
    files: ['src/machines/**/*.machine.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['ky', 'wouter', '**/api/client', '**/api/endpoints/**', 'react', 'react-dom'], message: 'A machine gets its effects through .provide().' },
      ] }],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage'],
    },
  },
);
