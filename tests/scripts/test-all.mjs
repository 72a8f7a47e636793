#!/usr/bin/env node
/**
 * `npm test`: every check, in order, continuing past a failure so one run shows all of them:
 * type check, lint, definition load, unit and API tests on PGlite, the API tests again on PostgreSQL
 * when DATABASE_URL is set, and end-to-end tests in Debian's Chromium (installed when missing).
 * Ends with one line 'tests: N passed, N failed' and exits non-zero on any failure or skipped test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const RESULTS = 'test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const postgresUrl = process.env.DATABASE_URL;
const withoutPostgres = { ...process.env, DATABASE_URL: '' };

const steps = [
  { name: 'type check', command: 'npx tsc -p tsconfig.json --noEmit' },
  { name: 'lint', command: 'npx eslint .' },
  { name: 'definitions load and resolve', command: 'npx tsx tests/scripts/check-definitions.ts' },
  {
    name: 'unit and API tests (PGlite)',
    command: `npx vitest run --reporter=default --reporter=json --outputFile.json=${RESULTS}/vitest-pglite.json`,
    env: withoutPostgres,
    vitest: `${RESULTS}/vitest-pglite.json`,
  },
  postgresUrl && existsSync('tests/api')
    ? {
        name: 'API tests (PostgreSQL)',
        command: `npx vitest run tests/api --reporter=default --reporter=json --outputFile.json=${RESULTS}/vitest-postgres.json`,
        env: { ...process.env, DATABASE_URL: postgresUrl },
        vitest: `${RESULTS}/vitest-postgres.json`,
      }
    : undefined,
  {
    name: 'end-to-end tests (Chromium)',
    command: 'node tests/scripts/ensure-chromium.mjs && npx playwright test --reporter=list,json',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright.json` },
    playwright: `${RESULTS}/playwright.json`,
  },
].filter(Boolean);

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps = [];

for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command}`);
  const started = Date.now();
  const result = spawnSync(step.command, { shell: true, stdio: 'inherit', env: step.env ?? process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${step.name}: ${ok ? 'ok' : `FAILED (exit ${result.status})`} in ${seconds}s`);
  if (!ok) failedSteps.push(step.name);
  const counts = readCounts(step);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  } else if (ok) passed += 1;
  else failed += 1;
}

function readCounts(step) {
  try {
    if (step.vitest) {
      const report = JSON.parse(readFileSync(step.vitest, 'utf8'));
      return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
    }
    if (step.playwright) {
      const { stats } = JSON.parse(readFileSync(step.playwright, 'utf8'));
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

if (skipped > 0) failedSteps.push(`${skipped} skipped test(s): a test is fixed or removed, never left skipped`);
console.log('');
if (failedSteps.length) console.log(`Failed: ${failedSteps.join('; ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
