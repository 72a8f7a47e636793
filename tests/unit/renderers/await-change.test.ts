import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonLogic } from '../../../engine/index.ts';
import { awaitChange } from '../../../renderers/page/await-change.ts';

/**
 * The review page's wait for a patched quote (spec 002 section 4: polled every 3 s up to 10 times until
 * lastPatched is newer than before, or exists if none before; then 'max retries reached'), as the
 * quote-review page's awaitChange declares it.
 */
const UNTIL: JsonLogic = { and: [{ var: 'result.lastPatched' }, { '!=': [{ var: 'result.lastPatched' }, { var: 'before.lastPatched' }] }] };
const SPEC = { until: UNTIL, intervalMs: 3000, attempts: 10 };
const EARLIER = '2026-11-23T12:00:00.000Z';
const LATER = '2026-11-23T12:05:00.000Z';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the wait against reads that answer `answers` in turn (an Error is a failed read); the last repeats. */
async function run(before: unknown, answers: unknown[]) {
  const reads: number[] = [];
  const read = () => {
    reads.push(Date.now());
    const answer = answers[Math.min(reads.length - 1, answers.length - 1)];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const start = Date.now();
  const waiting = awaitChange(SPEC, read, before, new AbortController().signal);
  await vi.advanceTimersByTimeAsync(31_000);
  return { shown: await waiting, readsAt: reads.map((at) => at - start) };
}

describe('waiting for a patched quote', () => {
  it.each([
    { case: 'patched on the first read, none before', before: { lastPatched: null }, answers: [{ lastPatched: LATER }], shown: true, reads: 1 },
    { case: 'newer on the third read', before: { lastPatched: EARLIER }, answers: [{ lastPatched: EARLIER }, { lastPatched: EARLIER }, { lastPatched: LATER }], shown: true, reads: 3 },
    { case: 'a failed read counts as an attempt', before: { lastPatched: null }, answers: [new Error('502'), { lastPatched: LATER }], shown: true, reads: 2 },
    { case: 'never patched: ten reads, then given up', before: { lastPatched: EARLIER }, answers: [{ lastPatched: EARLIER }], shown: false, reads: 10 },
    { case: 'still none: ten reads, then given up', before: { lastPatched: null }, answers: [{ lastPatched: null }], shown: false, reads: 10 },
  ])('$case', async ({ before, answers, shown, reads }) => {
    const result = await run(before, answers);
    expect(result.shown).toBe(shown);
    expect(result.readsAt).toEqual(Array.from({ length: reads }, (_, index) => (index + 1) * 3000));
  });

  it('stops at once when the page goes away', async () => {
    const controller = new AbortController();
    const read = vi.fn(() => Promise.resolve({ lastPatched: null }));
    const waiting = awaitChange(SPEC, read, { lastPatched: null }, controller.signal);
    await vi.advanceTimersByTimeAsync(6_500);
    controller.abort();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await waiting).toBe(false);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
