import { useEffect, useState } from 'react';
import type { components } from '../../api/schema.d.ts';
import { run } from '../session/api.ts';

export type QuoteAccount = components['schemas']['QuoteAccount'];

export type QuoteAccountState = { status: 'loading' } | { status: 'ready'; account: QuoteAccount } | { status: 'error'; message: string };

const LOADING: QuoteAccountState = { status: 'loading' };

/** The account as quoting reads it (getQuoteAccount): its risk, its security answers and whether it may be quoted. */
export function useQuoteAccount(accountId: string): QuoteAccountState {
  // Kept with the id it is for: another account in the route reads as loading until its answer comes.
  const [result, setResult] = useState<{ accountId: string; state: QuoteAccountState }>();
  useEffect(() => {
    const controller = new AbortController();
    run('getQuoteAccount', { params: { accountId }, signal: controller.signal })
      .then((account) => setResult({ accountId, state: { status: 'ready', account } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ accountId, state: { status: 'error', message: error instanceof Error ? error.message : String(error) } });
      });
    return () => controller.abort();
  }, [accountId]);
  return result?.accountId === accountId ? result.state : LOADING;
}
