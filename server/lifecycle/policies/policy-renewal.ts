import { addYears, rateQuote, type RaterDefinitions } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AccountRisk } from '../quotes/account-risk.ts';
import { ratingInputOf, type QuoteRequestBody } from '../quotes/quote-rating.ts';
import type { PolicyRow } from './policy-repository.ts';
import { POLICY_TEXTS } from './policy-texts.ts';

/** The quote statuses of a renewal no longer in progress: another renewal may then be made. */
const ENDED_QUOTE_STATUSES = ['DECLINED', 'LOST', 'DELETED', 'EXPIRED', 'INVALID', 'RESCIND', 'BINDER EXPIRED'];

/** The renewal quote of a policy still in progress, if any. */
export async function renewalInProgress(db: Queryable, policyId: string): Promise<{ id: string; quote_number: string } | null> {
  const [open] = await db.query<{ id: string; quote_number: string }>(
    'SELECT id, quote_number FROM quotes WHERE renewal_of_policy_id = $1 AND NOT (status = ANY($2::text[])) ORDER BY created_at DESC LIMIT 1',
    [policyId, ENDED_QUOTE_STATUSES],
  );
  return open ?? null;
}

/** Why a policy cannot be renewed now (opted out, or a renewal already in progress), or null when it can. */
export async function renewalRefusal(db: Queryable, policy: PolicyRow): Promise<{ reason: string; quoteId?: string } | null> {
  if (policy.renewal_opted_out_at !== null) return { reason: POLICY_TEXTS.renewalOptedOut };
  const open = await renewalInProgress(db, policy.id);
  return open ? { reason: POLICY_TEXTS.renewalInProgress(open.quote_number), quoteId: open.id } : null;
}

/** The renewal's request: the policy's own cover (its quote's request) for the year from the day the policy ends. */
export function renewalRequestOf(policy: PolicyRow, source: QuoteRequestBody): QuoteRequestBody {
  return { ...source, effectiveDate: policy.end_date, endDate: addYears(policy.end_date, 1), submissionId: undefined };
}

/** The quote request the policy was bound from. */
export async function boundRequestOf(db: Queryable, policy: PolicyRow): Promise<QuoteRequestBody> {
  const [source] = await db.query<{ request_data: QuoteRequestBody }>('SELECT request_data FROM quotes WHERE id = $1', [policy.quote_id]);
  return source!.request_data;
}

/**
 * The renewal priced as Create Renewal Quote would price it, or why it cannot be: an account missing what the
 * rater needs (the renewal page's verify step is where that is put right) or a cover the rater refuses.
 */
export function renewalPrice(body: QuoteRequestBody, account: AccountRisk, rater: RaterDefinitions): { ok: true; totalPremium: string } | { ok: false; reason: string } {
  try {
    return rateQuote(ratingInputOf(body, account), rater);
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, reason: error.message };
    throw error;
  }
}
