import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/support/chromium.ts';

/**
 * End-to-end tests against the production build served by `vite preview`, in Debian's Chromium
 * (tests/scripts/ensure-chromium.mjs installs it; test tools may not download browsers here).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: 'http://127.0.0.1:4173',
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_LAUNCH.executablePath, args: CHROMIUM_LAUNCH.args },
    viewport: { width: 1280, height: 900 },
    trace: 'off',
  },
  webServer: {
    command: 'npx vite build && npx vite preview --port 4173 --strictPort --host 127.0.0.1',
    url: 'http://127.0.0.1:4173',
    // Always a fresh build: a server left running from an older build would test stale code.
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
