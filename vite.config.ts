import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

// The client's entry (index.html) lives in renderers/; definitions/ and editions/ are read from the
// project root through import.meta.glob, so the dev server may serve files from there too.
export default defineConfig({
  root: 'renderers',
  // renderers/public: files served as they are (the old-browser notice, a classic script).
  publicDir: 'public',
  plugins: [react()],
  server: { fs: { allow: [projectRoot] } },
  build: {
    // CLIENT_DIR (also read by server/main.ts) puts a build elsewhere, so two end-to-end runs need not share one.
    outDir: process.env.CLIENT_DIR || '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    // bench.html is the form benchmark's page (npm run bench:forms); it shares no code the app loads.
    rolldownOptions: { input: { main: `${projectRoot}renderers/index.html`, bench: `${projectRoot}renderers/bench.html` } },
  },
  test: {
    root: projectRoot,
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/server/**/*.test.ts', 'engine/**/*.test.ts'],
    environment: 'node',
    // A test file's first app start loads every resource module (discovered at start-up) and migrates a
    // fresh embedded database; on a busy two-core machine that can pass the 10 s default.
    hookTimeout: 60_000,
  },
});
