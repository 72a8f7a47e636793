/**
 * One-time calls (exchanging a one-time token, using a reset link) must run once per page visit even
 * though React's StrictMode mounts effects twice in development: the second mount shares the first call.
 */
const calls = new Map<string, Promise<unknown>>();

export function once<T>(key: string, call: () => Promise<T>): Promise<T> {
  let running = calls.get(key) as Promise<T> | undefined;
  if (!running) {
    running = call();
    calls.set(key, running);
    // Forget it shortly after it settles: a later visit to the same link asks again.
    const forget = () => setTimeout(() => calls.delete(key), 1000);
    running.then(forget, forget);
  }
  return running;
}
