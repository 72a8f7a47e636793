import type { FastifyInstance } from 'fastify';

/**
 * Runs a background sweep every `intervalMs` for as long as the server runs (server/main.ts; tests build the
 * app without timers and call the sweeps themselves). Unref'd, so the timer alone never keeps the process
 * alive; a sweep still running when the next is due is not doubled; the app's close waits for the sweep
 * under way before the database behind it is closed. A failed sweep is logged and the next one tries again.
 * `sweep` answers how much it did; a non-zero count is logged under `name`. Call before the app is ready.
 */
export function scheduleSweep(
  app: FastifyInstance,
  { name, intervalMs, sweep }: { name: string; intervalMs: number; sweep: () => Promise<number> },
): void {
  let running: Promise<void> | null = null;
  const runOnce = async () => {
    try {
      const done = await sweep();
      if (done > 0) app.log.info({ done }, name);
    } catch (error) {
      app.log.error({ err: error }, `${name} failed; the next sweep tries again`);
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    running ??= runOnce();
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
