import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import type { QuoteDetailRow } from './repository.ts';
import { recordQuoteEvent } from './repository.ts';
import { postInboxMessage } from '../../resources/inbox/post-message.ts';
import { QUOTE_TEXTS } from './quote-texts.ts';
import { reasonText } from './hand-overs.ts';
import { pastTense, statusAfter, type QuoteAction } from './transitions.ts';

/** Column -> value for the quote row; only names written here reach the statement. */
export type QuoteUpdate = Partial<Record<
  | 'status' | 'agency_status' | 'in_cart' | 'preset' | 'is_surplus' | 'agg_limit' | 'deductible' | 'waiting_period' | 'retro_active_period'
  | 'effective_date' | 'end_date' | 'expires_on' | 'need_by_date' | 'premium' | 'total_premium' | 'surplus_line_tax' | 'surplus_stamping_fee'
  | 'request_data' | 'rating' | 'irpm' | 'irpm_modifier' | 'decision' | 'customer_first_name' | 'customer_last_name'
  | 'customer_email' | 'customer_phone' | 'team_id' | 'agent_user_id' | 'wra_request_to_bind' | 'policyholder_user_id'
  | 'sent_to_policyholder_at' | 'request_to_bind_at' | 'request_to_bind_by' | 'insured_attested_at' | 'signed_at' | 'signed_name'
  | 'binder_number' | 'bound_at' | 'bound_by' | 'binder_expires_on' | 'last_patched_at'
  | 'surplus_notice_attested_at' | 'surplus_notice_attested_by' | 'surplus_notice_broker'
  | 'broker_fee' | 'additional_broker_fee' | 'mga_fee',
  unknown
>>;

const JSON_COLUMNS = new Set(['request_data', 'rating', 'irpm', 'decision', 'surplus_notice_broker']);

/**
 * One move of a quote, in the caller's transaction: refuses an action its status does not allow (409 with
 * a sentence), writes the new status and fields, the event in the quote's history, the audit entry and,
 * when the desk or the policyholder moved it, a message in the agency's inbox.
 * Answers the new status.
 */
export async function moveQuote(
  tx: Queryable,
  clock: Clock,
  context: { caller: Caller; address: string | null },
  quote: QuoteDetailRow,
  action: QuoteAction,
  change: { update?: QuoteUpdate; status?: string; detail?: Record<string, unknown> } = {},
): Promise<string> {
  const allowed = statusAfter(action, quote.status);
  if (allowed === null) throw new HttpError(409, QUOTE_TEXTS.notAvailable(pastTense(action), quote.status));
  const status = change.status ?? allowed;
  const update: QuoteUpdate = { ...change.update, status };
  const columns = Object.keys(update) as Array<keyof QuoteUpdate>;
  const values = columns.map((column) => (JSON_COLUMNS.has(column) && update[column] !== null ? JSON.stringify(update[column]) : update[column]));
  const sets = columns.map((column, index) => `${column} = $${index + 3}`);
  const now = clock.now();
  await tx.query(`UPDATE quotes SET ${sets.join(', ')}, modified_at = $2 WHERE id = $1`, [quote.id, now, ...values]);
  await recordQuoteEvent(tx, { quoteId: quote.id, from: quote.status, to: status, action, detail: change.detail ?? null, userId: context.caller.userId, at: now });
  await audit(tx, clock, {
    actorUserId: context.caller.userId, action: `quote.${action}`, target: quote.id, address: context.address,
    detail: { quoteNumber: quote.quote_number, accountId: quote.account_id, from: quote.status, to: status, ...(change.detail ?? {}) },
  });
  await postInboxMessage(tx, {
    kind: `quote.${action}`, agencyId: quote.agency_id, accountId: quote.account_id, quoteId: quote.id, actorAccountId: context.caller.accountId,
    values: { number: quote.quote_number, client: quote.company_name }, body: reasonText(change.detail), at: now,
  });
  return status;
}
