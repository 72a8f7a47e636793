import { useEffect, useState } from 'react';
import type { components } from '../../api/schema.d.ts';
import { run } from '../session/api.ts';

export type QuoteDetail = components['schemas']['QuoteDetail'];

export type QuoteTermsState = { status: 'loading' } | { status: 'ready'; quote: QuoteDetail } | { status: 'error'; message: string };

const LOADING: QuoteTermsState = { status: 'loading' };

/** A quote with the request it was rated on (getQuote), for an underwriter to change its terms. */
export function useQuoteTerms(quoteId: string): QuoteTermsState {
  const [result, setResult] = useState<{ quoteId: string; state: QuoteTermsState }>();
  useEffect(() => {
    const controller = new AbortController();
    run('getQuote', { params: { id: quoteId }, signal: controller.signal })
      .then((quote) => setResult({ quoteId, state: { status: 'ready', quote } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ quoteId, state: { status: 'error', message: error instanceof Error ? error.message : String(error) } });
      });
    return () => controller.abort();
  }, [quoteId]);
  return result?.quoteId === quoteId ? result.state : LOADING;
}
