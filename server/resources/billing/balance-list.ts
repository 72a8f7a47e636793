import { paymentStatusOf, type RecordedPayment, type TransactionStatus } from '../../../engine/index.ts';
import { PAYMENT_DUE_DAYS } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { invoiceNumberOf, policyTenant, PAYABLE } from '../../lifecycle/index.ts';

interface BalanceRow {
  policy_id: string;
  policy_number: string;
  edition: 'us' | 'uk';
  currency: string;
  company_name: string;
  agency_name: string;
  status: string;
  total_premium: string;
  owed: string;
  paid: string;
  balance: string;
  due_date: string;
  financed: boolean;
  in_process: boolean;
  latest_status: TransactionStatus | null;
  reminders_off: boolean;
}

/** What the payer owes in all: an accepted instalment plan's down payment (the lender pays the rest), else the premium (financing-repository owedByPayer). */
const OWED = 'coalesce(f.down_payment, p.total_premium)';
const BALANCE = `greatest(0, ${OWED} - pay.paid)`;
// The invoice is due PAYMENT_DUE_DAYS after the policy was issued (UTC day), as reminder-schedule.ts paymentDueDate says.
const DUE_DATE = `((p.issued_at AT TIME ZONE 'UTC')::date + ${PAYMENT_DUE_DAYS})`;

/**
 * Outstanding balances (spec 002 section 3 'balances, invoices'): one invoice per payable policy with
 * something still owed, its balance computed from the same payments and instalment plan the payment page
 * reads. Provider staff see every policy's, an agency its own policies'.
 */
const BALANCES: ListSpec<BalanceRow, ReturnType<typeof toBalance>> = {
  select: `p.id AS policy_id, p.policy_number, p.edition, p.currency, a.name AS company_name, ag.name AS agency_name, p.status,
    p.total_premium::text AS total_premium, ${OWED}::text AS owed, pay.paid::text AS paid, ${BALANCE}::text AS balance,
    ${DUE_DATE}::text AS due_date, f.id IS NOT NULL AS financed, pay.in_process, pay.latest_status, p.invoice_reminders_off AS reminders_off`,
  from: `policies p
    JOIN accounts a ON a.id = p.account_id
    JOIN accounts ag ON ag.id = p.agency_id
    LEFT JOIN premium_financings f ON f.policy_id = p.id AND f.status = 'ACCEPTED'
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(t.amount_paid) FILTER (WHERE t.status = 'Paid'), 0) AS paid,
        coalesce(bool_or(t.status = 'In Process'), false) AS in_process,
        (array_agg(t.status ORDER BY t.created_at DESC, t.id DESC) FILTER (WHERE t.status <> 'Void'))[1] AS latest_status
      FROM payment_transactions t WHERE t.policy_id = p.id) pay`,
  sorts: {
    dueDate: DUE_DATE, balanceDue: BALANCE, totalPremium: 'p.total_premium', amountPaid: 'pay.paid',
    policyNumber: 'p.policy_number', companyName: 'lower(a.name)', agencyName: 'lower(ag.name)',
  },
  defaultSort: { field: 'dueDate', direction: 'asc' },
  tieBreak: ['p.id'],
  search: ['p.policy_number', 'a.name', 'ag.name'],
  filters: {
    agencyId: { sql: 'p.agency_id', cast: 'uuid' },
    currency: { sql: 'p.currency' },
    financed: { sql: '(f.id IS NOT NULL)', cast: 'boolean' },
  },
  ranges: { dueDate: { sql: DUE_DATE, kind: 'date' } },
  toItem: toBalance,
};

function toBalance(row: BalanceRow) {
  // The payment page's status rule, fed the three facts it reads: the sum received, a payment on its way,
  // and the latest attempt that was not voided (most recent first, as paymentStatusOf expects).
  const facts: RecordedPayment[] = [
    ...(row.latest_status ? [{ status: row.latest_status, amount: '0' } satisfies RecordedPayment] : []),
    ...(row.in_process ? [{ status: 'In Process', amount: '0' } satisfies RecordedPayment] : []),
    { status: 'Paid', amount: row.paid } satisfies RecordedPayment,
  ];
  return {
    policyId: row.policy_id,
    policyNumber: row.policy_number,
    invoiceNumber: invoiceNumberOf(row.policy_number),
    edition: row.edition,
    currency: row.currency,
    companyName: row.company_name,
    agencyName: row.agency_name,
    policyStatus: row.status,
    totalPremium: Number(row.total_premium).toFixed(2),
    amountOwed: Number(row.owed).toFixed(2),
    amountPaid: Number(row.paid).toFixed(2),
    balanceDue: Number(row.balance).toFixed(2),
    dueDate: String(row.due_date).slice(0, 10),
    paymentStatus: paymentStatusOf(row.owed, facts),
    financed: row.financed,
    remindersOn: !row.reminders_off,
  };
}

export function searchOutstandingBalances(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, BALANCES, query, (params) => {
    const payable = PAYABLE.map((status) => params.add(status)).join(', ');
    return `${policyTenant(caller, params)} AND p.status IN (${payable}) AND ${BALANCE} > 0`;
  });
}
