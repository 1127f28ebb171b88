import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { webBoundaries } from './apps/web/lint/import-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/data/**',
      'packages/db/migrations/**',
      'e2e/.artifacts/**',
      'bench/reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/dashboard/src/**/*.{ts,tsx}', 'apps/remote-component/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Web boundaries (issue 11): a feature imports neither another feature nor app/; the remotes never
    // import the host. Proved by apps/web/src/test/import-boundaries.test.ts.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/dashboard/**/*.{ts,tsx}', 'apps/remote-component/**/*.{ts,tsx}'],
    plugins: { 'nivaas-web': webBoundaries },
    rules: { 'nivaas-web/import-boundaries': 'error' },
  },
  {
    // API boundaries (issue 11): a module reaches another only through its service, never its repository (storage)
    // or routes (HTTP). Type-only imports of row shapes are allowed. Proved by apps/api/src/test/import-boundaries.test.ts.
    files: ['apps/api/src/modules/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules/)?[^./][^/]*/(.+/)?[^/]+\\.(repository|routes)$',
              allowTypeImports: true,
              message: "A module may not import another module's repository or routes: go through its service (the composition root, modules.ts, passes it in).",
            },
          ],
        },
      ],
    },
  },
  {
    // The same, one folder deeper (e.g. modules/auth/senders/): '../x.repository' is the module's own.
    files: ['apps/api/src/modules/*/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(\\.\\./)+(modules/)?[^./][^/]*/(.+/)?[^/]+\\.(repository|routes)$',
              allowTypeImports: true,
              message: "A module may not import another module's repository or routes: go through its service (the composition root, modules.ts, passes it in).",
            },
          ],
        },
      ],
    },
  },
  {
    // Plugins are cross-cutting and sit below the modules: what they share with a module lives in lib/.
    files: ['apps/api/src/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+modules(/|$)', message: 'plugins/ may not import modules/: move what both need into lib/.' }] },
      ],
    },
  },
  {
    // CLIs and scripts report to the terminal on purpose.
    files: ['scripts/**', 'bench/**', 'packages/db/src/seed/cli.ts', '**/*.mjs', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Browser tests pass callbacks to page.evaluate(), which run in the page.
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
