import { spawn, type ChildProcess } from 'node:child_process';

/** One signed-in caller drives a whole benchmark: the per-caller limit (server/http/rate-limit.ts) would measure itself. */
const UNLIMITED = String(1_000_000_000);

export interface BenchServer {
  child: ChildProcess;
  base: string;
  stop: () => Promise<void>;
}

/**
 * The real server in a process of its own on `port` (node with tsx's loader, not `npx tsx`: one process, so
 * stopping it frees the port), answering once its console version does; `env` picks the database.
 */
export async function startBenchServer(port: number, env: Record<string, string>, startSeconds = 120): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  // A server left on the port would be measured in this one's place.
  const taken = await fetch(`${base}/api/console-version`).then(() => true, () => false);
  if (taken) throw new Error(`port ${port} already answers: stop what runs there, or set BENCH_PORT`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: UNLIMITED, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within ${startSeconds} s`);
    try {
      if ((await fetch(`${base}/api/console-version`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    child,
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
