import { evaluateLogic, type AwaitChange } from '../../engine/index.ts';

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/**
 * Reads the record again (`read`, the action's awaitChange operation) every `intervalMs`, at most `attempts`
 * times, until `until` holds over the record the action started from (`before`) and the one read (`result`).
 * A read that fails counts as an attempt: the server may be busy with the very change being waited for.
 * Answers whether the change showed.
 */
export async function awaitChange(
  spec: Pick<AwaitChange, 'until' | 'intervalMs' | 'attempts'>,
  read: (signal: AbortSignal) => Promise<unknown>,
  before: unknown,
  signal: AbortSignal,
): Promise<boolean> {
  for (let attempt = 0; attempt < spec.attempts && !signal.aborted; attempt += 1) {
    await pause(spec.intervalMs, signal);
    if (signal.aborted) break;
    try {
      if (evaluateLogic(spec.until, { before, result: await read(signal) })) return true;
    } catch {
      // Counted as an attempt; the next one tries again.
    }
  }
  return false;
}
