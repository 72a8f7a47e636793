/**
 * `npm run bench:rater`: ratings per second and p50/p95/p99 per rating of Prime 250 with every coverage
 * selected (the shipped sample risk p250-all-coverages), against a baseline measured in the same run:
 * the minimal Prime 100 quote (sample risk p100-minimal, mandatory coverages only), the rater's floor on
 * this machine. Also a P250 editor change (a global deductible change: clone, clamp and re-rate), which
 * is what a user waits for. A measurement, not a test: it never fails on figures; the aim is under 1 ms
 * per P250 rating.
 *
 * BENCH_SECONDS (default 3) sets how long each measurement runs, after a warm-up of 1 second.
 */
import { performance } from 'node:perf_hooks';
import {
  applyP250Change,
  createP250State,
  createRegistry,
  rateQuote,
  raterDefinitionsOf,
  type RaterDefinitions,
  type RatingInput,
} from '../../engine/index.ts';
import { readDefinitionFiles } from '../../engine/node/file-source.ts';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Measurement {
  name: string;
  count: number;
  seconds: number;
  latencies: number[];
}

function measure(name: string, run: () => unknown, seconds: number): Measurement {
  const warmUntil = performance.now() + 1000;
  while (performance.now() < warmUntil) run();
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    const before = now;
    run();
    now = performance.now();
    latencies.push(now - before);
  }
  return { name, count: latencies.length, seconds: (now - start) / 1000, latencies };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function sampleInput(rater: RaterDefinitions, id: string): RatingInput {
  const risk = rater.sampleRisks.find((candidate) => candidate.id === id);
  if (!risk) throw new Error(`no sample risk ${id}`);
  return risk.input as unknown as RatingInput;
}

const rater = raterDefinitionsOf(createRegistry(readDefinitionFiles(root)), 'us');
const full = sampleInput(rater, 'p250-all-coverages');
const minimal = sampleInput(rater, 'p100-minimal');
for (const [id, input] of [['p250-all-coverages', full], ['p100-minimal', minimal]] as const) {
  const outcome = rateQuote(input, rater);
  if (!outcome.ok) throw new Error(`${id} is refused: ${outcome.reason}`);
  console.log(`${id}: premium ${outcome.premium} ${outcome.currency}, ${outcome.trace.length} trace steps, ${Object.values(input.coverages).filter((coverage) => coverage.selected).length} coverages selected`);
}

const p250State = createP250State({ account: { state: 'CA', industryCode: '511210', revenue: 12000000 }, today: '2026-11-22', presetName: 'ELITE' }, rater);
let deductibleIndex = 0;
const deductibles = [1000, 2500, 5000, 10000, 25000, 50000, 100000];

const results = [
  measure('P100 minimal (baseline)', () => rateQuote(minimal, rater), SECONDS),
  measure('P250 all coverages', () => rateQuote(full, rater), SECONDS),
  measure('P250 editor: deductible change (clamp + re-rate)', () => applyP250Change(p250State, { type: 'deductible', value: deductibles[deductibleIndex++ % deductibles.length]! }, rater), SECONDS),
];

const baseline = results[0]!;
const baselineMean = (baseline.seconds * 1000) / baseline.count;
console.log(`\nNode ${process.version}, ${SECONDS} s per measurement\n`);
console.log(['measurement'.padEnd(50), 'ratings/s'.padStart(11), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'p99 ms'.padStart(9), 'x baseline'.padStart(11)].join(''));
for (const result of results) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const mean = (result.seconds * 1000) / result.count;
  console.log(
    [
      result.name.padEnd(50),
      Math.round(result.count / result.seconds).toLocaleString('en-US').padStart(11),
      percentile(sorted, 50).toFixed(4).padStart(9),
      percentile(sorted, 95).toFixed(4).padStart(9),
      percentile(sorted, 99).toFixed(4).padStart(9),
      (mean / baselineMean).toFixed(2).padStart(11),
    ].join(''),
  );
}
const p250 = results[1]!;
const p95 = percentile([...p250.latencies].sort((a, b) => a - b), 95);
console.log(`\nP250 with all coverages: p95 ${p95.toFixed(4)} ms per rating (${p95 < 1 ? 'under' : 'OVER'} the 1 ms aim).`);
