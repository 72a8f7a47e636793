import type { RaterDefinitions } from '../../../engine/index.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { MESSAGES, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { findQuotableAccount } from './account-risk.ts';
import { moveQuote } from './quote-changes.ts';
import { rateOrRefuse, ratingInputOf, type QuoteRequestBody } from './quote-rating.ts';
import { ratedColumns } from './quote-store.ts';
import { feesOf } from '../schedule/quote-schedule.ts';
import type { QuoteDetailRow } from './repository.ts';
import type { QuoteAction } from './transitions.ts';

export type Raters = Record<'us' | 'uk', RaterDefinitions>;

/**
 * Rates a quote's request again on its account as it is now (terms, modifier, surplus or the account's
 * details changed) and moves it by `action`, with the new premium in its event. Inside the caller's transaction.
 */
export async function rerateQuote(
  tx: Queryable, clock: Clock, context: { caller: Caller; address: string | null }, raters: Raters, quote: QuoteDetailRow, action: QuoteAction,
  body: QuoteRequestBody, irpm: Record<string, number> | null, extra: Parameters<typeof moveQuote>[5] = {},
): Promise<void> {
  const account = await findQuotableAccount(tx, context.caller, quote.account_id);
  if (!account) throw notFound(MESSAGES.accountNotFound);
  const rating = rateOrRefuse(ratingInputOf({ ...body, accountId: quote.account_id, product: quote.product }, account, irpm), raters[account.edition]);
  await moveQuote(tx, clock, context, quote, action, {
    ...extra,
    update: { ...ratedColumns({ ...body, product: quote.product }, rating, account, feesOf(quote)), ...extra.update },
    detail: { premium: rating.premium, totalPremium: rating.totalPremium, ...extra.detail },
  });
}
