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

// Inside renderers/: the core every screen is built from, the features built on it, and the app that
// composes them. A feature imports only the core, never another feature; the core imports no feature.
const RENDERER_CORE = ['definitions', 'dialog', 'form', 'lean', 'page', 'preview', 'session', 'shell', 'table', 'theme'];
const RENDERER_FEATURES = ['accounts', 'audit', 'auth', 'bench', 'connectors', 'gallery', 'integrations', 'licenses', 'organisations', 'profile', 'quoting', 'studio', 'uploads'];
const BOUNDARY = ['**/server/**', '**/definitions/**/*.json', '**/editions/**/*.json'];
const BOUNDARY_MESSAGE = 'renderers/ talk to the server through api/ and load definitions through the registry.';
const folderImports = (folders) => folders.flatMap((folder) => [`../${folder}/*`, `../../${folder}/*`, `**/renderers/${folder}/*`]);
const rendererZones = [
  {
    files: RENDERER_CORE.map((folder) => `renderers/${folder}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: BOUNDARY, message: BOUNDARY_MESSAGE },
        { group: folderImports([...RENDERER_FEATURES, 'app']), message: 'The renderers core imports no feature and not the app: move the shared piece into the core.' },
      ] }],
    },
  },
  ...RENDERER_FEATURES.map((feature) => ({
    files: [`renderers/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: BOUNDARY, message: BOUNDARY_MESSAGE },
        { group: folderImports([...RENDERER_FEATURES.filter((other) => other !== feature), 'app']), message: `renderers/${feature} imports only the core (${RENDERER_CORE.join(', ')}), never another feature or the app.` },
      ] }],
    },
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'api/schema.d.ts', 'test-results/**', 'test-results-conformance/**', 'playwright-report/**'] },
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
      ...restrict(BOUNDARY, BOUNDARY_MESSAGE),
    },
  },
  ...rendererZones,
  {
    files: ['server/**/*.ts'],
    rules: restrict([...UI_PACKAGES, '**/renderers/**', '**/definitions/**/*.json', '**/editions/**/*.json'], 'server/ does not import the client or definition files (the registry loads them).'),
  },
  {
    files: ['api/**/*.ts'],
    rules: restrict([...UI_PACKAGES, '**/renderers/**', '**/server/**'], 'api/ is the contract and its client; it depends on neither side.'),
  },
);
