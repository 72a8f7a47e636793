/**
 * `npm run bench:lcp` (issue 9 §2): the Largest Contentful Paint of /login in headless Chromium, on the
 * production build served by the real server, in both editions: each visit in a fresh browser context
 * (nothing cached: a first visit), then once more in the same context (the assets cached: a returning
 * user). The baseline, in the same run and the same browser, is a page of one heading and one paragraph
 * served from this process: what Chromium needs to paint anything on this machine. Run unthrottled and
 * with a slow profile (CPU 4x slower, 40 ms round trips at 10 Mbit/s). Prints p50 and p95 of each.
 * Then a signed-in page load, unthrottled: /admin/policies reloaded in a signed-in tab with the app's files
 * cached (a user reloading or following a link to a new page), from navigation to the table's first row of data,
 * with the script time Chromium counted for it; beside the static heading's returning visit.
 * `LCP_PAGES=signed-in` measures only that. A measurement, not a test: it never fails on the figures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../support/chromium.ts';
import { percentile, startBenchServer } from './bench-server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4394);
const CLIENT_DIR = process.env.CLIENT_DIR ?? '/tmp/bench-lcp-client';
const VISITS = Number(process.env.LCP_VISITS ?? 15);

interface Profile {
  name: string;
  cpuSlowdown: number;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}
const PROFILES: Profile[] = [
  { name: 'unthrottled', cpuSlowdown: 1 },
  { name: 'slow (CPU 4x, 40 ms, 10 Mbit/s)', cpuSlowdown: 4, network: { latency: 40, downloadThroughput: (10_000_000 / 8), uploadThroughput: (5_000_000 / 8) } },
];

/** Records the LCP as Chromium reports it; the last entry before the page is read is the one that counts. */
const OBSERVE_LCP = `
  window.__lcp = { time: NaN, element: '' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = { time: entry.startTime, element: entry.element ? entry.element.tagName.toLowerCase() : '' };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

const BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
<body style="font-family: sans-serif"><h1>Sign in to the console</h1><p>Enter your e-mail address and password to continue.</p></body></html>`;

async function profiled(context: BrowserContext, profile: Profile) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  return page;
}

/** One visit: the LCP in ms once the page has drawn what `ready` waits for and gone quiet. */
async function visit(context: BrowserContext, profile: Profile, url: string, ready: string): Promise<{ time: number; element: string }> {
  const page = await profiled(context, profile);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(ready, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => (window as unknown as { __lcp: { time: number; element: string } }).__lcp);
  } finally {
    await page.close();
  }
}

async function measure(browser: Browser, profile: Profile, origin: string, url: string, ready: string) {
  const first: number[] = [];
  const returning: number[] = [];
  const elements = new Set<string>();
  for (let index = 0; index < VISITS; index += 1) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      await context.addCookies([{ name: 'cookieConsent', value: 'accepted', url: origin }]);
      await context.addInitScript(OBSERVE_LCP);
      const cold = await visit(context, profile, url, ready);
      const warm = await visit(context, profile, url, ready);
      first.push(cold.time);
      returning.push(warm.time);
      elements.add(cold.element);
    } finally {
      await context.close();
    }
  }
  return { first, returning, elements: [...elements].join(', ') };
}

/** The signed-in load: a tab signed in as `user`, the page loaded twice to fill the cache, then measured. */
async function measureSignedIn(browser: Browser, origin: string, path: string, user: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    await context.addCookies([{ name: 'cookieConsent', value: 'accepted', url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/api/console-version`);
    await page.evaluate(async (username) => {
      const response = await fetch('/api/auth/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo-Password-2026!' }) });
      const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
      sessionStorage.setItem('auth.accessToken', tokens.accessToken);
      sessionStorage.setItem('auth.refreshToken', tokens.refreshToken);
    }, user);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const toFirstRow: number[] = [];
    const script: number[] = [];
    for (let index = 0; index < VISITS + 2; index += 1) {
      const started = Date.now();
      await page.goto(`${origin}${path}`);
      // A row with text: the loading skeleton's rows have none.
      await page.getByRole('row').filter({ hasText: /\w/ }).nth(1).waitFor({ timeout: 30_000 });
      const elapsed = Date.now() - started;
      // Chromium counts script time per document: read right after the row drew, it is this load's.
      const { metrics } = await cdp.send('Performance.getMetrics');
      if (index < 2) continue;
      toFirstRow.push(elapsed);
      script.push((metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? NaN) * 1000);
    }
    return { toFirstRow, script };
  } finally {
    await context.close();
  }
}

const row = (label: string, values: number[], note = '') =>
  `${label.padEnd(36)} ${percentile([...values].sort((a, b) => a - b), 50).toFixed(0).padStart(7)} ${percentile([...values].sort((a, b) => a - b), 95).toFixed(0).padStart(7)}   ${note}`;

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log(`Building the client into ${CLIENT_DIR} (vite build)...`);
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, CLIENT_DIR } });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lcp-'));
  const baseline = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BASELINE_HTML));
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const baselineAddress = baseline.address();
  const baselineUrl = `http://127.0.0.1:${typeof baselineAddress === 'object' && baselineAddress ? baselineAddress.port : 0}/`;
  console.log(`Starting the server on port ${PORT} with a fresh demo database...`);
  const server = await startBenchServer(PORT, { DATABASE_URL: '', DATA_DIR: join(dataDir, 'pglite'), CLIENT_DIR }, 300);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const editions = [
      { name: 'US', origin: `http://127.0.0.1:${PORT}` },
      { name: 'UK', origin: `http://console.example.uk:${PORT}` },
    ];
    const signedInOnly = process.env.LCP_PAGES === 'signed-in';
    let staticReturning: number[] = [];
    for (const profile of signedInOnly ? PROFILES.slice(0, 1) : PROFILES) {
      console.log(`\nLCP of /login, ${profile.name}: ${VISITS} visits each, ms`);
      console.log(`${'page'.padEnd(36)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}   LCP element`);
      const floor = await measure(browser, profile, baselineUrl, baselineUrl, 'h1');
      console.log(row('baseline: static heading, first', floor.first, floor.elements));
      if (profile.cpuSlowdown === 1) staticReturning = floor.returning;
      if (signedInOnly) break;
      for (const edition of editions) {
        const login = await measure(browser, profile, edition.origin, `${edition.origin}/login`, 'input[type="password"]');
        console.log(row(`/login ${edition.name}, first visit`, login.first, login.elements));
        console.log(row(`/login ${edition.name}, returning (cached)`, login.returning));
      }
    }
    console.log(`\nSigned-in page load, unthrottled, files cached: ${VISITS} loads each, ms`);
    console.log(`${'page'.padEnd(36)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}`);
    console.log(row('baseline: static heading, returning', staticReturning));
    const signedIn = await measureSignedIn(browser, editions[0]!.origin, '/admin/policies', 'admin@provider.example');
    console.log(row('/admin/policies to its first row', signedIn.toFirstRow));
    console.log(row('/admin/policies script time', signedIn.script));
  } finally {
    await browser.close();
    await server.stop();
    baseline.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
