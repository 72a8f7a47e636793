import type { RatingResult } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import type { PolicyRow, QuoteRequestBody } from '../../lifecycle/index.ts';

/** The terms a policy has now and what the next endorsement starts from: its latest revision, or the bound quote. */
export interface PolicyTerms {
  revision: number;
  kind: 'ISSUE' | 'ENDORSEMENT' | 'REVERT' | 'NON_PREMIUM';
  aggLimit: number;
  deductible: number;
  /** Annual premium and the payer's annual total (taxes and fees in). */
  annualPremium: string;
  annualTotal: string;
  request: QuoteRequestBody;
}

interface RevisionRow {
  revision: number;
  kind: 'ENDORSEMENT' | 'REVERT' | 'NON_PREMIUM';
  reverts: number | null;
  endorsement_date: string;
  agg_limit: string;
  deductible: string;
  annual_premium: string;
  annual_total: string;
  premium_change: string;
  total_change: string;
  description: string | null;
  request_data: QuoteRequestBody;
  created_by_name: string | null;
  created_at: Date;
}

const REVISION_COLUMNS = `r.revision, r.kind, r.reverts, r.endorsement_date::text AS endorsement_date, r.agg_limit::text AS agg_limit,
  r.deductible::text AS deductible, r.annual_premium::text AS annual_premium, r.annual_total::text AS annual_total,
  r.premium_change::text AS premium_change, r.total_change::text AS total_change, r.description, r.request_data,
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS created_by_name, r.created_at`;

async function revisionsOf(db: Queryable, policyId: string): Promise<RevisionRow[]> {
  return db.query<RevisionRow>(
    `SELECT ${REVISION_COLUMNS} FROM policy_revisions r LEFT JOIN users u ON u.id = r.created_by WHERE r.policy_id = $1 ORDER BY r.revision`,
    [policyId],
  );
}

/** The policy as issued: the bound quote's terms and annual money (the quote does not change once bound). */
async function issuedTerms(db: Queryable, policy: PolicyRow): Promise<PolicyTerms & { issuedAt: Date; issuedBy: string | null }> {
  const [quote] = await db.query<{ agg_limit: string; deductible: string; premium: string; total_premium: string; request_data: QuoteRequestBody; by: string | null }>(
    `SELECT q.agg_limit::text AS agg_limit, q.deductible::text AS deductible, q.premium::text AS premium, q.total_premium::text AS total_premium,
       q.request_data, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS by
     FROM quotes q JOIN policies p ON p.quote_id = q.id LEFT JOIN users u ON u.id = p.issued_by WHERE q.id = $1`,
    [policy.quote_id],
  );
  return {
    revision: 0, kind: 'ISSUE', aggLimit: Number(quote!.agg_limit), deductible: Number(quote!.deductible),
    annualPremium: quote!.premium, annualTotal: quote!.total_premium, request: quote!.request_data,
    issuedAt: new Date(policy.issued_at), issuedBy: quote!.by,
  };
}

/** What the policy's terms are now: the latest revision's, or the issued ones. */
export async function currentTerms(db: Queryable, policy: PolicyRow): Promise<PolicyTerms> {
  const [latest] = await db.query<RevisionRow>(
    `SELECT ${REVISION_COLUMNS} FROM policy_revisions r LEFT JOIN users u ON u.id = r.created_by WHERE r.policy_id = $1 ORDER BY r.revision DESC LIMIT 1`,
    [policy.id],
  );
  if (!latest) return issuedTerms(db, policy);
  return {
    revision: latest.revision, kind: latest.kind, aggLimit: Number(latest.agg_limit), deductible: Number(latest.deductible),
    annualPremium: latest.annual_premium, annualTotal: latest.annual_total, request: latest.request_data,
  };
}

/** The terms a revision replaced: the revision before it, or the issued ones. */
export async function termsBefore(db: Queryable, policy: PolicyRow, revision: number): Promise<PolicyTerms> {
  const [row] = await db.query<RevisionRow>(
    `SELECT ${REVISION_COLUMNS} FROM policy_revisions r LEFT JOIN users u ON u.id = r.created_by WHERE r.policy_id = $1 AND r.revision = $2`,
    [policy.id, revision - 1],
  );
  if (!row) return issuedTerms(db, policy);
  return {
    revision: row.revision, kind: row.kind, aggLimit: Number(row.agg_limit), deductible: Number(row.deductible),
    annualPremium: row.annual_premium, annualTotal: row.annual_total, request: row.request_data,
  };
}

/** The change a revert undoes: the latest revision when it is an endorsement (a revert is not reverted). */
export async function revertibleEndorsement(db: Queryable, policyId: string): Promise<{ revision: number; endorsementDate: string; premiumChange: string; totalChange: string } | null> {
  const [latest] = await db.query<RevisionRow>(
    `SELECT ${REVISION_COLUMNS} FROM policy_revisions r LEFT JOIN users u ON u.id = r.created_by WHERE r.policy_id = $1 ORDER BY r.revision DESC LIMIT 1`,
    [policyId],
  );
  if (!latest || latest.kind !== 'ENDORSEMENT') return null;
  return { revision: latest.revision, endorsementDate: latest.endorsement_date, premiumChange: latest.premium_change, totalChange: latest.total_change };
}

export async function insertRevision(
  tx: Queryable,
  revision: {
    policyId: string; revision: number; kind: 'ENDORSEMENT' | 'REVERT' | 'NON_PREMIUM'; reverts?: number; endorsementDate: string; aggLimit: number; deductible: number;
    annualPremium: string; annualTotal: string; premiumChange: string; totalChange: string; description: string | null;
    request: QuoteRequestBody; rating: RatingResult | Record<string, unknown>; userId: string; at: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO policy_revisions (policy_id, revision, kind, reverts, endorsement_date, agg_limit, deductible, annual_premium, annual_total,
       premium_change, total_change, description, request_data, rating, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [revision.policyId, revision.revision, revision.kind, revision.reverts ?? null, revision.endorsementDate, revision.aggLimit, revision.deductible,
      revision.annualPremium, revision.annualTotal, revision.premiumChange, revision.totalChange, revision.description,
      JSON.stringify(revision.request), JSON.stringify(revision.rating), revision.userId, revision.at],
  );
}

/** The rating stored with a revision, for a revert that goes back to it. */
export async function ratingOfRevision(db: Queryable, policyId: string, revision: number): Promise<Record<string, unknown>> {
  if (revision === 0) {
    const [quote] = await db.query<{ rating: Record<string, unknown> }>('SELECT q.rating FROM quotes q JOIN policies p ON p.quote_id = q.id WHERE p.id = $1', [policyId]);
    return quote?.rating ?? {};
  }
  const [row] = await db.query<{ rating: Record<string, unknown> }>('SELECT rating FROM policy_revisions WHERE policy_id = $1 AND revision = $2', [policyId, revision]);
  return row?.rating ?? {};
}

const money = (value: string | number) => Number(value).toFixed(2);

const REVISION_LABELS: Record<RevisionRow['kind'], (row: RevisionRow) => string> = {
  ENDORSEMENT: (row) => `Endorsement ${row.revision}`,
  REVERT: (row) => `Reverts endorsement ${row.reverts}`,
  NON_PREMIUM: (row) => `Non-premium endorsement ${row.revision}`,
};

/** The policy's revisions for its page, the issued terms first; the latest endorsement is the one a revert undoes. */
export async function revisionList(db: Queryable, policy: PolicyRow) {
  const issued = await issuedTerms(db, policy);
  const rows = await revisionsOf(db, policy.id);
  const latest = rows.at(-1);
  return [
    {
      policyId: policy.id, revision: 0, kind: 'ISSUE', label: 'As issued', reverts: null, endorsementDate: policy.effective_date,
      aggLimit: issued.aggLimit, deductible: issued.deductible, annualPremium: money(issued.annualPremium), annualTotal: money(issued.annualTotal),
      premiumChange: '0.00', totalChange: '0.00', description: null, by: issued.issuedBy, created: issued.issuedAt.toISOString(),
      currency: policy.currency, revertible: false,
    },
    ...rows.map((row) => ({
      policyId: policy.id, revision: row.revision, kind: row.kind,
      label: REVISION_LABELS[row.kind](row),
      reverts: row.reverts, endorsementDate: row.endorsement_date, aggLimit: Number(row.agg_limit), deductible: Number(row.deductible),
      annualPremium: money(row.annual_premium), annualTotal: money(row.annual_total), premiumChange: money(row.premium_change),
      totalChange: money(row.total_change), description: row.description, by: row.created_by_name, created: new Date(row.created_at).toISOString(),
      currency: policy.currency, revertible: row === latest && row.kind === 'ENDORSEMENT',
    })),
  ];
}
