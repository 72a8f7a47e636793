import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { toTransaction, type TransactionRow } from '../../lifecycle/index.ts';

type ListedRow = TransactionRow & { policy_number: string; company_name: string; agency_name: string };

/**
 * The billing list (spec 002 section 3 Transaction): every transaction within the tenant rule of what it is
 * on: its policy, or the bound binder billing applied it to before the policy was issued (`b`, joined only
 * for those). `policy_number` is the binder's number for the latter.
 */
const TRANSACTIONS: ListSpec<ListedRow, ReturnType<typeof toTransaction> & { policyNumber: string; companyName: string; agencyName: string }> = {
  select: `t.id, t.transaction_id, t.invoice_number, t.policy_id, t.quote_id, t.status, t.payment_date::text AS payment_date, t.payment_method, t.processor_name,
    t.amount_paid::text AS amount_paid, t.currency, t.payment_desc, t.brand, t.last4, t.failure_reason, t.created_at,
    coalesce(p.policy_number, b.binder_number) AS policy_number, a.name AS company_name, ag.name AS agency_name`,
  from: `payment_transactions t
    LEFT JOIN policies p ON p.id = t.policy_id
    LEFT JOIN quotes b ON b.id = t.quote_id AND t.policy_id IS NULL
    JOIN accounts a ON a.id = coalesce(p.account_id, b.account_id)
    JOIN accounts ag ON ag.id = coalesce(p.agency_id, b.agency_id)`,
  sorts: {
    paymentDate: 't.payment_date', created: 't.created_at', amountPaid: 't.amount_paid', status: 't.status', transactionId: 't.transaction_id',
    paymentMethod: 't.payment_method', policyNumber: 'coalesce(p.policy_number, b.binder_number)', companyName: 'lower(a.name)', agencyName: 'lower(ag.name)',
  },
  defaultSort: { field: 'created', direction: 'desc' },
  tieBreak: ['t.id'],
  search: ['t.transaction_id', 't.invoice_number', 'p.policy_number', 'b.binder_number', 'a.name', 'ag.name'],
  filters: {
    status: { sql: 't.status' },
    paymentMethod: { sql: 't.payment_method' },
    policyId: { sql: 't.policy_id', cast: 'uuid' },
  },
  ranges: { paymentDate: { sql: 't.payment_date', kind: 'date' } },
  toItem: (row) => ({ ...toTransaction(row), policyNumber: row.policy_number, companyName: row.company_name, agencyName: row.agency_name }),
};

export function searchVisibleTransactions(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, TRANSACTIONS, query, (params) =>
    tenantCondition(tenantScopeOf(caller), { account: 'coalesce(p.account_id, b.account_id)', agency: 'coalesce(p.agency_id, b.agency_id)' }, params));
}
