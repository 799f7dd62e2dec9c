import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of CONVENTIONS.md: shared <- server, shared <- client, never across. */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group: [group], message: 'crosses a layer boundary (docs/architecture.md)' })) }],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'tmp/', 'data/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/shared/**'], rules: forbid('#server/*', '#client/*', '#site/*', '#captcha/*', 'node:*', '**/server/**', '**/client/**') },
  { files: ['src/client/**'], rules: forbid('#server/*', '#captcha/*', '#site/*', 'node:*', '**/server/**') },
  { files: ['src/server/**'], rules: forbid('#client/*', '#site/*', '**/client/**', '**/src/site/**') },
  { files: ['src/captcha/**'], rules: forbid('#client/*', '#server/*', '#site/*') },
);
