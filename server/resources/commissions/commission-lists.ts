import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { SqlParams } from '../../db/sql-params.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';

const money = (value: string | number) => Number(value).toFixed(2);
const isoDate = (value: Date | string) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const isoTime = (value: Date | string) => new Date(value).toISOString();

/** Commission rows belong to their agency: provider staff see every agency's, an agency its own. */
export function agencyTenant(caller: Caller, column: string, params: SqlParams): string {
  return tenantCondition(tenantScopeOf(caller), { account: column, agency: column }, params);
}

/** The agency's currency follows its edition. */
export const AGENCY_CURRENCY = `CASE ag.edition WHEN 'uk' THEN 'GBP' ELSE 'USD' END`;

interface LineRow {
  id: string;
  policy_id: string;
  policy_number: string;
  product: string;
  company_name: string;
  agency_id: string;
  agency_name: string;
  line_type: 'New Business' | 'Cancellation' | 'Endorsement' | 'Excess' | 'Extended Reporting';
  transaction_date: string;
  effective_date: string;
  commissionable_premium: string;
  commission_rate: string;
  commissions_amount: string;
  total_premium: string;
  net_due: string;
  agency_billed: boolean;
  currency: 'USD' | 'GBP';
  created_at: Date;
  modified_at: Date;
}

/**
 * Net due of a line: direct-billed, the commission the provider owes the agency; agency-billed, the premium
 * the agency collected less its commission, which it owes the provider.
 */
const NET_DUE = 'CASE WHEN l.agency_billed THEN l.total_premium - l.commissions_amount ELSE l.commissions_amount END';

/** The statement lines (spec 002 section 3 Commission, its sort fields). */
const STATEMENTS: ListSpec<LineRow, ReturnType<typeof toLine>> = {
  select: `l.id, l.policy_id, l.policy_number, l.product, a.name AS company_name, l.agency_id, ag.name AS agency_name, l.line_type,
    l.transaction_date::text AS transaction_date, l.effective_date::text AS effective_date, l.commissionable_premium::text AS commissionable_premium,
    l.commission_rate::text AS commission_rate, l.commissions_amount::text AS commissions_amount, l.total_premium::text AS total_premium,
    (${NET_DUE})::text AS net_due, l.agency_billed, l.currency, l.created_at, l.modified_at`,
  from: `commission_lines l
    JOIN accounts a ON a.id = l.account_id
    JOIN accounts ag ON ag.id = l.agency_id`,
  sorts: {
    commissionablePremium: 'l.commissionable_premium', commissionRate: 'l.commission_rate', commissionsAmount: 'l.commissions_amount',
    transactionDate: 'l.transaction_date', created: 'l.created_at', effectiveDate: 'l.effective_date', agencyBilled: 'l.agency_billed',
    modified: 'l.modified_at', totalPremium: 'l.total_premium', netDue: NET_DUE, policyNumber: 'l.policy_number', agencyName: 'lower(ag.name)',
    companyName: 'lower(a.name)',
  },
  defaultSort: { field: 'transactionDate', direction: 'desc' },
  tieBreak: ['l.id'],
  search: ['l.policy_number', 'a.name', 'ag.name'],
  filters: {
    agencyBilled: { sql: 'l.agency_billed', cast: 'boolean' },
    agencyId: { sql: 'l.agency_id', cast: 'uuid' },
    lineType: { sql: 'l.line_type' },
  },
  ranges: { transactionDate: { sql: 'l.transaction_date', kind: 'date' } },
  toItem: toLine,
};

function toLine(row: LineRow) {
  return {
    id: row.id, policyId: row.policy_id, policyNumber: row.policy_number, product: row.product, companyName: row.company_name,
    agencyId: row.agency_id, agencyName: row.agency_name, lineType: row.line_type, transactionDate: isoDate(row.transaction_date),
    effectiveDate: isoDate(row.effective_date), commissionablePremium: money(row.commissionable_premium),
    commissionRate: Math.round(Number(row.commission_rate) * 10000) / 100, commissionsAmount: money(row.commissions_amount),
    totalPremium: money(row.total_premium), netDue: money(row.net_due), agencyBilled: row.agency_billed, currency: row.currency,
    created: isoTime(row.created_at), modified: isoTime(row.modified_at),
  };
}

export type CommissionLine = ReturnType<typeof toLine>;

export function searchVisibleCommissionLines(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, STATEMENTS, query, (params) => agencyTenant(caller, 'l.agency_id', params));
}

/** Every line of an agency in a month, oldest first (a statement or an invoice prints them all). */
export async function commissionLinesOfMonth(db: Queryable, agencyId: string, year: number, month: number, agencyBilledOnly: boolean): Promise<CommissionLine[]> {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const rows = await db.query<LineRow>(
    `SELECT ${STATEMENTS.select} FROM ${STATEMENTS.from}
     WHERE l.agency_id = $1 AND l.transaction_date >= $2::date AND l.transaction_date < ($2::date + interval '1 month') AND ($3::boolean = false OR l.agency_billed)
     ORDER BY l.transaction_date, l.policy_number, l.id`,
    [agencyId, first, agencyBilledOnly],
  );
  return rows.map(toLine);
}

interface AggregateRow {
  agency_id: string;
  agency_name: string;
  policies: string;
  commissionable_premium: string;
  commissions_amount: string;
  total_premium: string;
  paid_amount: string;
  net_due: string;
  agency_billed_due: string;
  currency: 'USD' | 'GBP';
  payments_paused: boolean | null;
  bank_account_set: boolean;
  transaction_date: string | null;
}

/**
 * One row per agency with commission lines: earned, paid (payments that went through or are on their way),
 * still owed on direct-billed policies, and owed to the provider on agency-billed ones.
 */
const OWED = `coalesce(s.direct_commission, 0) - coalesce(pay.paid, 0)`;
const AGGREGATES: ListSpec<AggregateRow, ReturnType<typeof toAggregate>> = {
  select: `ag.id AS agency_id, ag.name AS agency_name, s.policies::text AS policies, s.commissionable_premium::text AS commissionable_premium,
    s.commissions_amount::text AS commissions_amount, s.total_premium::text AS total_premium, coalesce(pay.paid, 0)::text AS paid_amount,
    (${OWED})::text AS net_due, s.agency_billed_due::text AS agency_billed_due, ${AGENCY_CURRENCY} AS currency, ca.payments_paused,
    (ca.payee_token IS NOT NULL) AS bank_account_set, s.last_date::text AS transaction_date`,
  from: `accounts ag
    JOIN (SELECT agency_id, count(DISTINCT policy_id) AS policies, sum(commissionable_premium) AS commissionable_premium,
            sum(commissions_amount) AS commissions_amount, sum(total_premium) AS total_premium,
            sum(CASE WHEN agency_billed THEN 0 ELSE commissions_amount END) AS direct_commission,
            sum(CASE WHEN agency_billed THEN total_premium - commissions_amount ELSE 0 END) AS agency_billed_due, max(transaction_date) AS last_date,
            bool_or(agency_billed) AS agency_billed
          FROM commission_lines GROUP BY agency_id) s ON s.agency_id = ag.id
    LEFT JOIN (SELECT agency_id, sum(amount) AS paid FROM commission_payments WHERE status IN ('Paid', 'In Process') GROUP BY agency_id) pay ON pay.agency_id = ag.id
    LEFT JOIN agency_commission_accounts ca ON ca.agency_id = ag.id`,
  sorts: {
    agencyName: 'lower(ag.name)', commissionablePremium: 's.commissionable_premium', commissionsAmount: 's.commissions_amount',
    totalPremium: 's.total_premium', netDue: OWED, paidAmount: 'coalesce(pay.paid, 0)', transactionDate: 's.last_date',
  },
  defaultSort: { field: 'agencyName', direction: 'asc' },
  tieBreak: ['ag.id'],
  search: ['ag.name'],
  // agencyBilled: agencies that bill some of their policies themselves (true), or none (false).
  filters: { paymentsPaused: { sql: 'coalesce(ca.payments_paused, false)', cast: 'boolean' }, agencyBilled: { sql: 's.agency_billed', cast: 'boolean' } },
  toItem: toAggregate,
};

function toAggregate(row: AggregateRow) {
  return {
    agencyId: row.agency_id, agencyName: row.agency_name, policies: Number(row.policies), commissionablePremium: money(row.commissionable_premium),
    commissionsAmount: money(row.commissions_amount), totalPremium: money(row.total_premium), paidAmount: money(row.paid_amount),
    netDue: money(row.net_due), agencyBilledDue: money(row.agency_billed_due), currency: row.currency, paymentsPaused: row.payments_paused === true,
    bankAccountSet: row.bank_account_set, transactionDate: row.transaction_date ? isoDate(row.transaction_date) : null,
  };
}

export function searchVisibleCommissionAggregates(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, AGGREGATES, query, (params) => agencyTenant(caller, 'ag.id', params));
}

/** What the provider still owes an agency in commission on its direct-billed policies. */
export async function commissionOwed(db: Queryable, agencyId: string): Promise<string> {
  const [row] = await db.query<{ owed: string }>(
    `SELECT (coalesce((SELECT sum(commissions_amount) FROM commission_lines WHERE agency_id = $1 AND NOT agency_billed), 0)
       - coalesce((SELECT sum(amount) FROM commission_payments WHERE agency_id = $1 AND status IN ('Paid', 'In Process')), 0))::text AS owed`,
    [agencyId],
  );
  return money(row!.owed);
}

interface PaymentRow {
  id: string;
  payment_number: string;
  agency_id: string;
  agency_name: string;
  amount: string;
  currency: 'USD' | 'GBP';
  description: string;
  status: 'Paid' | 'Failed' | 'In Process';
  failure_reason: string | null;
  processor: string;
  paid_at: Date;
}

const PAYMENTS: ListSpec<PaymentRow, ReturnType<typeof toCommissionPayment>> = {
  select: `cp.id, cp.payment_number, cp.agency_id, ag.name AS agency_name, cp.amount::text AS amount, cp.currency, cp.description, cp.status,
    cp.failure_reason, cp.processor, cp.paid_at`,
  from: 'commission_payments cp JOIN accounts ag ON ag.id = cp.agency_id',
  sorts: { paidAt: 'cp.paid_at', amount: 'cp.amount', agencyName: 'lower(ag.name)', status: 'cp.status', paymentNumber: 'cp.payment_number' },
  defaultSort: { field: 'paidAt', direction: 'desc' },
  tieBreak: ['cp.id'],
  search: ['cp.payment_number', 'ag.name', 'cp.description'],
  filters: { agencyId: { sql: 'cp.agency_id', cast: 'uuid' } },
  toItem: toCommissionPayment,
};

export function toCommissionPayment(row: PaymentRow) {
  return {
    id: row.id, paymentNumber: row.payment_number, agencyId: row.agency_id, agencyName: row.agency_name, amount: money(row.amount),
    currency: row.currency, description: row.description, status: row.status, failureReason: row.failure_reason, processorName: row.processor,
    paidAt: isoTime(row.paid_at),
  };
}

export function searchVisibleCommissionPayments(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, PAYMENTS, query, (params) => agencyTenant(caller, 'cp.agency_id', params));
}

export async function commissionPaymentByToken(db: Queryable, payoutToken: string) {
  const [row] = await db.query<PaymentRow>(`SELECT ${PAYMENTS.select} FROM ${PAYMENTS.from} WHERE cp.payout_token = $1`, [payoutToken]);
  return row ? toCommissionPayment(row) : null;
}
