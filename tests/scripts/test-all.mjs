#!/usr/bin/env node
/**
 * `npm test`: every check, in order, continuing past a failure so one run shows all of them:
 * type check, lint, import rules, definition load, unit and API tests on PGlite, the API tests again on PostgreSQL
 * when DATABASE_URL is set, and end-to-end tests in Debian's Chromium (installed when missing).
 * Then the sign-in page's JavaScript against its budget, weighed on the build the end-to-end stage made
 * (tests/scripts/bundle-budget.mjs). Ends with one line 'tests: N passed, N failed' and exits non-zero
 * on any failure or skipped test.
 * Steps of one stage run at the same time, each into its own log, printed when the stage ends; steps
 * that share a `lane` run one after another within it. The static checks run together. The end-to-end
 * run, the longest step, starts with the API runs (PGlite, then PostgreSQL) beside it: vitest keeps one
 * worker on a two-core machine (cores - 1), and the browser run mostly waits on the browser, so the
 * two lanes share the machine instead of queueing. The page conformance suite (every page definition for
 * every user, the longest end-to-end file) is left out of that run and taken by whichever lane is free
 * first (a step's `claim`): usually the API lane once its runs end, on a server and database of its own,
 * so the browser lane is not left to run it alone after the API lane has gone idle.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

// Not test-results/: Playwright empties that folder when it starts, beside a step still writing here.
const RESULTS = 'test-reports';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const postgresUrl = process.env.DATABASE_URL;
/** The end-to-end file run apart from the rest (see above). */
const CONFORMANCE_SPEC = 'tests/e2e/page-conformance.spec.ts';
const withoutPostgres = { ...process.env, DATABASE_URL: '' };

const steps = [
  { stage: 1, name: 'type check', command: 'npx tsc -p tsconfig.json --noEmit' },
  { stage: 1, name: 'lint', command: 'npx eslint .' },
  { stage: 1, name: 'import rules (no cycles, the lifecycle through its entry)', command: 'npm run --silent lint:deps' },
  { stage: 1, name: 'definitions load and resolve', command: 'npx tsx tests/scripts/check-definitions.ts' },
  { stage: 1, name: 'contract lint (OWASP API ruleset)', command: 'npm run --silent lint:api' },
  {
    stage: 2,
    lane: 'api',
    name: 'unit and API tests (PGlite)',
    command: `npx vitest run --reporter=default --reporter=json --outputFile.json=${RESULTS}/vitest-pglite.json`,
    env: withoutPostgres,
    vitest: `${RESULTS}/vitest-pglite.json`,
  },
  postgresUrl && existsSync('tests/api')
    ? {
        stage: 2,
        lane: 'api',
        name: 'API tests (PostgreSQL)',
        command: `npx vitest run tests/api --reporter=default --reporter=json --outputFile.json=${RESULTS}/vitest-postgres.json`,
        env: { ...process.env, DATABASE_URL: postgresUrl },
        vitest: `${RESULTS}/vitest-postgres.json`,
      }
    : undefined,
  {
    stage: 2,
    lane: 'browser',
    name: 'end-to-end tests (Chromium)',
    // A test that fails is run once more; one that then passes is named as flaky at the end: one slow moment of
    // a shared two-core machine should not throw away an hour's run, and a flaky test is still seen and fixed.
    // Run alone (npx playwright test), a failure is final.
    command: 'node tests/scripts/ensure-chromium.mjs && npx playwright test --retries=1 --reporter=list,json',
    env: { ...process.env, E2E_SKIP: CONFORMANCE_SPEC, PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright.json` },
    playwright: `${RESULTS}/playwright.json`,
  },
  ...['api', 'browser'].map((lane) => ({
    stage: 2,
    lane,
    claim: 'page conformance',
    name: `end-to-end page conformance (Chromium, in the ${lane} lane)`,
    // Its own server (port, database), on the client the end-to-end run built; its own output folder, since
    // Playwright empties its output folder when it starts, beside the other run still writing there.
    command: `node tests/scripts/ensure-chromium.mjs && npx playwright test ${CONFORMANCE_SPEC} --retries=1 --reporter=list,json --output=test-results-conformance`,
    env: { ...process.env, E2E_PORT: '4174', E2E_PREBUILT: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright-conformance-${lane}.json` },
    playwright: `${RESULTS}/playwright-conformance-${lane}.json`,
  })),
  {
    // No build of its own: playwright.config.ts's web server built the client (CLIENT_DIR, else dist/client) in stage 2.
    stage: 3,
    name: 'bundle budget of /login',
    command: 'node tests/scripts/ensure-chromium.mjs && node tests/scripts/bundle-budget.mjs',
  },
].filter(Boolean);

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps = [];
/** End-to-end tests that failed and then passed when run again (--retries=1). */
const flakyTests = [];

/** Runs a step with its output in a log of its own; resolves with its exit status and seconds. */
function runStep(step, log) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, env: step.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = log ?? process.stdout;
    child.stdout.on('data', (chunk) => out.write(chunk));
    child.stderr.on('data', (chunk) => out.write(chunk));
    child.on('close', (status) => resolve({ status, seconds: ((Date.now() - started) / 1000).toFixed(1) }));
  });
}

function record(step, result) {
  const ok = result.status === 0;
  console.log(`=== ${step.name}: ${ok ? 'ok' : `FAILED (exit ${result.status})`} in ${result.seconds}s`);
  if (!ok) failedSteps.push(step.name);
  const counts = readCounts(step);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  } else if (ok) passed += 1;
  else failed += 1;
}

const stages = [...new Set(steps.map((step) => step.stage))].sort((a, b) => a - b);
for (const stage of stages) {
  const group = steps.filter((step) => step.stage === stage);
  if (group.length === 1) {
    const [step] = group;
    console.log(`\n=== ${step.name}: ${step.command}`);
    record(step, await runStep(step));
    continue;
  }
  const lanes = new Map();
  for (const step of group) lanes.set(step.lane ?? step.name, [...(lanes.get(step.lane ?? step.name) ?? []), step]);
  console.log(`\n=== at the same time: ${[...lanes.values()].map((lane) => lane.map((step) => step.name).join(', then ')).join('; ')}`);
  const logs = group.map((step, index) => `${RESULTS}/stage-${stage}-${index}.log`);
  const runLogged = (step) => {
    const log = createWriteStream(logs[group.indexOf(step)]);
    return runStep(step, log).then((result) => new Promise((resolve) => log.end(() => resolve(result))));
  };
  const results = new Map();
  // A step with a claim runs in the first lane that reaches it; the same claim in another lane is then passed over.
  const claimed = new Set();
  await Promise.all(
    [...lanes.values()].map(async (lane) => {
      for (const step of lane) {
        if (step.claim && claimed.has(step.claim)) continue;
        if (step.claim) claimed.add(step.claim);
        results.set(step, await runLogged(step));
      }
    }),
  );
  group.forEach((step, index) => {
    if (!results.has(step)) return;
    console.log(`\n=== ${step.name}: ${step.command}`);
    process.stdout.write(readFileSync(logs[index], 'utf8'));
    record(step, results.get(step));
  });
}

function readCounts(step) {
  try {
    if (step.vitest) {
      const report = JSON.parse(readFileSync(step.vitest, 'utf8'));
      return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
    }
    if (step.playwright) {
      const report = JSON.parse(readFileSync(step.playwright, 'utf8'));
      flakyTests.push(...flakyOf(report.suites ?? []));
      const { stats } = report;
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** The titles of a Playwright JSON report's flaky tests (file › title), through nested describe blocks. */
function flakyOf(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => spec.tests.some((test) => test.status === 'flaky')).map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...flakyOf(suite.suites ?? []),
  ]);
}

if (flakyTests.length) console.log(`\nFlaky (failed, then passed when run again; fix them):\n${flakyTests.map((name) => `  ${name}`).join('\n')}`);
if (skipped > 0) failedSteps.push(`${skipped} skipped test(s): a test is fixed or removed, never left skipped`);
console.log('');
if (failedSteps.length) console.log(`Failed: ${failedSteps.join('; ')}`);
console.log(`tests: ${passed} passed${flakyTests.length ? ` (${flakyTests.length} flaky)` : ''}, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
