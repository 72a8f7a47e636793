import type { RaterDefinitions } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import type { QuoteDetailRow } from '../quotes/repository.ts';
import { toQuote } from '../quotes/repository.ts';
import { quoteScheduleOf, scheduleAnswer } from '../schedule/quote-schedule.ts';
import { reasonText } from '../quotes/hand-overs.ts';
import { REVIEW_TEXTS, type AgencyStatus } from './review-texts.ts';
import { phoneForForm } from '../../resources/account-profile/repository.ts';

/** The review columns the quotes list rows do not carry. */
export interface ReviewColumns {
  policyholder_user_id: string | null;
  sent_to_policyholder_at: Date | null;
  request_to_bind_at: Date | null;
  insured_attested_at: Date | null;
  signed_at: Date | null;
  signed_name: string | null;
}

interface AccountFacts {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  domain_name: string | null;
  industry_code: string | null;
  industry_name: string | null;
  revenue: string | null;
  employees: number | null;
  year_established: number | null;
  is_verified_by_agent: boolean | null;
  verified_date: Date | null;
  policy_contact_first_name: string | null;
  policy_contact_last_name: string | null;
  policy_contact_email: string | null;
  policy_contact_phone: string | null;
  security_answers: Record<string, unknown> | null;
  agent_email: string | null;
  agent_phone: string | null;
}

export async function reviewColumns(db: Queryable, quoteId: string): Promise<ReviewColumns> {
  const [row] = await db.query<ReviewColumns>(
    `SELECT policyholder_user_id, sent_to_policyholder_at, request_to_bind_at, insured_attested_at, signed_at, signed_name FROM quotes WHERE id = $1`,
    [quoteId],
  );
  return row!;
}

async function accountFacts(db: Queryable, quote: QuoteDetailRow): Promise<AccountFacts> {
  const [row] = await db.query<AccountFacts>(
    `SELECT d.address1, d.address2, d.city, d.state, d.zip_code, d.domain_name, coalesce(d.industry_code, f.industry_code) AS industry_code,
       i.title AS industry_name, coalesce(p.revenue, f.revenue)::text AS revenue, coalesce(p.employees, f.employees) AS employees,
       coalesce(p.year_established, f.year_established) AS year_established, p.is_verified_by_agent, p.verified_date,
       p.policy_contact_first_name, p.policy_contact_last_name, p.policy_contact_email, p.policy_contact_phone, s.answers AS security_answers,
       u.email AS agent_email, u.phone AS agent_phone
     FROM accounts a
     LEFT JOIN account_details d ON d.account_id = a.id
     LEFT JOIN account_profiles p ON p.account_id = a.id
     LEFT JOIN account_firmographics f ON f.account_id = a.id
     LEFT JOIN account_security_answers s ON s.account_id = a.id
     LEFT JOIN industry_codes i ON i.code = coalesce(d.industry_code, f.industry_code) AND i.edition = a.edition
     LEFT JOIN users u ON u.id = $2
     WHERE a.id = $1`,
    [quote.account_id, quote.agent_user_id],
  );
  return row!;
}

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);
const fill = (template: string, quote: QuoteDetailRow) => template.replace('{number}', quote.quote_number).replace('{company}', quote.company_name);

/**
 * What the review page shows of a quote (spec 002 section 2 'Wholesale quote review page'): the heading by
 * agency status, the account details, the security assessment, the quote's schedule (its coverages as rated,
 * the premium with each fee and tax and the total), and where the request to bind stands. Readable by the agency, provider staff and the client's
 * own users (the policyholder who opened the link).
 */
export async function quoteReview(db: Queryable, quote: QuoteDetailRow, rater: RaterDefinitions) {
  const [facts, review] = await Promise.all([accountFacts(db, quote), reviewColumns(db, quote.id)]);
  const agencyStatus = quote.agency_status as AgencyStatus;
  const schedule = quoteScheduleOf(quote, rater);
  const rating = quote.rating as { premiumTax?: string; fees?: string };
  return {
    ...toQuote(quote),
    heading: fill(REVIEW_TEXTS.headings[agencyStatus] ?? REVIEW_TEXTS.headings.ACTIVE, quote),
    // The reason underwriting gave, summary and description, so the agent reads all of it.
    invalidReason: agencyStatus === 'INVALID' || quote.status === 'INVALID' ? reasonText(quote.decision) ?? '' : null,
    agentEmail: facts.agent_email,
    agentPhone: facts.agent_phone,
    account: {
      address: [facts.address1, facts.address2].filter(Boolean).join(', '),
      city: facts.city,
      state: facts.state,
      zipCode: facts.zip_code,
      domainName: facts.domain_name,
      industryCode: facts.industry_code,
      industryName: facts.industry_name,
      revenue: facts.revenue === null ? null : Number(facts.revenue),
      employees: facts.employees,
      yearEstablished: facts.year_established,
    },
    security: facts.security_answers ?? {},
    // The product's security questions form: the page asks the social engineering questions of a product that asks them.
    securityForm: rater.allProducts.get(quote.product)?.questionnaire.security ?? null,
    // The schedule of record: the coverages and charges the proposal and binder print.
    coverages: schedule.coverages,
    schedule: scheduleAnswer(schedule),
    surplusLineTax: Number(quote.surplus_line_tax).toFixed(2),
    surplusStampingFee: Number(quote.surplus_stamping_fee).toFixed(2),
    premiumTax: rating.premiumTax ?? '0.00',
    fees: rating.fees ?? '0.00',
    accountVerified: facts.is_verified_by_agent === true,
    verifiedDate: iso(facts.verified_date),
    policyContact: {
      firstName: quote.customer_first_name ?? facts.policy_contact_first_name,
      lastName: quote.customer_last_name ?? facts.policy_contact_last_name,
      email: quote.customer_email ?? facts.policy_contact_email,
      phone: quote.customer_phone ?? phoneForForm(facts.policy_contact_phone, quote.edition),
    },
    wraRequestToBind: quote.wra_request_to_bind,
    // When the quote was last patched (account details saved through it): the page waits for it to move.
    lastPatched: iso(quote.last_patched_at),
    requestToBindAt: iso(review.request_to_bind_at),
    sentToPolicyholderAt: iso(review.sent_to_policyholder_at),
    insuredAttested: review.insured_attested_at !== null,
    signedAt: iso(review.signed_at),
    signedName: review.signed_name,
  };
}
export type QuoteReview = Awaited<ReturnType<typeof quoteReview>>;
