import type { components } from '../../api/schema.d.ts';
import { run } from '../session/run.ts';
import { useAnswer, type Answer } from './use-answer.ts';

export type QuoteAccount = components['schemas']['QuoteAccount'];

/** The account as quoting reads it (getQuoteAccount): its risk, its security answers and whether it may be quoted. */
export function useQuoteAccount(accountId: string): Answer<QuoteAccount> {
  return useAnswer(accountId, (signal) => run('getQuoteAccount', { params: { accountId }, signal }));
}
