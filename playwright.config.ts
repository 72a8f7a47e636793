import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/support/chromium.ts';
import { E2E_ORIGIN } from './tests/e2e/support/origin.ts';

/**
 * End-to-end tests against the real server with the production build of the client, on a fresh
 * embedded database (tests/scripts/e2e-server.mjs), in Debian's Chromium (tests/scripts/ensure-chromium.mjs
 * installs it; test tools may not download browsers here).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // `npm test` runs the page conformance file apart (tests/scripts/test-all.mjs): E2E_SKIP leaves it out of the main run.
  testIgnore: process.env.E2E_SKIP ? process.env.E2E_SKIP.split(',').map((path) => `**/${path.split('/').at(-1)}`) : undefined,
  fullyParallel: false,
  workers: 1,
  reporter: 'list',
  // A journey of a dozen steps has taken more than 30 s while the API suites and the second end-to-end run share
  // the two cores: a test that hangs still fails, one slowed by a busy moment does not.
  timeout: 60_000,
  // A full page load while the API suites share the two cores has taken more than 5 s (a page's first
  // heading not there yet): an assertion waits up to 10 s; one that holds at once returns at once.
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_ORIGIN,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_LAUNCH.executablePath, args: CHROMIUM_LAUNCH.args },
    viewport: { width: 1280, height: 900 },
    // As a user who asked for less motion: dialogs and menus open and close at once (renderers/theme/system.ts),
    // so no step waits out an animation.
    reducedMotion: 'reduce',
    trace: 'off',
  },
  webServer: {
    // E2E_PREBUILT: a second run beside the first serves the client the first one built (a build meanwhile would
    // empty the folder under the first run's server); it builds only if there is none yet.
    command: process.env.E2E_PREBUILT
      ? `test -f ${process.env.CLIENT_DIR ?? 'dist/client'}/index.html || npx vite build; node tests/scripts/e2e-server.mjs`
      : 'npx vite build && node tests/scripts/e2e-server.mjs',
    url: `${E2E_ORIGIN}/api/console-version`,
    // Always a fresh build: a server left running from an older build would test stale code.
    reuseExistingServer: false,
    // A build and a first start of the embedded database on a busy two-core machine can take minutes.
    timeout: 300_000,
  },
});
