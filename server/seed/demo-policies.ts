import { addDays, proRataReturnPremium, flatCancelReturnPremium } from '../../engine/index.ts';
import type { Clock } from '../clock.ts';
import { BINDER_VALID_DAYS, DEFAULT_COMMISSION_RATE } from '../constants.ts';
import type { Queryable } from '../db/database.ts';
import { openForRenewal, nextBinderNumber, nextPolicyNumber, statusOnDay } from '../lifecycle/index.ts';

/**
 * Binders and policies for the demo book (after server/seed/demo-book.ts): every bound quote of the book gets
 * its binder, and binders bound long enough ago are issued as policies, some of them since cancelled, flat
 * cancelled or marked Check In Mail, so the binders and policies tabs and the policy page have realistic
 * rows in every status. Written as the binding and policy operations write them (numbers, history, audit-free
 * because no user made them), deterministic for a given clock.
 */
const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface BoundQuote {
  id: string;
  quote_number: string;
  account_id: string;
  agent_user_id: string | null;
  effective_date: string;
  end_date: string;
  premium: string;
  bound_at: Date;
  bound_by: string | null;
  company: string;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  edition: 'us' | 'uk';
}

const FIRST_NAMES = ['Priya', 'Daniel', 'Helen', 'Marcus', 'Elena', 'Tomás', 'Grace', 'Owen', 'Aisha', 'Liam'];
const LAST_NAMES = ['Raman', 'Okafor', 'Marsh', 'Whitfield', 'Novak', 'Reyes', 'Hughes', 'Clarke', 'Bennett', 'Foster'];

function contactOf(quote: BoundQuote, index: number) {
  const first = quote.contact_first_name ?? FIRST_NAMES[index % FIRST_NAMES.length]!;
  const last = quote.contact_last_name ?? LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
  const domain = quote.company.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 24) || 'client';
  return {
    first, last,
    email: quote.contact_email ?? `${first}.${last}@${domain}.example`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    phone: quote.contact_phone ?? (quote.edition === 'uk' ? `0207946${String(1000 + index).slice(-4)}` : `303555${String(1000 + index).slice(-4)}`),
  };
}

export async function seedDemoPolicies(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const today = isoDay(now);
  const quotes = await tx.query<BoundQuote>(
    `SELECT q.id, q.quote_number, q.account_id, q.agent_user_id, q.effective_date::text AS effective_date, q.end_date::text AS end_date,
       q.premium::text AS premium, e.at AS bound_at, e.user_id AS bound_by, a.name AS company, coalesce(q.customer_first_name, p.policy_contact_first_name) AS contact_first_name,
       coalesce(q.customer_last_name, p.policy_contact_last_name) AS contact_last_name, coalesce(q.customer_email, p.policy_contact_email) AS contact_email,
       -- The account keeps national digits; a policy's contact phone is written as entered, a UK number with its trunk 0.
       coalesce(q.customer_phone, CASE WHEN q.edition = 'uk' THEN '0' || p.policy_contact_phone ELSE p.policy_contact_phone END) AS contact_phone, q.edition
     FROM quotes q
     JOIN accounts a ON a.id = q.account_id
     LEFT JOIN account_profiles p ON p.account_id = q.account_id
     JOIN LATERAL (SELECT at, user_id FROM quote_events WHERE quote_id = q.id AND to_status = 'BOUND' ORDER BY id DESC LIMIT 1) e ON true
     WHERE q.status = 'BOUND' AND q.binder_number IS NULL
     ORDER BY e.at, q.id`,
  );
  // Cancellations are the provider's: the demo underwriter makes them.
  const [underwriter] = await tx.query<{ id: string }>(`SELECT u.id FROM users u JOIN accounts a ON a.id = u.account_id
    WHERE a.account_type = 'COWBELL' AND u.role_id = 'provider-underwriter' ORDER BY u.email LIMIT 1`);
  const staff = underwriter?.id ?? null;
  let index = 0;
  for (const quote of quotes) {
    index += 1;
    const boundDay = isoDay(new Date(quote.bound_at));
    const binderExpiresOn = addDays(quote.effective_date > boundDay ? quote.effective_date : boundDay, BINDER_VALID_DAYS);
    const binderNumber = await nextBinderNumber(tx, new Date(quote.bound_at));
    const contact = contactOf(quote, index);
    await tx.query(
      `UPDATE quotes SET binder_number = $2, bound_at = $3, bound_by = $4, binder_expires_on = $5, agency_status = 'BOUND',
         customer_first_name = $6, customer_last_name = $7, customer_email = $8, customer_phone = $9 WHERE id = $1`,
      [quote.id, binderNumber, quote.bound_at, quote.bound_by, binderExpiresOn, contact.first, contact.last, contact.email, contact.phone],
    );
    // A binder still inside its validity stays a binder one time in three; every other one was issued a few days after binding.
    const issueAt = new Date(new Date(quote.bound_at).getTime() + (1 + (index % 5)) * DAY_MS);
    if ((binderExpiresOn >= today && index % 3 === 0) || issueAt > now) continue;
    const policyNumber = await nextPolicyNumber(tx, issueAt);
    const issuedStatus = statusOnDay({ effectiveDate: quote.effective_date, endDate: quote.end_date }, isoDay(issueAt));
    const events: Array<{ from: string | null; to: string; action: string; at: Date; user: string | null; detail?: Record<string, unknown> }> = [
      { from: null, to: issuedStatus, action: 'issue', at: issueAt, user: quote.bound_by, detail: { quoteNumber: quote.quote_number } },
    ];
    let status: string = issuedStatus;
    if (status === 'ISSUED' && quote.effective_date <= today) {
      events.push({ from: status, to: 'ACTIVE', action: 'calendar', at: new Date(`${quote.effective_date}T00:05:00Z`), user: null });
      status = 'ACTIVE';
    }
    let cancellation: { date: string; reason: string; returned: string } | null = null;
    let description: string | null = null;
    if (status === 'ACTIVE' && index % 9 === 4) {
      const date = addDays(quote.effective_date, Math.min(60, Math.max(1, Math.floor((Date.parse(today) - Date.parse(quote.effective_date)) / DAY_MS) - 1)));
      cancellation = { date, reason: 'Insured sold the business; the buyer carries its own cyber cover.', returned: proRataReturnPremium(quote.premium, { effectiveDate: quote.effective_date, endDate: quote.end_date }, date) };
      events.push({ from: status, to: 'CANCELLED', action: 'cancel', at: new Date(`${date}T15:00:00Z`), user: staff, detail: { cancellationDate: date, returnPremium: cancellation.returned } });
      status = 'CANCELLED';
    } else if (status === 'ACTIVE' && index % 9 === 7) {
      const date = addDays(today, 21) < quote.end_date ? addDays(today, 21) : quote.end_date;
      cancellation = { date, reason: 'Non-payment of premium after notice.', returned: proRataReturnPremium(quote.premium, { effectiveDate: quote.effective_date, endDate: quote.end_date }, date) };
      events.push({ from: status, to: 'CANCEL PENDING', action: 'cancel', at: new Date(now.getTime() - 2 * DAY_MS), user: staff, detail: { cancellationDate: date, returnPremium: cancellation.returned } });
      status = 'CANCEL PENDING';
    } else if (status === 'ISSUED' && index % 7 === 2) {
      cancellation = { date: quote.effective_date, reason: 'Bound in error: the insured renewed with its incumbent carrier.', returned: flatCancelReturnPremium(quote.premium) };
      events.push({ from: status, to: 'FLAT CANCELLED', action: 'flatCancel', at: new Date(issueAt.getTime() + DAY_MS), user: staff, detail: { returnPremium: cancellation.returned } });
      status = 'FLAT CANCELLED';
    } else if (index % 8 === 3) {
      description = 'Check In Mail';
      events.push({ from: status, to: status, action: 'checkInMail', at: new Date(issueAt.getTime() + 2 * DAY_MS), user: quote.agent_user_id });
    }
    const inForce = status === 'ISSUED' || status === 'ACTIVE';
    const [policy] = await tx.query<{ id: string }>(
      `INSERT INTO policies (policy_number, quote_id, account_id, agency_id, agent_user_id, team_id, edition, product, status, currency, is_surplus,
         effective_date, end_date, agg_limit, deductible, premium, total_premium, surplus_line_tax, surplus_stamping_fee, broker_fee, mga_fee,
         commission_rate, contact_first_name, contact_last_name, contact_email, contact_phone, is_open_for_renewal, description,
         cancellation_date, cancellation_reason, return_premium, status_before_cancellation, issued_by, issued_at, created_at, modified_at)
       SELECT $1, q.id, q.account_id, q.agency_id, q.agent_user_id, q.team_id, q.edition, q.product, $2, q.currency, q.is_surplus,
         q.effective_date, q.end_date, q.agg_limit, q.deductible, q.premium, q.total_premium, q.surplus_line_tax, q.surplus_stamping_fee, q.broker_fee + q.additional_broker_fee, q.mga_fee,
         $3, q.customer_first_name, q.customer_last_name, q.customer_email, q.customer_phone, $4, $5, $6, $7, $8, $9, q.bound_by, $10, $10, $11
       FROM quotes q WHERE q.id = $12 RETURNING id`,
      [policyNumber, status, DEFAULT_COMMISSION_RATE, inForce && openForRenewal(quote.end_date, today, false), description,
        cancellation?.date ?? null, cancellation?.reason ?? null, cancellation?.returned ?? null, cancellation ? (status === 'FLAT CANCELLED' ? 'ISSUED' : 'ACTIVE') : null, issueAt,
        events[events.length - 1]!.at, quote.id],
    );
    for (const event of events) {
      await tx.query(
        'INSERT INTO policy_events (policy_id, from_status, to_status, action, detail, user_id, at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [policy!.id, event.from, event.to, event.action, event.detail ? JSON.stringify(event.detail) : null, event.user, event.at],
      );
    }
    await tx.query(`UPDATE quotes SET status = 'ISSUED', modified_at = $2 WHERE id = $1`, [quote.id, issueAt]);
    await tx.query(
      `INSERT INTO quote_events (quote_id, from_status, to_status, action, detail, user_id, at) VALUES ($1, 'BOUND', 'ISSUED', 'issue', $2, $3, $4)`,
      [quote.id, JSON.stringify({ policyNumber }), quote.bound_by, issueAt],
    );
  }
}
