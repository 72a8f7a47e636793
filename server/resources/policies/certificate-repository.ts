import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import type { Caller } from '../../services.ts';
import { policyTenant } from './policy-repository.ts';

export interface CertificateRow {
  id: string;
  policy_id: string;
  organization_name: string;
  address1: string;
  city: string;
  state: string | null;
  zip: string | null;
  requested_at: Date;
  requested_by: string | null;
}

const SELECT = `c.id, c.policy_id, c.organization_name, c.address1, c.city, c.state, c.zip, c.requested_at,
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS requested_by`;

/** The certificates issued for a policy, newest first (the policy page's list). */
export async function policyCertificates(db: Queryable, policyId: string) {
  const rows = await db.query<CertificateRow>(
    `SELECT ${SELECT} FROM policy_certificates c LEFT JOIN users u ON u.id = c.requested_by WHERE c.policy_id = $1 ORDER BY c.requested_at DESC, c.id`,
    [policyId],
  );
  return rows.map((row) => ({
    id: row.id, organizationName: row.organization_name, address1: row.address1, city: row.city, state: row.state, zip: row.zip,
    requestedAt: new Date(row.requested_at).toISOString(), requestedBy: row.requested_by,
  }));
}

/** One certificate by id within the policy tenant rule: another tenant's answers like a missing one. */
export async function findVisibleCertificate(db: Queryable, caller: Caller, id: string): Promise<CertificateRow | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const visible = policyTenant(caller, params);
  const [row] = await db.query<CertificateRow>(
    `SELECT ${SELECT} FROM policy_certificates c JOIN policies p ON p.id = c.policy_id LEFT JOIN users u ON u.id = c.requested_by
     WHERE c.id = ${idParam} AND ${visible}`,
    params.values,
  );
  return row ?? null;
}
