/**
 * Keystroke-to-commit latency, measured the same way for every form under test: a keydown (capture
 * phase) starts the clock; each React commit of the form records the time; a task posted at keydown
 * runs after the browser has dispatched the key's input event and React has flushed every commit it
 * caused, and closes the sample at the last commit. The driver reads `window.__bench`.
 */
export interface BenchWindow {
  __bench: { ready: boolean; samples: number[]; commitsPerKey: number[] };
}

const bench: BenchWindow['__bench'] = { ready: false, samples: [], commitsPerKey: [] };
(window as unknown as BenchWindow).__bench = bench;

let started: number | undefined;
let lastCommit: number | undefined;
let commits = 0;
const channel = new MessageChannel();

channel.port1.onmessage = () => {
  if (started !== undefined && lastCommit !== undefined) {
    bench.samples.push(lastCommit - started);
    bench.commitsPerKey.push(commits);
  }
  started = undefined;
  lastCommit = undefined;
};

document.addEventListener(
  'keydown',
  () => {
    started = performance.now();
    lastCommit = undefined;
    commits = 0;
    channel.port2.postMessage(null);
  },
  true,
);

/** Called from the form's commit phase (componentDidUpdate or a layout effect). */
export function recordCommit(): void {
  if (started === undefined) return;
  lastCommit = performance.now();
  commits += 1;
}

export function markReady(): void {
  bench.ready = true;
}
