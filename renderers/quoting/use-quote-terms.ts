import type { components } from '../../api/schema.d.ts';
import { run } from '../session/run.ts';
import { useAnswer, type Answer } from './use-answer.ts';

export type QuoteDetail = components['schemas']['QuoteDetail'];

/** A quote with the request it was rated on (getQuote), for an underwriter to change its terms. */
export function useQuoteTerms(quoteId: string): Answer<QuoteDetail> {
  return useAnswer(quoteId, (signal) => run('getQuote', { params: { id: quoteId }, signal }));
}
