import { addDays, addYears, NO_FEES, totalPremiumWithFees, type QuoteFees, type RatingResult } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { QUOTE_OFFER_DAYS } from '../../constants.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import type { AccountRisk } from './account-risk.ts';
import type { QuoteRequestBody } from './quote-rating.ts';
import { nextQuoteNumber, recordQuoteEvent } from './repository.ts';
import { findVisibleSubmission } from '../../resources/submissions/repository.ts';
import { SUBMISSION_TEXTS } from '../../resources/submissions/submission-texts.ts';
import { submissionInWork } from '../../resources/submissions/submission-transitions.ts';
import { QUOTE_TEXTS } from './quote-texts.ts';
import type { QuoteUpdate } from './quote-changes.ts';

/**
 * The row's columns that follow from a request and its rating (a new quote, or terms changed and re-rated);
 * the total keeps the quote's broker and MGA fees.
 */
export function ratedColumns(body: QuoteRequestBody, rating: RatingResult, account: AccountRisk, fees: QuoteFees = NO_FEES): QuoteUpdate {
  return {
    preset: body.preset ?? null,
    is_surplus: body.isSurplus === true,
    agg_limit: body.aggLimit,
    deductible: body.deductible,
    waiting_period: body.waitingPeriod ?? null,
    retro_active_period: body.retroActivePeriod ?? null,
    effective_date: body.effectiveDate,
    end_date: body.endDate ?? addYears(body.effectiveDate, 1),
    premium: rating.premium,
    total_premium: totalPremiumWithFees(rating.totalPremium, fees),
    surplus_line_tax: rating.surplusLineTax,
    surplus_stamping_fee: rating.surplusStampingFee,
    request_data: { ...body, accountId: account.id },
    rating,
  };
}

/**
 * Stores a new quote of an account for its agency: numbered, rated, its first event in the history. The
 * agency is the account's managing agency (provider staff quote on an agency's behalf); the team and agent
 * are the account's unless the request names a team.
 */
export async function insertQuote(
  tx: Queryable,
  input: { caller: Caller; account: AccountRisk; body: QuoteRequestBody; rating: RatingResult; status: string; inCart: boolean; today: string; at: Date },
): Promise<string> {
  const { caller, account, body, rating, at } = input;
  // A quote names a submission only of its own account that the caller sees: another agency's answers like a
  // missing one (declining a quote may decline its submission, so a foreign link would reach another tenant).
  if (body.submissionId) {
    const submission = await findVisibleSubmission(tx, caller, body.submissionId);
    if (!submission) throw new HttpError(404, SUBMISSION_TEXTS.notFound);
    if (submission.account_id !== account.id) throw new HttpError(400, QUOTE_TEXTS.submissionOfAnotherAccount);
    if (!submissionInWork(submission)) throw new HttpError(409, SUBMISSION_TEXTS.settled);
  }
  const agencyId = account.agencyId ?? caller.accountId;
  const quoteNumber = await nextQuoteNumber(tx, at);
  const columns = ratedColumns(body, rating, account);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO quotes (quote_number, account_id, agency_id, team_id, agent_user_id, submission_id, edition, product, status, in_cart, cart_added_at,
       preset, is_surplus, currency, agg_limit, deductible, waiting_period, retro_active_period, effective_date, end_date, expires_on, premium,
       total_premium, surplus_line_tax, surplus_stamping_fee, risk_state, industry_code, request_data, original_request, rating, created_by,
       created_at, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10 THEN $30::timestamptz END, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
       $21, $22, $23, $24, $25, $26, $27, $27, $28, $29, $30, $30)
     RETURNING id`,
    [
      quoteNumber, account.id, agencyId, body.teamId ?? account.teamId, account.agentUserId ?? (caller.accountId === agencyId ? caller.userId : null),
      body.submissionId ?? null, account.edition, body.product, input.status, input.inCart, columns.preset, columns.is_surplus, rating.currency,
      columns.agg_limit, columns.deductible, columns.waiting_period, columns.retro_active_period, columns.effective_date, columns.end_date,
      addDays(input.today, QUOTE_OFFER_DAYS), rating.premium, rating.totalPremium, rating.surplusLineTax, rating.surplusStampingFee,
      account.riskState, account.industryCode, JSON.stringify(columns.request_data), JSON.stringify(rating), caller.userId, at,
    ],
  );
  await recordQuoteEvent(tx, { quoteId: row!.id, from: null, to: input.status, action: input.inCart ? 'cart' : 'create', detail: { quoteNumber }, userId: caller.userId, at });
  return row!.id;
}
