import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { overseenAgencyCondition } from '../../resources/agencies/agency-reach.ts';
import { quoteTenant } from '../quotes/repository.ts';
import { BINDER_STATUSES } from '../quotes/transitions.ts';

/** A binder is a bound quote: its row as the binders tab reads it. */
interface BinderRow {
  id: string;
  binder_number: string;
  quote_number: string;
  account_id: string;
  company_name: string;
  agency_name: string;
  agent_name: string | null;
  product: string;
  status: string;
  currency: string;
  effective_date: string;
  end_date: string;
  binder_expires_on: string;
  bound_at: Date;
  total_premium: string;
  amount_paid: string;
  payment_status: BinderPaymentStatus;
}

/** Spec 002 section 4 binders paid/unpaid: Paid once the binder's payments reach its total premium. */
export type BinderPaymentStatus = 'Paid' | 'Partially Paid' | 'Unpaid';
/**
 * What was paid on the binder: external payments billing applied while it is bound (payment_transactions.quote_id).
 * Summed once per row in a lateral join (BINDERS.from), which the amount, the status, their sorts and the filter share.
 */
const PAID = 'pay.paid';
const PAYMENT_STATUS = `(CASE WHEN ${PAID} >= q.total_premium THEN 'Paid' WHEN ${PAID} > 0 THEN 'Partially Paid' ELSE 'Unpaid' END)`;

function toBinder(row: BinderRow) {
  return {
    id: row.id,
    binderNumber: row.binder_number,
    quoteNumber: row.quote_number,
    accountId: row.account_id,
    companyName: row.company_name,
    agencyName: row.agency_name,
    agentName: row.agent_name,
    product: row.product,
    status: row.status,
    currency: row.currency as 'USD' | 'GBP',
    effectiveDate: row.effective_date,
    endDate: row.end_date,
    binderExpiresOn: row.binder_expires_on,
    boundAt: new Date(row.bound_at).toISOString(),
    totalPremium: Number(row.total_premium).toFixed(2),
    amountPaid: Number(row.amount_paid).toFixed(2),
    paymentStatus: row.payment_status,
  };
}

const BINDERS: ListSpec<BinderRow, ReturnType<typeof toBinder>> = {
  select: `q.id, q.binder_number, q.quote_number, q.account_id, a.name AS company_name, ag.name AS agency_name,
    CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS agent_name, q.product, q.status, q.currency,
    q.effective_date::text AS effective_date, q.end_date::text AS end_date, q.binder_expires_on::text AS binder_expires_on, q.bound_at,
    q.total_premium::text AS total_premium, ${PAID}::text AS amount_paid, ${PAYMENT_STATUS} AS payment_status`,
  from: `quotes q
    JOIN accounts a ON a.id = q.account_id
    JOIN accounts ag ON ag.id = q.agency_id
    LEFT JOIN users u ON u.id = q.agent_user_id
    CROSS JOIN LATERAL (SELECT coalesce(sum(t.amount_paid), 0) AS paid FROM payment_transactions t WHERE t.quote_id = q.id AND t.status = 'Paid') pay`,
  sorts: {
    effectiveDate: 'q.effective_date', binderExpiresOn: 'q.binder_expires_on', binderNumber: 'q.binder_number', companyName: 'lower(a.name)',
    status: 'q.status', product: 'q.product', totalPremium: 'q.total_premium', agentName: 'agent_name', boundAt: 'q.bound_at', quoteNumber: 'q.quote_number',
    paymentStatus: PAYMENT_STATUS, amountPaid: PAID,
  },
  // Spec 002 section 9: binders by effectiveDate ascending.
  defaultSort: { field: 'effectiveDate', direction: 'asc' },
  tieBreak: ['q.id'],
  search: ['q.binder_number', 'q.quote_number', 'a.name', 'ag.name'],
  filters: {
    status: { sql: 'q.status' },
    product: { sql: 'q.product' },
    accountId: { sql: 'q.account_id', cast: 'uuid' },
    agencyId: { sql: 'q.agency_id', cast: 'uuid' },
    teamId: { sql: 'q.team_id', cast: 'uuid' },
    paymentStatus: { sql: PAYMENT_STATUS },
  },
  toItem: toBinder,
};

/** The binders tab: bound, rescinded and expired binders within the quote tenant rule (issued ones are policies now). */
export function searchVisibleBinders(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, BINDERS, query, (params) => `q.binder_number IS NOT NULL AND q.status = ANY(${params.add([...BINDER_STATUSES], 'text[]')}) AND ${quoteTenant(caller, params)}`);
}

/** The binders a caller sees, and those of the agencies it oversees (a cluster's, a carrier's, a digital agency's). */
export function searchOverseenBinders(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, BINDERS, query, (params) =>
    `q.binder_number IS NOT NULL AND q.status = ANY(${params.add([...BINDER_STATUSES], 'text[]')}) AND (${quoteTenant(caller, params)} OR ${overseenAgencyCondition(caller, 'q.agency_id', params)})`);
}

/** The binder fields of a bound quote, or null when it was never bound. */
export async function binderColumns(db: Queryable, quoteId: string) {
  const [row] = await db.query<{ binder_number: string; binder_expires_on: string; bound_at: Date }>(
    'SELECT binder_number, binder_expires_on::text AS binder_expires_on, bound_at FROM quotes WHERE id = $1 AND binder_number IS NOT NULL',
    [quoteId],
  );
  return row ?? null;
}
