import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import type { Caller } from '../../services.ts';
import { policyTenant } from './policy-repository.ts';

/** Whom a certificate names: a certificate holder typed in, or one of the account's additional insureds. */
export type CertificateKind = 'Certificate_Holder' | 'Additional_Insured';

export interface CertificateRow {
  id: string;
  policy_id: string;
  doc_type: CertificateKind;
  organization_name: string;
  address1: string;
  city: string;
  state: string | null;
  zip: string | null;
  requested_at: Date;
  requested_by: string | null;
}

const SELECT = `c.id, c.policy_id, c.doc_type, c.organization_name, c.address1, c.city, c.state, c.zip, c.requested_at,
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS requested_by`;

/** The certificates issued for a policy, newest first (the policy page's list). */
export async function policyCertificates(db: Queryable, policyId: string) {
  const rows = await db.query<CertificateRow>(
    `SELECT ${SELECT} FROM policy_certificates c LEFT JOIN users u ON u.id = c.requested_by WHERE c.policy_id = $1 ORDER BY c.requested_at DESC, c.id`,
    [policyId],
  );
  return rows.map((row) => ({
    id: row.id, docType: row.doc_type, organizationName: row.organization_name, address1: row.address1, city: row.city, state: row.state, zip: row.zip,
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

interface InsuredRow {
  id: string;
  business_name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string | null;
  zip_code: string;
}

/** The additional insureds of a policy's account a certificate may name (migration 166), by name. */
export function additionalInsuredsOf(db: Queryable, accountId: string): Promise<InsuredRow[]> {
  return db.query<InsuredRow>(
    `SELECT id, business_name, address1, address2, city, state, zip_code FROM account_additional_insureds WHERE account_id = $1 ORDER BY lower(business_name), id`,
    [accountId],
  );
}

/** One additional insured as the certificate dialog offers it: its name and where it is. */
export function toCertificateInsured(row: InsuredRow) {
  const place = [row.city, [row.state, row.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    id: row.id, businessName: row.business_name, address1: row.address1, address2: row.address2, city: row.city, state: row.state, zipCode: row.zip_code,
    label: `${row.business_name} (${place})`,
  };
}
