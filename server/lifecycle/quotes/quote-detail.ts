import type { RaterDefinitions } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { quoteScheduleOf, scheduleAnswer } from '../schedule/quote-schedule.ts';
import type { Caller } from '../../services.ts';
import { phoneForForm } from '../../resources/account-profile/repository.ts';
import { quoteEvents, toQuote, type QuoteDetailRow } from './repository.ts';
import { availableActions } from './transitions.ts';

const money = (value: string): string => (Number.isFinite(Number(value)) ? Number(value).toFixed(2) : value);

export const isUnderwriter = (caller: Caller): boolean => caller.permissions.has('quote:underwrite');

/**
 * The quote page's answer: the list fields, the request as the agent sent it, the rating (its step-by-step
 * trace only for underwriters: the factors are the provider's pricing), the schedule of record, the history
 * and the actions the caller may take now.
 */
export async function quoteDetail(db: Queryable, caller: Caller, row: QuoteDetailRow, rater: RaterDefinitions) {
  const underwriter = isUnderwriter(caller);
  const events = await quoteEvents(db, row.id);
  const [account] = await db.query<{ first_name: string | null; last_name: string | null; email: string | null; phone: string | null }>(
    `SELECT policy_contact_first_name AS first_name, policy_contact_last_name AS last_name, policy_contact_email AS email, policy_contact_phone AS phone
     FROM account_profiles WHERE account_id = $1`,
    [row.account_id],
  );
  const { trace, ...rating } = row.rating as { trace?: unknown };
  return {
    ...toQuote(row),
    request: row.request_data,
    // Steps numbered in order: a step's name may repeat (a fee per coverage), its number does not.
    rating: underwriter ? { ...rating, trace: ((trace ?? []) as object[]).map((step, index) => ({ number: index + 1, ...step })) } : rating,
    irpm: row.irpm,
    subjectivities: row.subjectivities ?? [],
    decision: row.decision,
    customerFirstName: row.customer_first_name,
    customerLastName: row.customer_last_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    // The quote's policy holder once named on it (a request to bind, a bind), else the account's policy contact.
    policyContact: {
      firstName: row.customer_first_name ?? account?.first_name ?? null,
      lastName: row.customer_last_name ?? account?.last_name ?? null,
      email: row.customer_email ?? account?.email ?? null,
      // The account keeps national digits; the dialog's phone field takes a UK number with its trunk 0.
      phone: row.customer_phone ?? phoneForForm(account?.phone ?? null, row.edition),
    },
    brokerFee: money(row.broker_fee),
    additionalBrokerFee: money(row.additional_broker_fee),
    mgaFee: money(row.mga_fee),
    surplusLineTax: money(row.surplus_line_tax),
    surplusStampingFee: money(row.surplus_stamping_fee),
    lastPatched: row.last_patched_at ? new Date(row.last_patched_at).toISOString() : null,
    wraRequestToBind: row.wra_request_to_bind,
    binderNumber: row.binder_number,
    binderExpiresOn: row.binder_expires_on,
    policyId: row.policy_id,
    schedule: scheduleAnswer(quoteScheduleOf(row, rater)),
    events: events.map((event) => ({
      action: event.action, fromStatus: event.from_status, toStatus: event.to_status, by: event.by, at: new Date(event.at).toISOString(), detail: event.detail,
    })),
    actions: caller.permissions.has('quote:write') || underwriter ? availableActions(row.status, underwriter) : [],
  };
}
