/**
 * `npm run bench:forms`: keystroke-to-commit latency of the form renderer on the largest definition
 * (the US cyber underwriting questionnaire), against plain @rjsf/core with liveValidate on the same JSON
 * Schema, in the same run, in headless Chromium. Rounds alternate the two so that machine noise hits
 * both alike. Prints p50/p95/mean per renderer and the ratio. A measurement, not a test: it never fails
 * on the figures.
 *
 * What a sample covers: from the keydown to the last commit the key caused before the browser is free again.
 * The definition form hands typed text to rjsf when the browser is idle (FormSession.type), so rjsf's own
 * whole-form state derivation runs after the sample, between keystrokes, not in it. The script time per key
 * (Chromium's ScriptDuration over a round, divided by the keys) counts that work too, whenever it ran.
 */
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_LAUNCH } from '../support/chromium.ts';

const FORM = process.env.BENCH_FORM ?? 'uw-application-cyber';
const FIELD = process.env.BENCH_FIELD ?? 'edrVendor';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const KEYS_PER_ROUND = Number(process.env.BENCH_KEYS ?? 120);
const WARMUP_KEYS = 10;
const PORT = 4174;
const AIM_P95_MS = 16;
const MODES = ['engine', 'rjsf'] as const;
type Mode = (typeof MODES)[number];

interface BenchState {
  ready: boolean;
  samples: number[];
  commitsPerKey: number[];
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** The page's main-thread JavaScript time so far (Chromium's ScriptDuration), in seconds. */
async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? NaN;
}

async function runRound(browser: Browser, baseUrl: string, mode: Mode) {
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}/bench.html?mode=${mode}&form=${FORM}`);
    await page.waitForFunction(() => (window as unknown as { __bench?: BenchState }).__bench?.ready === true);
    const input = page.locator(`#root_${FIELD.replace(/\./g, '_')}`);
    await input.click();
    await page.keyboard.press('End');
    const text = 'abcdefghij klmnopqrst uvwxyz 0123456789 '.repeat(Math.ceil(KEYS_PER_ROUND / 40)).slice(0, KEYS_PER_ROUND);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const scriptBefore = await scriptSeconds(cdp);
    await page.keyboard.type(text, { delay: 20 });
    await page.waitForTimeout(200);
    const scriptMsPerKey = ((await scriptSeconds(cdp)) - scriptBefore) * 1000 / text.length;
    const state = await page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench);
    const typed = await input.inputValue();
    if (!typed.endsWith(text)) throw new Error(`${mode}: the field shows ${JSON.stringify(typed.slice(-30))}, not what was typed`);
    return { samples: state.samples.slice(WARMUP_KEYS), commits: state.commitsPerKey.slice(WARMUP_KEYS), scriptMsPerKey };
  } finally {
    await page.close();
  }
}

async function main() {
  console.log('Building the client (vite build)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const server = await preview({ preview: { port: PORT, host: '127.0.0.1', strictPort: true }, logLevel: 'warn' });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const results: Record<Mode, { samples: number[]; commits: number[]; scriptMsPerKey: number[] }> = {
    engine: { samples: [], commits: [], scriptMsPerKey: [] },
    rjsf: { samples: [], commits: [], scriptMsPerKey: [] },
  };
  try {
    const baseUrl = `http://127.0.0.1:${PORT}`;
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? MODES : [...MODES].reverse();
      for (const mode of order) {
        const { samples, commits, scriptMsPerKey } = await runRound(browser, baseUrl, mode);
        results[mode].samples.push(...samples);
        results[mode].commits.push(...commits);
        results[mode].scriptMsPerKey.push(scriptMsPerKey);
        process.stdout.write(`  round ${round + 1}/${ROUNDS} ${mode}: ${samples.length} keystrokes\n`);
      }
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }

  const summary = MODES.map((mode) => {
    const sorted = [...results[mode].samples].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
    const commits = results[mode].commits.reduce((sum, value) => sum + value, 0) / results[mode].commits.length;
    const script = results[mode].scriptMsPerKey.reduce((sum, value) => sum + value, 0) / results[mode].scriptMsPerKey.length;
    return { mode, keystrokes: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean, commits, script };
  });
  const label: Record<Mode, string> = { engine: 'definition form (engine + rjsf + Chakra)', rjsf: 'plain @rjsf/core, liveValidate' };
  console.log(`\nKeystroke-to-commit latency, form ${FORM}, field ${FIELD}, ${ROUNDS} rounds x ${KEYS_PER_ROUND} keys (first ${WARMUP_KEYS} of each round dropped)`);
  console.log('renderer                                    keys     p50 ms   p95 ms   mean ms  commits/key  script ms/key');
  for (const row of summary) {
    console.log(
      `${label[row.mode].padEnd(42)} ${String(row.keystrokes).padStart(6)} ${row.p50.toFixed(2).padStart(9)} ${row.p95.toFixed(2).padStart(8)} ${row.mean.toFixed(2).padStart(9)} ${row.commits.toFixed(2).padStart(12)} ${row.script.toFixed(2).padStart(14)}`,
    );
  }
  // Latency is what the user waits for; script time is all the page's JavaScript the typing cost, whenever it ran
  // (the definition form's idle hand-over to rjsf included).
  console.log('script ms/key: the main thread\'s JavaScript time over a round (Chromium ScriptDuration) per key typed, idle work included');
  const [engine, rjsf] = summary as [(typeof summary)[0], (typeof summary)[0]];
  console.log(`\nratio engine/rjsf: p50 ${(engine.p50 / rjsf.p50).toFixed(2)}, p95 ${(engine.p95 / rjsf.p95).toFixed(2)} (below 1 is faster than plain rjsf)`);
  console.log(`aim p95 <= ${AIM_P95_MS} ms: ${engine.p95 <= AIM_P95_MS ? 'met' : 'not met'} (${engine.p95.toFixed(2)} ms)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
