// Lint, including the import direction of DESIGN.md: renderers -> engine, renderers -> api,
// server -> engine, server -> api; engine imports neither React nor the server; definitions are data
// that only the registry loads.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const UI_PACKAGES = ['react', 'react-dom', 'react-dom/*', '@chakra-ui/*', '@rjsf/*', '@tanstack/*', '@emotion/*', 'jotai', 'react-router', 'next-themes'];
const restrict = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'api/schema.d.ts', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ['engine/**/*.ts'],
    ignores: ['engine/node/**'],
    rules: restrict([...UI_PACKAGES, '**/renderers/**', '**/server/**', '**/api/**', 'node:*', '**/definitions/**/*.json', '**/editions/**/*.json'], 'engine/ is pure TypeScript: no UI, no server, no Node built-ins, no definition files.'),
  },
  {
    files: ['engine/node/**/*.ts'],
    rules: restrict([...UI_PACKAGES, '**/renderers/**', '**/server/**'], 'engine/node may use Node built-ins, nothing else outside engine/.'),
  },
  {
    files: ['renderers/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(['**/server/**', '**/definitions/**/*.json', '**/editions/**/*.json'], 'renderers/ talk to the server through api/ and load definitions through the registry.'),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([...UI_PACKAGES, '**/renderers/**', '**/definitions/**/*.json', '**/editions/**/*.json'], 'server/ does not import the client or definition files (the registry loads them).'),
  },
  {
    files: ['api/**/*.ts'],
    rules: restrict([...UI_PACKAGES, '**/renderers/**', '**/server/**'], 'api/ is the contract and its client; it depends on neither side.'),
  },
);
