import { useEffect, useState } from 'react';

export type Answer<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

const LOADING = { status: 'loading' } as const;

/**
 * One read the quote flow waits on (the account it quotes, the quote whose terms change), by its key: the
 * answer is kept with the key it is for, so another key in the route reads as loading until its own answer
 * comes, and a read the route has left is aborted.
 */
export function useAnswer<T>(key: string, read: (signal: AbortSignal) => Promise<T>): Answer<T> {
  const [result, setResult] = useState<{ key: string; answer: Answer<T> }>();
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal)
      .then((value) => setResult({ key, answer: { status: 'ready', value } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, answer: { status: 'error', message: error instanceof Error ? error.message : String(error) } });
      });
    return () => controller.abort();
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names the read
  return result?.key === key ? result.answer : LOADING;
}
