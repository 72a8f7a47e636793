import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { policyTenant } from '../../lifecycle/index.ts';

interface BorChangeRow {
  id: string;
  policy_id: string;
  policy_number: string;
  company_name: string;
  from_agency_name: string;
  to_agency_name: string;
  effective_date: string;
  letter_date: string;
  reason: string | null;
  created_by_name: string | null;
  created_at: Date;
  correctable: boolean;
}

function toBorChange(row: BorChangeRow) {
  return {
    id: row.id, policyId: row.policy_id, policyNumber: row.policy_number, companyName: row.company_name,
    fromAgencyName: row.from_agency_name, toAgencyName: row.to_agency_name, effectiveDate: row.effective_date, letterDate: row.letter_date,
    reason: row.reason, by: row.created_by_name, created: new Date(row.created_at).toISOString(), correctable: row.correctable,
  };
}

/**
 * A change may be corrected while it is the policy's latest and the policy, still in force, is with the agency
 * it moved to: an older change is history a later one built on.
 */
const CORRECTABLE = `(p.agency_id = c.to_agency_id AND p.status IN ('ISSUED', 'ACTIVE') AND NOT EXISTS (
  SELECT 1 FROM policy_bor_changes later WHERE later.policy_id = c.policy_id AND (later.created_at, later.id) > (c.created_at, c.id)))`;

const BOR_CHANGES: ListSpec<BorChangeRow, ReturnType<typeof toBorChange>> = {
  select: `c.id, c.policy_id, p.policy_number, a.name AS company_name, fa.name AS from_agency_name, ta.name AS to_agency_name,
    c.effective_date::text AS effective_date, c.letter_date::text AS letter_date, c.reason,
    CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS created_by_name, c.created_at,
    ${CORRECTABLE} AS correctable`,
  from: `policy_bor_changes c
    JOIN policies p ON p.id = c.policy_id
    JOIN accounts a ON a.id = p.account_id
    JOIN accounts fa ON fa.id = c.from_agency_id
    JOIN accounts ta ON ta.id = c.to_agency_id
    LEFT JOIN users u ON u.id = c.created_by`,
  sorts: { created: 'c.created_at', effectiveDate: 'c.effective_date', policyNumber: 'p.policy_number', companyName: 'lower(a.name)' },
  defaultSort: { field: 'created', direction: 'desc' },
  tieBreak: ['c.id'],
  search: ['p.policy_number', 'a.name', 'fa.name', 'ta.name'],
  filters: { policyId: { sql: 'c.policy_id', cast: 'uuid' } },
  toItem: toBorChange,
};

/**
 * Broker-of-record changes within reach: provider staff every one; an agency those that moved a policy to it
 * or away from it (it should know a client left); a policyholder those of its own account.
 */
export async function searchBorChanges(db: Queryable, caller: Caller, query: ListRequest) {
  const page = await listPage(db, BOR_CHANGES, query, (params) => {
    const scope = tenantScopeOf(caller);
    const to = tenantCondition(scope, { account: 'p.account_id', agency: 'c.to_agency_id' }, params);
    const from = tenantCondition(scope, { account: 'p.account_id', agency: 'c.from_agency_id' }, params);
    return `((${to}) OR (${from}))`;
  });
  // The agency a policy left sees the change but no longer the policy: the row says whether it opens.
  const params = new SqlParams();
  const ids = params.add(page.content.map((item) => item.policyId), 'uuid[]');
  const reachable = new Set((await db.query<{ id: string }>(`SELECT p.id FROM policies p WHERE p.id = ANY(${ids}) AND ${policyTenant(caller, params)}`, params.values)).map((row) => row.id));
  return { ...page, content: page.content.map((item) => ({ ...item, reachable: reachable.has(item.policyId) })) };
}

export interface BorChangeForCorrection {
  id: string;
  policy_id: string;
  effective_date: string;
  letter_date: string;
  reason: string | null;
  to_agency_name: string;
  correctable: boolean;
}

/** One change as a correction reads it, locked with its policy by the caller's transaction. */
export async function borChangeForCorrection(tx: Queryable, id: string): Promise<BorChangeForCorrection | null> {
  const [row] = await tx.query<BorChangeForCorrection>(
    `SELECT c.id, c.policy_id, c.effective_date::text AS effective_date, c.letter_date::text AS letter_date, c.reason,
       ta.name AS to_agency_name, ${CORRECTABLE} AS correctable
     FROM policy_bor_changes c JOIN policies p ON p.id = c.policy_id JOIN accounts ta ON ta.id = c.to_agency_id
     WHERE c.id = $1 FOR UPDATE OF c`,
    [id],
  );
  return row ?? null;
}
