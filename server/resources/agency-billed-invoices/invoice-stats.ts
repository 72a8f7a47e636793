import { Decimal } from '../../../engine/index.ts';
import { PAYMENT_DUE_DAYS } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import type { Caller } from '../../services.ts';
import { agencyTenant } from '../commissions/commission-lists.ts';

interface CurrencyRow {
  currency: 'USD' | 'GBP';
  invoice_count: number;
  invoiced: string;
  paid_count: number;
  paid: string;
  outstanding_count: number;
  outstanding: string;
  overdue_count: number;
  overdue: string;
}

const money = (value: string) => Decimal.from(value).toFixed(2);

/**
 * One agency-billed invoice per policy, billed to its agency of record: what the agency owes the provider
 * is the premium it collected less its commission, over the policy's commission lines (commission-lists.ts
 * NET_DUE of agency-billed lines: issue, endorsements and a cancellation's return). It is paid by the money
 * recorded against the policy (a check or wire applied by billing) and due PAYMENT_DUE_DAYS after the policy
 * was issued, as the payer's premium is. Sums are exact SQL numerics.
 */
const invoicesWithDueDays = (dueDays: string) => `
  SELECT l.policy_id, l.currency, sum(l.total_premium - l.commissions_amount) AS invoiced,
    (p.issued_at AT TIME ZONE 'UTC')::date + ${dueDays} AS due_date,
    coalesce((SELECT sum(t.amount_paid) FROM payment_transactions t WHERE t.policy_id = l.policy_id AND t.status = 'Paid'), 0) AS paid
  FROM commission_lines l JOIN policies p ON p.id = l.policy_id`;

/** Counts and totals per currency of the agency-billed invoices within the caller's reach, optionally of one agency. */
export async function agencyBilledInvoiceStats(db: Queryable, caller: Caller, today: string, agencyId: string | null) {
  const params = new SqlParams();
  const dueDays = params.add(PAYMENT_DUE_DAYS, 'int');
  const day = params.add(today, 'date');
  const conditions = ['l.agency_billed', agencyTenant(caller, 'p.agency_id', params)];
  if (agencyId) conditions.push(`p.agency_id = ${params.add(agencyId, 'uuid')}`);
  const rows = await db.query<CurrencyRow>(
    `WITH invoices AS (${invoicesWithDueDays(dueDays)} WHERE ${conditions.join(' AND ')} GROUP BY l.policy_id, l.currency, p.issued_at),
     -- Money recorded against the policy beyond the invoice (the whole premium, commission in) pays the invoice and no more.
     figures AS (SELECT currency, invoiced, least(paid, greatest(invoiced, 0)) AS paid, greatest(invoiced - paid, 0) AS outstanding, due_date FROM invoices)
     SELECT currency, count(*)::int AS invoice_count, sum(invoiced)::text AS invoiced,
       count(*) FILTER (WHERE outstanding = 0)::int AS paid_count, sum(paid)::text AS paid,
       count(*) FILTER (WHERE outstanding > 0)::int AS outstanding_count, sum(outstanding)::text AS outstanding,
       count(*) FILTER (WHERE outstanding > 0 AND due_date < ${day})::int AS overdue_count,
       coalesce(sum(outstanding) FILTER (WHERE outstanding > 0 AND due_date < ${day}), 0)::text AS overdue
     FROM figures GROUP BY currency ORDER BY currency`,
    params.values,
  );
  const currencies = rows.map((row) => ({
    currency: row.currency,
    invoiceCount: row.invoice_count, invoicedAmount: money(row.invoiced),
    paidCount: row.paid_count, paidAmount: money(row.paid),
    outstandingCount: row.outstanding_count, outstandingAmount: money(row.outstanding),
    overdueCount: row.overdue_count, overdueAmount: money(row.overdue),
  }));
  const count = (pick: (row: (typeof currencies)[number]) => number) => currencies.reduce((sum, row) => sum + pick(row), 0);
  return {
    asOf: today,
    agencyId,
    // Counts add up across currencies; money does not, so it stays per currency.
    invoiceCount: count((row) => row.invoiceCount),
    paidCount: count((row) => row.paidCount),
    outstandingCount: count((row) => row.outstandingCount),
    overdueCount: count((row) => row.overdueCount),
    currencies,
  };
}
