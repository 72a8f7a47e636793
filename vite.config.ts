import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Plugin } from 'vite';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/** Files worth compressing once at build time; the server sends the .br or .gz beside each (server/http/delivery.ts). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes name.br (brotli, highest quality) and name.gz (gzip level 9) beside every compressible built file. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle(error?: Error) {
      // A failed build wrote nothing: let its own error be the one reported.
      if (error || !existsSync(outDir)) return;
      for (const file of filesUnder(outDir).filter((path) => COMPRESSIBLE.test(path))) {
        const content = readFileSync(file);
        if (content.length < PRECOMPRESS_MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * rjsf imports markdown-to-jsx into every form for an option our definitions seldom use; its importers get
 * renderers/form/lazy-markdown.tsx instead, which loads the library on first use (the sign-in page's budget,
 * tests/scripts/bundle-budget.mjs). That module itself still imports the real one.
 */
function lazyMarkdown(): Plugin {
  const shim = `${projectRoot}renderers/form/lazy-markdown.tsx`;
  return {
    name: 'lazy-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'markdown-to-jsx/react' && importer !== shim) return shim;
      return null;
    },
  };
}

/**
 * A module written in Node when the client is built or first served (`virtual:<name>`), written again when a
 * file it reads changes.
 */
function generatedModule(name: string, code: () => Promise<{ code: string; files: string[] }>): Plugin {
  const id = `virtual:${name}`;
  return {
    name,
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const generated = await code();
      for (const file of generated.files) this.addWatchFile(file);
      return generated.code;
    },
  };
}

const metaSchemaFiles = () => readdirSync(join(projectRoot, 'engine/meta')).map((file) => join(projectRoot, 'engine/meta', file));

/**
 * `virtual:meta-validators`: the meta-schema validators of every definition kind, compiled to code when the
 * client is built (engine/node/meta-validators-code.ts), so the signed-in app does not compile them on each
 * page load (renderers/definitions/compiled-meta-validators.ts).
 */
const metaValidators = () =>
  generatedModule('meta-validators', async () => {
    const { metaValidatorsCode } = await import('./engine/node/meta-validators-code.ts');
    return { code: metaValidatorsCode(), files: metaSchemaFiles() };
  });

/**
 * `virtual:sign-in-forms`: the forms /login draws, resolved for every edition when the client is built
 * (engine/node/sign-in-forms-code.ts), so the sign-in page's first load carries no registry.
 */
const signInForms = () =>
  generatedModule('sign-in-forms', async () => {
    const { signInFormsCode, signInSourceFiles } = await import('./engine/node/sign-in-forms-code.ts');
    return { code: signInFormsCode(projectRoot), files: [...signInSourceFiles(projectRoot), ...metaSchemaFiles()] };
  });

// The client's entry (index.html) lives in renderers/; definitions/ and editions/ are read from the
// project root through import.meta.glob, so the dev server may serve files from there too.
export default defineConfig({
  root: 'renderers',
  // renderers/public: files served as they are (the old-browser notice, a classic script).
  publicDir: 'public',
  plugins: [react(), lazyMarkdown(), metaValidators(), signInForms(), precompress()],
  server: { fs: { allow: [projectRoot] } },
  build: {
    // CLIENT_DIR (also read by server/main.ts) puts a build elsewhere, so two end-to-end runs need not share one.
    outDir: process.env.CLIENT_DIR || '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    // bench.html is the form benchmark's page (npm run bench:forms); it shares no code the app loads.
    rolldownOptions: {
      input: { main: `${projectRoot}renderers/index.html`, bench: `${projectRoot}renderers/bench.html` },
      // engine/ modules do nothing when imported (pure TypeScript, DESIGN.md), so a chunk keeps only the engine
      // modules it uses: through the engine/index.ts barrel the sign-in page would otherwise carry the rater.
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(`${projectRoot}engine/`) },
    },
  },
  test: {
    root: projectRoot,
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/server/**/*.test.ts', 'engine/**/*.test.ts'],
    environment: 'node',
    // Test apps start from a copy of one database migrated and seeded per run, not from an empty one each.
    globalSetup: ['tests/api/support/seeded-database-template.ts'],
    // A test file's first app start loads every resource module (discovered at start-up) and migrates a
    // fresh embedded database; on a busy two-core machine that can pass the 10 s default.
    hookTimeout: 60_000,
    // API tests that hash passwords or start a second app pass the 5 s default when the PostgreSQL run and
    // the browser tests share the machine; a test that hangs still fails, after 20 s.
    testTimeout: 20_000,
  },
});
